import { assign, fromPromise, setup } from 'xstate';
import type { JobProgress, JobVisit } from '../openapi/schema';
import { MAX_PHOTO_BYTES, PHOTO_TOO_BIG } from '../domain/photos/check-out-photo';
import { jobStepOpen, type JobStep } from '../domain/jobs/job-step-window';

/**
 * A cleaner's job on its day (issue 26 item 2; docs/decisions/040): assigned → on my way → checked
 * in → done. "On my way" is optional (a team already at the door checks in); check-out needs a
 * check-in and sends the checklist's ticks. Each step is one call (`recordStep`, provided by the
 * page: it adds the browser's location only when consent is ticked); while it runs the buttons are
 * busy, and a refusal keeps the job where it was with the server's message. The job starts where
 * the server's `visit` says, so a reload or a second phone of the team picks up the same day.
 * While checked in, one optional photo can be attached (decision 061) and goes with the check-out;
 * one over 5 MB is refused here at once (not sent over a phone's data), its type by the server.
 * A step is taken only inside its window around the job's start (domain/jobs/job-step-window.ts,
 * decision 073): before it the press is not sent, and the page shows from when the button works;
 * the page's clock (`clock.tick`, every 30 seconds) opens it.
 */
export interface JobDayInput {
  visit: JobVisit;
  /** The job's start (ISO). */
  start: string;
  /** The page's clock when the card was shown (ms). */
  now: number;
}

export interface JobDayContext {
  visit: JobVisit;
  start: string;
  /** The page's clock (ms), moved by `clock.tick`. */
  now: number;
  consent: boolean;
  checklist: string[];
  /** The photo to send with the check-out (a File from the phone's camera or gallery). */
  photo: Blob | null;
  error: string | null;
}

export type JobDayEvent =
  | { type: 'job.onMyWay' }
  | { type: 'job.checkIn' }
  | { type: 'job.checkOut' }
  | { type: 'checklist.toggle'; label: string }
  | { type: 'consent.toggle' }
  | { type: 'photo.attach'; photo: Blob }
  | { type: 'photo.remove' }
  | { type: 'clock.tick'; now: number };

export interface RecordStepInput {
  step: JobProgress['step'];
  consent: boolean;
  checklist: string[];
  /** Only with check_out: the attached photo, if any. */
  photo: Blob | null;
}

/** What the job's card shows in each state (checked in Chromium by tests/e2e/cleaners.spec.ts). */
export interface JobDayMeta {
  shows: string;
  /** The step buttons on the card. */
  buttons: Array<'On my way' | 'Check in' | 'Check out'>;
  busy: boolean;
}

