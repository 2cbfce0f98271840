import { assign, fromPromise, setup } from 'xstate';
import type { ClosureVisit } from '../openapi/schema';

/**
 * Taking days out of the week with the booked visits in view (issue 26 item 5, decisions 048 and
 * 057): staff choose the days (a company closure on /settings, a team's time off on /teams), the
 * dialog lists the visits booked then — customer, UK time, team, total, and for time off where each
 * goes — and says their customers will be mailed; Confirm applies it and says how many were mailed
 * (and moved). A failure, listing or applying, shows its message; Try again lists afresh, since the
 * visits may have changed. Each screen provides `listVisits` and `applyDays` (src/api).
 */
export interface DaysOff {
  /** UK days, YYYY-MM-DD, inclusive (a closure: one day, from = to). */
  from: string;
  to: string;
  reason: string;
}

export interface ClosureContext {
  days: DaysOff;
  visits: ClosureVisit[];
  /** After applying: how many customers were mailed a link, and how many visits went to another team. */
  mailed: number;
  moved: number;
  error: string | null;
}

export type ClosureEvent =
  | { type: 'days.review'; days: DaysOff }
  | { type: 'closure.confirm' }
  | { type: 'closure.retry' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.done' };

/** What the screen shows in each state (checked in Chromium by tests/e2e/closure-paths.spec.ts). */
export interface ClosureMeta {
  shows: string;
  /** Which dialog is open: none, the list with Confirm, the outcome, or the error with Try again. */
  dialog: null | 'list' | 'done' | 'failed';
  /** Waiting for the server: the dialog's buttons are disabled or it shows a spinner. */
  busy?: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const nothing: DaysOff = { from: '', to: '', reason: '' };
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Network Error');
/** A closure's visits have no `moved_to`; a time off's visit with a team went there, the rest were mailed. */
const isMoved = (visit: ClosureVisit) => typeof visit.moved_to === 'string';

export const closureMachine = setup({
  types: {} as { context: ClosureContext; events: ClosureEvent; meta: ClosureMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    listVisits: fromPromise<ClosureVisit[], DaysOff>(async () => {
      throw new Error('provide a listVisits actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    applyDays: fromPromise<ClosureVisit[], DaysOff>(async () => {
      throw new Error('provide an applyDays actor');
    }),
  },
  actions: {
    keepDays: assign(({ event }) => (event.type === 'days.review' ? { days: { ...event.days, reason: event.days.reason.trim() }, visits: [], error: null } : {})),
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    forget: assign({ days: nothing, visits: [], mailed: 0, moved: 0, error: null }),
    // Provided by the screen: reloading its list of closures or teams once the days are taken out,
    // and what Done does after (the time-off dialog closes).
    reload: () => {},
    finish: () => {},
  },
  guards: {
    // Stryker disable next-line ConditionalExpression: equivalent, this guard only runs on that event
    isDays: ({ event }) => event.type === 'days.review' && DATE.test(event.days.from) && DATE.test(event.days.to) && event.days.from <= event.days.to,
  },
}).createMachine({
  id: 'closure',
  context: { days: nothing, visits: [], mailed: 0, moved: 0, error: null },
  initial: 'choosing',
  states: {
    choosing: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths spec
      meta: { shows: 'the form to choose the days, no dialog', dialog: null },
      on: { 'days.review': { guard: 'isDays', target: 'listing', actions: 'keepDays' } },
    },
    listing: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths spec
      meta: { shows: 'the dialog loading the visits of those days', dialog: 'list', busy: true },
      invoke: {
        id: 'listVisits',
        src: 'listVisits',
        input: ({ context }) => context.days,
        onDone: { target: 'confirming', actions: assign({ visits: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Nothing has changed yet: Cancel leaves the days and the visits as they were.
    confirming: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths spec
      meta: { shows: 'the dialog listing the visits (or none) and who will be mailed, with Confirm and Cancel', dialog: 'list' },
      on: { 'closure.confirm': { target: 'closing' }, 'dialog.cancel': { target: 'choosing', actions: 'forget' } },
    },
    // The dialog cannot be dismissed mid-request, so the outcome is always seen.
    closing: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths spec
      meta: { shows: 'the dialog with Confirm pending', dialog: 'list', busy: true },
      invoke: {
        id: 'applyDays',
        src: 'applyDays',
        input: ({ context }) => context.days,
        onDone: {
          target: 'closed',
          actions: [
            assign(({ event }) => ({
              visits: event.output,
              mailed: event.output.filter((visit) => !isMoved(visit)).length,
              moved: event.output.filter(isMoved).length,
            })),
            'reload',
          ],
        },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    closed: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths spec
      meta: { shows: 'the dialog saying the days are out and how many customers were mailed', dialog: 'done' },
      on: { 'dialog.done': { target: 'choosing', actions: ['forget', 'finish'] } },
    },
    failed: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths spec
      meta: { shows: 'the dialog with the error in an alert, Try again and Cancel', dialog: 'failed' },
      on: { 'closure.retry': { target: 'listing', actions: assign({ error: null }) }, 'dialog.cancel': { target: 'choosing', actions: 'forget' } },
    },
  },
});
