import type { Cleaner, CleanerJob, CleanerJobs, JobProgress, NewCleaner } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';
import { base64Of } from './base64';

/** GET /admin/cleaners: every cleaner with their team. */
export function listCleaners(): Promise<Cleaner[]> {
  return unwrap(api.GET('/admin/cleaners'));
}

/** POST /admin/cleaners: the cleaner, invited by mail; 409 when the address has an account. */
export function createCleaner(cleaner: NewCleaner): Promise<Cleaner> {
  return unwrap(api.POST('/admin/cleaners', { body: cleaner }));
}

/** GET /cleaner/jobs: the signed-in cleaner's team's jobs, today and the week. */
export function listMyJobs(): Promise<CleanerJobs> {
  return unwrap(api.GET('/cleaner/jobs'));
}

/**
 * POST /cleaner/jobs/{id}/progress: on my way, check in or check out; the job as it now is. The
 * check-out's photo is given as the phone's file and sent as the contract's base64.
 */
export async function recordJobProgress(id: number, progress: Omit<JobProgress, 'photo'> & { photo?: Blob | null }): Promise<CleanerJob> {
  const { photo, ...step } = progress;
  const body: JobProgress = photo ? { ...step, photo: await base64Of(photo) } : step;
  return unwrap(api.POST('/cleaner/jobs/{id}/progress', { params: { path: { id } }, body }));
}

/** PUT /admin/cleaners/{id}: the cleaner in another (active) team; their next request sees its jobs. */
export function moveCleaner({ id, team }: { id: number; team: number }): Promise<Cleaner> {
  return unwrap(api.PUT('/admin/cleaners/{id}', { params: { path: { id } }, body: { team } }));
}

/** DELETE /admin/cleaners/{id}: the cleaner's account ends at once (decision 058). */
export async function removeCleaner(id: number): Promise<void> {
  await unwrap(api.DELETE('/admin/cleaners/{id}', { params: { path: { id } } }));
}
