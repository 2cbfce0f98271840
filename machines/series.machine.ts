import { assign, fromPromise, setup } from 'xstate';
import { toPence, toPounds } from '../domain/money/money';
import type { BookingSeries, MyOrder, SeriesActionResult } from '../openapi/schema';

/**
 * Managing a recurring series on My orders (decisions 021 and 031): the customer chooses an action
 * — "Skip" on one visit, or "End the series" — a dialog states the terms (free, or the fee a single
 * cancellation would cost) and asks to confirm; "Undo" on a skipped visit needs no confirmation
 * (it takes nothing away) and saves at once. Saving calls the server; done toasts and reloads My
 * orders (named actions the screen provides); a failure shows its message in the dialog with Try again.
 */
export type SeriesVisit = MyOrder;
export type SeriesAction = 'skip' | 'cancel' | 'undo';
export interface SeriesCall {
  action: SeriesAction;
  /** The visit's order id (skip, undo) or the series id (cancel). */
  id: number;
}

export interface SeriesContext {
  action: SeriesAction | null;
  id: number | null;
  /** What the terms give now (0 = free): the visit's fee, or all future visits' together. */
  fee: number;
  /** The visits the action cancels. */
  visits: number;
  error: string | null;
}

export type SeriesEvent =
  | { type: 'visit.skip'; visit: Pick<SeriesVisit, 'id' | 'cancellation'> }
  | { type: 'visit.undo'; visit: Pick<SeriesVisit, 'id' | 'skipped'> }
  | { type: 'series.cancel'; series: Pick<BookingSeries, 'id' | 'active' | 'visits'> }
  | { type: 'action.confirm' }
  | { type: 'dialog.close' }
  | { type: 'retry' };

/** What My orders shows in each state. */
export interface SeriesMeta {
  shows: string;
  dialog: boolean;
  alert?: boolean;
  /** The dialog's submit button: the action it does by name (decision 076), or Try again. */
  submit?: 'the action' | 'Try again';
  busy?: boolean;
}

/**
 * The name of the dialog's submit button for each action: it says what it does, never a bare
 * "Confirm" (WAI-ARIA alert dialog pattern, decision 076). A failed Undo offers Try again.
 */
export const SERIES_ACTION_BUTTONS = { skip: 'Skip the visit', cancel: 'End the series', undo: 'Try again' } as const;

const idleContext: SeriesContext = { action: null, id: null, fee: 0, visits: 0, error: null };

/** The visits "Cancel all future visits" would cancel: those the terms still allow. */
export function cancellableVisits(series: Pick<BookingSeries, 'visits'>): SeriesVisit[] {
  return series.visits.filter((visit) => visit.cancellation.allowed);
}

/**
 * Whether skipping this visit leaves none to come, so the skip ends the series (decision 060): it is
 * the only visit the terms still let go. The server decides by the same rule (series-skip.ts).
 */
export function skipEndsSeries(series: Pick<BookingSeries, 'active' | 'visits'>, visitId: number): boolean {
  const left = cancellableVisits(series);
  return series.active && left.length === 1 && left[0]!.id === visitId;
}

const choose = {
  'visit.skip': { guard: 'isSkippable', target: 'confirming', actions: 'chooseSkip' },
  'visit.undo': { guard: 'isSkipped', target: 'undoing', actions: 'chooseUndo' },
  'series.cancel': { guard: 'isCancellable', target: 'confirming', actions: 'chooseCancel' },
} as const;

export const seriesMachine = setup({
  types: {} as { context: SeriesContext; events: SeriesEvent; meta: SeriesMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    manageSeries: fromPromise<SeriesActionResult, SeriesCall>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a manageSeries actor');
    }),
  },
  actions: {
    chooseSkip: assign(({ event }) =>
      event.type === 'visit.skip' ? { ...idleContext, action: 'skip' as const, id: event.visit.id, fee: event.visit.cancellation.fee, visits: 1 } : {},
    ),
    chooseUndo: assign(({ event }) => (event.type === 'visit.undo' ? { ...idleContext, action: 'undo' as const, id: event.visit.id, visits: 1 } : {})),
    chooseCancel: assign(({ event }) => {
      if (event.type !== 'series.cancel') return {};
      const visits = cancellableVisits(event.series);
      // Summed in pence, as money is everywhere else.
      const fee = toPounds(visits.reduce((sum, visit) => sum + toPence(visit.cancellation.fee), 0));
      return { ...idleContext, action: 'cancel' as const, id: event.series.id, fee, visits: visits.length };
    }),
    reset: assign(idleContext),
    keepError: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
    // Provided by the screen: the success toast and reloading My orders.
    notifyDone: () => {},
    reloadOrders: () => {},
  },
  guards: {
    // The server's terms say whether the visit can still be cancelled (not once it started, etc.).
    isSkippable: ({ event }) => event.type === 'visit.skip' && event.visit.cancellation.allowed,
    isCancellable: ({ event }) => event.type === 'series.cancel' && event.series.active,
    // Only a skipped visit comes back; the server says whether its time is still free.
    isSkipped: ({ event }) => event.type === 'visit.undo' && event.visit.skipped === true,
  },
}).createMachine({
  id: 'series',
  context: idleContext,
  initial: 'idle',
  states: {
    // Choosing an action: the series and their buttons.
    idle: {
      meta: { shows: 'My orders with the series and no dialog', dialog: false },
      on: choose,
    },
    confirming: {
      meta: { shows: 'the dialog with the terms, Close focused, and the action named on its button', dialog: true, alert: false, submit: 'the action' },
      on: {
        'action.confirm': { target: 'saving' },
        'dialog.close': { target: 'idle', actions: 'reset' },
      },
    },
    // Undo saves at once, from the card: no dialog unless it fails.
    undoing: {
      meta: { shows: 'the visit card with its Undo button pending', dialog: false, busy: true },
      invoke: {
        id: 'manageSeries',
        src: 'manageSeries',
        input: ({ context }) => ({ action: 'undo' as const, id: context.id ?? 0 }),
        onDone: { target: 'done', actions: ['notifyDone', 'reset', 'reloadOrders'] },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The dialog cannot be dismissed mid-request, so the outcome is always seen.
    saving: {
      meta: { shows: 'the dialog with its buttons disabled while the action is pending', dialog: true, alert: false, submit: 'the action', busy: true },
      invoke: {
        id: 'manageSeries',
        src: 'manageSeries',
        input: ({ context }) => ({ action: context.action ?? 'skip', id: context.id ?? 0 }),
        onDone: { target: 'done', actions: ['notifyDone', 'reset', 'reloadOrders'] },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Saved: the dialog has closed and the toast says so; another action may be chosen.
    done: {
      meta: { shows: 'My orders reloaded, a toast, and no dialog', dialog: false },
      on: choose,
    },
    failed: {
      meta: { shows: 'the dialog with the error in an alert, and Try again', dialog: true, alert: true, submit: 'Try again' },
      on: {
        retry: { target: 'saving' },
        'dialog.close': { target: 'idle', actions: 'reset' },
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
