import { fromPromise } from 'xstate';
import type { JobVisit } from '../../openapi/schema';
import { jobDayMachine } from '../../machines/job-day.machine';
import { MAX_PHOTO_BYTES } from '../../domain/photos/check-out-photo';

/** A photo the phone could send, and one just over the limit (decision 061). */
export const A_PHOTO = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
export const TOO_BIG_PHOTO = new Blob([new Uint8Array(MAX_PHOTO_BYTES + 1)], { type: 'image/jpeg' });

/** The job's day as the server records it: nothing yet, then each step in turn. */
export const NOTHING_YET: JobVisit = { on_my_way_at: null, checked_in_at: null, checked_out_at: null, checklist_done: [] };
export const ON_THE_WAY: JobVisit = { ...NOTHING_YET, on_my_way_at: '2027-03-25T08:40:00.000Z' };
export const CHECKED_IN: JobVisit = { ...ON_THE_WAY, checked_in_at: '2027-03-25T09:03:00.000Z' };
export const CHECKED_OUT: JobVisit = { ...CHECKED_IN, checked_out_at: '2027-03-25T11:30:00.000Z', checklist_done: ['Bins emptied'] };

/** Every event of the job's day (machines/job-day.machine.ts), with both answers of its one actor. */
export const JOB_DAY_EVENTS = [
  { type: 'job.onMyWay' },
  { type: 'job.checkIn' },
  { type: 'job.checkOut' },
  { type: 'checklist.toggle', label: 'Bins emptied' },
  { type: 'consent.toggle' },
  { type: 'photo.attach', photo: A_PHOTO },
  { type: 'photo.attach', photo: TOO_BIG_PHOTO },
  { type: 'photo.remove' },
  { type: 'xstate.done.actor.recordStep', output: ON_THE_WAY },
  { type: 'xstate.error.actor.recordStep', error: new Error('This job is on 2027-03-26: its steps are recorded on that day') },
] as const;

// The model's actor never answers by itself: the paths say when it succeeds or fails.
export const jobDayModel = jobDayMachine.provide({ actors: { recordStep: fromPromise(() => new Promise(() => {})) } });
