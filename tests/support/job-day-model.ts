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

/**
 * The job starts at 09:00 on 2027-03-25 (UK time is UTC that day). Its steps' window (decision 073):
 * On my way from 07:00, check in and check out from 08:00. The card is first shown at 00:36 (the
 * issue's press); the page's clock then reaches 07:30 (On my way only) and 09:00 (every step).
 */
export const JOB_START = '2027-03-25T09:00:00.000Z';
export const TOO_EARLY = Date.parse('2027-03-25T00:36:00.000Z');
export const ON_MY_WAY_OPENS = Date.parse('2027-03-25T07:00:00.000Z');
export const CHECK_IN_OPENS = Date.parse('2027-03-25T08:00:00.000Z');
/** The card shown while every step is open. */
export const DURING_THE_JOB = { start: JOB_START, now: Date.parse(JOB_START) };

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
  { type: 'xstate.error.actor.recordStep', error: new Error('Too early: Check in opens at 2027-03-25 08:00 (UK time), 1 hour before the job starts') },
  { type: 'clock.tick', now: Date.parse('2027-03-25T07:30:00.000Z') },
  { type: 'clock.tick', now: Date.parse(JOB_START) },
] as const;

// The model's actor never answers by itself: the paths say when it succeeds or fails.
export const jobDayModel = jobDayMachine.provide({ actors: { recordStep: fromPromise(() => new Promise(() => {})) } });
