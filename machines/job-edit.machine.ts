import { assign, fromPromise, setup } from 'xstate';
import type { JobEdit, JobEditPreview, JobEditSave, JobEditState, OrderDetail } from '../openapi/schema';
import { SLOT_TAKEN_MESSAGE } from '../domain/capacity/availability-text';

/**
 * Staff edit a booked job's items, time or team (issue 26 item 1, decision 055): the job is loaded,
 * edited, its price difference previewed by the server (the one pricing rule), confirmed with a
 * reason and saved. A time that is no longer free (the preview's or the save's 409) is `taken`,
 * with Choose another time; any other refusal is `failed` with its message (an edit from an older
 * version: Start again reloads the job). The screen provides `loadJob`, `previewEdit` and
 * `saveEdit` (src/api/job-edits.ts).
 */
export type JobEditChange = Omit<JobEdit, 'version'>;

export interface JobEditContext {
  orderId: number;
  job: JobEditState | null;
  /** The edit being made: starts as the job as it stands. */
  edit: JobEditChange | null;
  preview: JobEditPreview | null;
  saved: OrderDetail | null;
  error: string | null;
}

export type JobEditEvent =
  | { type: 'edit.change'; edit: JobEditChange }
  | { type: 'edit.preview' }
  | { type: 'edit.save'; reason: string }
  | { type: 'edit.back' }
  | { type: 'edit.retime' }
  | { type: 'edit.retry' }
  | { type: 'edit.restart' };

/** What the screen shows in each state (tests/e2e/job-edit.spec.ts checks them in Chromium). */
export interface JobEditMeta {
  shows: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Network Error');
const initial = (orderId: number): JobEditContext => ({ orderId, job: null, edit: null, preview: null, saved: null, error: null });
const editOf = (job: JobEditState): JobEditChange => ({ items: job.items, extras: job.extras, due_date: job.due_date, due_time: job.due_time, team_id: job.team_id });

export const jobEditMachine = setup({
  types: {} as { context: JobEditContext; events: JobEditEvent; input: { orderId: number }; meta: JobEditMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    loadJob: fromPromise<JobEditState, { orderId: number }>(async () => {
      throw new Error('provide a loadJob actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    previewEdit: fromPromise<JobEditPreview, { orderId: number; edit: JobEdit }>(async () => {
      throw new Error('provide a previewEdit actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    saveEdit: fromPromise<OrderDetail, { orderId: number; edit: JobEditSave }>(async () => {
      throw new Error('provide a saveEdit actor');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    keepError: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
  },
  guards: {
    isTaken: ({ event }) => 'error' in event && messageOf(event.error) === SLOT_TAKEN_MESSAGE,
    hasItems: ({ event }) => event.type === 'edit.change' && event.edit.items.length > 0 && event.edit.items.every((item) => item.quantity > 0),
    hasTime: ({ context }) => context.edit !== null && context.edit.due_date !== '' && context.edit.due_time !== '',
    hasReason: ({ event }) => event.type === 'edit.save' && event.reason.trim().length >= 3,
    hasJob: ({ context }) => context.job !== null,
  },
}).createMachine({
  id: 'jobEdit',
  context: ({ input }) => initial(input.orderId),
  initial: 'loading',
  states: {
    loading: {
      meta: { shows: 'the job being loaded' },
      invoke: {
        id: 'loadJob',
        src: 'loadJob',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'editing', actions: assign({ job: ({ event }) => event.output, edit: ({ event }) => editOf(event.output), preview: null, error: null }) },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    editing: {
      meta: { shows: 'the items and extras, the date and free times, the team, with Show the price difference' },
      on: {
        'edit.change': { guard: 'hasItems', actions: ['clearError', assign({ edit: ({ event }) => event.edit })] },
        'edit.preview': { guard: 'hasTime', target: 'previewing', actions: 'clearError' },
      },
    },
    // The server prices the edit and checks the time: nothing is written yet.
    previewing: {
      meta: { shows: 'the edit, busy' },
      invoke: {
        id: 'previewEdit',
        src: 'previewEdit',
        input: ({ context }) => ({ orderId: context.orderId, edit: { version: context.job!.version, ...context.edit! } }),
        onDone: { target: 'confirming', actions: assign({ preview: ({ event }) => event.output }) },
        onError: [
          { guard: 'isTaken', target: 'taken', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          { target: 'editing', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    confirming: {
      meta: { shows: 'the price difference line by line, the totals before and after, a Reason field, with Save and Back' },
      on: {
        'edit.save': { guard: 'hasReason', target: 'saving' },
        'edit.back': { target: 'editing', actions: assign({ preview: null }) },
      },
    },
    saving: {
      meta: { shows: 'the confirmation, busy' },
      invoke: {
        id: 'saveEdit',
        src: 'saveEdit',
        input: ({ context, event }) => ({
          orderId: context.orderId,
          edit: { version: context.job!.version, ...context.edit!, reason: event.type === 'edit.save' ? event.reason.trim() : '' },
        }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: [
          { guard: 'isTaken', target: 'taken', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // The time went to another job meanwhile: choose another (the rest of the edit is kept).
    taken: {
      meta: { shows: '"That time was just taken" with Choose another time' },
      on: { 'edit.retime': { target: 'editing', actions: ['clearError', assign({ preview: null })] } },
    },
    // Refused (the job changed meanwhile, or the network): the message, with Start again and Back.
    failed: {
      meta: { shows: "the error's message with Start again (the job reloaded) and Back to the edit" },
      on: {
        'edit.retry': { target: 'loading', actions: 'clearError' },
        'edit.back': { guard: 'hasJob', target: 'editing', actions: ['clearError', assign({ preview: null })] },
      },
    },
    saved: {
      meta: { shows: 'the new total with Edit again' },
      on: { 'edit.restart': { target: 'loading', actions: assign(({ context }) => initial(context.orderId)) } },
    },
  },
});
