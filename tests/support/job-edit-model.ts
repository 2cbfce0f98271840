import { fromPromise } from 'xstate';
import { jobEditMachine } from '../../machines/job-edit.machine';
import { SLOT_TAKEN_MESSAGE } from '../../domain/capacity/availability-text';
import type { JobEditPreview, JobEditState, OrderDetail } from '../../openapi/schema';

/**
 * The job edit machine's model (machines/job-edit.machine.ts), shared by the unit walk
 * (tests/machines/job-edit.machine.test.ts) and the browser walk (tests/e2e/job-edit-paths.spec.ts).
 * Actors never settle: each path delivers the done and error events itself. Where each event leads
 * is the hand-written TABLE (issue 26 item 1, decision 055), not the machine.
 */
export const JOB: JobEditState = {
  order_id: 7, version: 2, service: 1, items: [{ id: 1, quantity: 2 }], extras: [], due_date: '2027-05-10', due_time: '10:00', team_id: 1, duration_minutes: 120, postcode: 'NW1 6XE', total: 50,
};
export const EDIT = { items: [{ id: 1, quantity: 3 }], extras: [], due_date: '2027-05-11', due_time: '11:00', team_id: 2 };
export const PREVIEW: JobEditPreview = { lines: [], previousTotal: 50, total: 75, difference: 25, duration_minutes: 150 };
export const SAVED = { order_id: 7, total: 75 } as unknown as OrderDetail;
/** Errors as the client throws them (src/api/errors.ts); the status tells them apart for xstate/graph, which keys events by their JSON. */
const refusal = (status: number, message: string) => Object.assign(new Error(message), { status, text: message });

export const EVENTS = [
  { type: 'xstate.done.actor.loadJob', output: JOB },
  { type: 'xstate.error.actor.loadJob', error: refusal(0, 'Network Error') },
  { type: 'edit.change', edit: EDIT },
  { type: 'edit.change', edit: { ...EDIT, items: [{ id: 1, quantity: 0 }] } },
  { type: 'edit.preview' },
  { type: 'xstate.done.actor.previewEdit', output: PREVIEW },
  { type: 'xstate.error.actor.previewEdit', error: refusal(409, SLOT_TAKEN_MESSAGE) },
  { type: 'xstate.error.actor.previewEdit', error: refusal(400, 'Nothing changed: edit the items, the time or the team first') },
  { type: 'edit.save', reason: 'Customer asked' },
  { type: 'edit.save', reason: '  ' },
  { type: 'xstate.done.actor.saveEdit', output: SAVED },
  { type: 'xstate.error.actor.saveEdit', error: refusal(409, SLOT_TAKEN_MESSAGE) },
  { type: 'xstate.error.actor.saveEdit', error: refusal(409, 'This job was changed by someone else while you edited it: please check it and edit again') },
  { type: 'edit.back' },
  { type: 'edit.retime' },
  { type: 'edit.retry' },
  { type: 'edit.restart' },
] as const;

/** Where each accepted event leads, written from the brief (issue 26 item 1); anything else stays put. */
export const TABLE: Record<string, Record<string, string>> = {
  loading: { 'xstate.done.actor.loadJob': 'editing', 'xstate.error.actor.loadJob': 'failed' },
  editing: { 'edit.change': 'editing', 'edit.preview': 'previewing' },
  previewing: { 'xstate.done.actor.previewEdit': 'confirming', 'xstate.error.actor.previewEdit': 'editing' },
  confirming: { 'edit.save': 'saving', 'edit.back': 'editing' },
  saving: { 'xstate.done.actor.saveEdit': 'saved', 'xstate.error.actor.saveEdit': 'failed' },
  taken: { 'edit.retime': 'editing' },
  failed: { 'edit.retry': 'loading', 'edit.back': 'editing' },
  saved: { 'edit.restart': 'loading' },
};
/** A taken time, from the preview or the save, is its own state: Choose another time. */
export const TAKEN = new Set<unknown>([EVENTS[6], EVENTS[11]]);
/** Refused by a guard: a quantity of 0, a blank reason. */
export const REFUSED = new Set<unknown>([EVENTS[3], EVENTS[9]]);

/** Where the table says `event` leads from `at`; `hasJob`: a job was loaded (Back from a failed load has nothing to go back to). */
export const expectedAfter = (at: string, event: { type: string }, hasJob: boolean) =>
  REFUSED.has(event) || (event.type === 'edit.back' && at === 'failed' && !hasJob)
    ? at
    : TAKEN.has(event) && (at === 'previewing' || at === 'saving') ? 'taken' : TABLE[at]?.[event.type] ?? at;

// The model's actors never answer by themselves: the paths say when they succeed or fail.
export const model = jobEditMachine.provide({
  actors: {
    loadJob: fromPromise(() => new Promise<JobEditState>(() => {})),
    previewEdit: fromPromise(() => new Promise<JobEditPreview>(() => {})),
    saveEdit: fromPromise(() => new Promise<OrderDetail>(() => {})),
  },
});
