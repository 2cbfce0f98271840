import { fromPromise } from 'xstate';
import type { JobMove, Schedule, ScheduleJob } from '../../openapi/schema';
import type { AssignmentCall } from '../../machines/schedule-assignment.machine';
import { api } from './client';
import { unwrap } from './errors';


/** GET /admin/schedule: the teams and the placed jobs of `days` UK days from `from`. */
export function getSchedule({ from, days }: { from: string; days: number }): Promise<Schedule> {
  return unwrap(api.GET('/admin/schedule', { params: { query: { from, days } } }));
}

/** PUT /admin/schedule/jobs/{id}/team: 409 with "Team B is already booked 10:00–12:00" on a clash. */
export function assignJob({ id, team }: AssignmentCall, signal?: AbortSignal): Promise<ScheduleJob> {
  return unwrap(api.PUT('/admin/schedule/jobs/{id}/team', { params: { path: { id } }, body: { team }, signal }));
}

/** The `assignJob` actor the schedule-assignment machine invokes. */
export const assignJobActor = fromPromise<ScheduleJob, AssignmentCall>(({ input, signal }) => assignJob(input, signal));

/** PUT /admin/schedule/jobs/{id}/time: a new UK date and time, no fee. */
export function moveJob({ id, ...move }: JobMove & { id: number }): Promise<ScheduleJob> {
  return unwrap(api.PUT('/admin/schedule/jobs/{id}/time', { params: { path: { id } }, body: move }));
}