export const jobDayMachine = setup({
  types: {} as { context: JobDayContext; events: JobDayEvent; input: JobDayInput; meta: JobDayMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the page always provides this actor
    recordStep: fromPromise<JobVisit, RecordStepInput>(async () => {
      // Stryker disable next-line all: a placeholder; the page always provides this actor
      throw new Error('provide a recordStep actor');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    keepVisit: assign({ visit: (_, params: { visit: JobVisit }) => params.visit }),
    keepError: assign({ error: (_, params: { error: unknown }) => (params.error instanceof Error ? params.error.message : 'Network Error') }),
    toggleConsent: assign({ consent: ({ context }) => !context.consent }),
    // One over the limit is not kept: the cleaner hears it at once instead of after the upload.
    attachPhoto: assign(({ event }) => {
      const photo = event.type === 'photo.attach' ? event.photo : null;
      return photo && photo.size > MAX_PHOTO_BYTES ? { photo: null, error: PHOTO_TOO_BIG } : { photo, error: null };
    }),
    removePhoto: assign({ photo: null }),
    keepNow: assign({ now: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now) }),
    toggleItem: assign({
      checklist: ({ context, event }) => {
        if (event.type !== 'checklist.toggle') return context.checklist;
        return context.checklist.includes(event.label) ? context.checklist.filter((label) => label !== event.label) : [...context.checklist, event.label];
      },
    }),
  },
  guards: {
    checkedOut: ({ context }) => context.visit.checked_out_at !== null,
    checkedIn: ({ context }) => context.visit.checked_in_at !== null,
    onTheWay: ({ context }) => context.visit.on_my_way_at !== null,
    stepOpen: ({ context }, params: { step: JobStep }) => jobStepOpen(params.step, new Date(context.start), new Date(context.now)),
  },
}).createMachine({
  id: 'jobDay',
  context: ({ input }) => ({ visit: input.visit, start: input.start, now: input.now, consent: false, checklist: [...input.visit.checklist_done], photo: null, error: null }),
  initial: 'assigned',
  on: { 'consent.toggle': { actions: 'toggleConsent' }, 'clock.tick': { actions: 'keepNow' } },
  states: {
    // Also where the server's record of the day is read: a job already under way moves on at once.
    assigned: {
      meta: { shows: 'the job with On my way and Check in', buttons: ['On my way', 'Check in'], busy: false },
      always: [
        { guard: 'checkedOut', target: 'done' },
        { guard: 'checkedIn', target: 'checkedIn' },
        { guard: 'onTheWay', target: 'onMyWay' },
      ],
      on: {
        'job.onMyWay': { guard: { type: 'stepOpen', params: { step: 'on_my_way' } }, target: 'sendingOnMyWay', actions: 'clearError' },
        'job.checkIn': { guard: { type: 'stepOpen', params: { step: 'check_in' } }, target: 'checkingIn', actions: 'clearError' },
      },
    },
    sendingOnMyWay: {
      meta: { shows: 'On my way busy', buttons: ['On my way', 'Check in'], busy: true },
      invoke: {
        id: 'recordStep',
        src: 'recordStep',
        input: ({ context }) => ({ step: 'on_my_way', consent: context.consent, checklist: [], photo: null }),
        onDone: { target: 'onMyWay', actions: { type: 'keepVisit', params: ({ event }) => ({ visit: event.output }) } },
        onError: { target: 'assigned', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    onMyWay: {
      meta: { shows: '"On my way" sent, with Check in', buttons: ['Check in'], busy: false },
      on: { 'job.checkIn': { guard: { type: 'stepOpen', params: { step: 'check_in' } }, target: 'checkingIn', actions: 'clearError' } },
    },
    checkingIn: {
      meta: { shows: 'Check in busy', buttons: ['Check in'], busy: true },
      invoke: {
        id: 'recordStep',
        src: 'recordStep',
        input: ({ context }) => ({ step: 'check_in', consent: context.consent, checklist: [], photo: null }),
        onDone: { target: 'checkedIn', actions: { type: 'keepVisit', params: ({ event }) => ({ visit: event.output }) } },
        // Back to where the record was: assigned moves on to on my way when it was sent.
        onError: { target: 'assigned', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checkedIn: {
      meta: { shows: 'the check-in time, the checklist and Check out', buttons: ['Check out'], busy: false },
      on: {
        'checklist.toggle': { actions: 'toggleItem' },
        'photo.attach': { actions: 'attachPhoto' },
        'photo.remove': { actions: 'removePhoto' },
        'job.checkOut': { guard: { type: 'stepOpen', params: { step: 'check_out' } }, target: 'checkingOut', actions: 'clearError' },
      },
    },
    checkingOut: {
      meta: { shows: 'Check out busy', buttons: ['Check out'], busy: true },
      invoke: {
        id: 'recordStep',
        src: 'recordStep',
        input: ({ context }) => ({ step: 'check_out', consent: context.consent, checklist: context.checklist, photo: context.photo }),
        onDone: { target: 'done', actions: { type: 'keepVisit', params: ({ event }) => ({ visit: event.output }) } },
        onError: { target: 'checkedIn', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      meta: { shows: 'Done with the check-in and check-out times', buttons: [], busy: false },
      type: 'final',
    },
  },
});
