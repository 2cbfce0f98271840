import { assign, fromPromise, setup } from 'xstate';
import { isRetryable } from './checkout.machine';
import type { MyOrder, RescheduleResult } from '../openapi/schema';

/**
 * Rescheduling one of my bookings (issue 14 section 3): Reschedule opens a dialog with the order's
 * terms (free, or "A rescheduling fee of £X (30%) applies"), a Date and a Time; Confirm is possible
 * once both are typed in full; the server checks the time (the checkout's own rules) and the fee.
 * Success toasts "Booking rescheduled", closes and reloads My orders (named actions the screen
 * provides); a failure shows its message in the dialog with Try again, keeping what was typed.
 */
export interface RescheduleCall {
  orderId: number;
  date: string;
  time: string;
  /** The fee the dialog showed, which the customer agrees to by confirming. */
  fee: number;
  /** The token of the link a closure mailed (decision 048): the move is free and spends it. */
  move?: string;
}

export interface RescheduleContext {
  orderId: number | null;
  /** From the order's `reschedule.fee` (0 = free; always 0 with `move`). */
  fee: number;
  /** Opened from a closure's mailed link (decision 048): the company moved the visit, so it is free. */
  move: string | null;
  /** YYYY-MM-DD and HH:mm once typed in full; '' (or partly typed) otherwise. */
  date: string;
  time: string;
  error: string | null;
  /** Whether the failure can pass if sent again (a network failure, a 5xx): only then is Try again offered. */
  canRetry: boolean;
}

export type RescheduleEvent =
  | { type: 'dialog.open'; order: Pick<MyOrder, 'id' | 'reschedule'>; move?: string }
  | { type: 'dialog.close' }
  | { type: 'date.change'; value: string }
  | { type: 'time.change'; value: string }
  | { type: 'reschedule.confirm' }
  | { type: 'retry' };

/** What My orders shows in each state (checked in Chromium by tests/e2e/reschedule.spec.ts). */
export interface RescheduleMeta {
  shows: string;
  dialog: boolean;
  alert?: boolean;
  submit?: 'Confirm' | 'Try again';
  busy?: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const closedContext: RescheduleContext = { orderId: null, fee: 0, move: null, date: '', time: '', error: null, canRetry: false };

export const rescheduleMachine = setup({
  types: {} as { context: RescheduleContext; events: RescheduleEvent; meta: RescheduleMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    rescheduleOrder: fromPromise<RescheduleResult, RescheduleCall>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a rescheduleOrder actor');
    }),
  },
  actions: {
    openFor: assign(({ event }) =>
      event.type === 'dialog.open'
        ? { ...closedContext, orderId: event.order.id, fee: event.move ? 0 : event.order.reschedule.fee, move: event.move ?? null }
        : {},
    ),
    changeDate: assign(({ context, event }) => ({ date: event.type === 'date.change' ? event.value : context.date, error: null })),
    changeTime: assign(({ context, event }) => ({ time: event.type === 'time.change' ? event.value : context.time, error: null })),
    reset: assign(closedContext),
    // A refusal (a 4xx: the time was just taken, the reason is refused) is said without Try again:
    // sending the same again cannot help (issue 25 §5); the person changes something first.
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), canRetry: isRetryable(params.error) })),
    // Provided by the screen: the success toast and reloading My orders.
    notifyRescheduled: () => {},
    reloadOrders: () => {},
  },
  guards: {
    // The server says whether the booking can still move (not once the job has started, etc.).
    // A closure's link may move the visit even when the customer's own terms would not (decision 048).
    isReschedulable: ({ event }) => event.type === 'dialog.open' && (event.order.reschedule.allowed || Boolean(event.move)),
    canRetry: ({ context }) => context.canRetry,
    hasTime: ({ context }) => DATE.test(context.date) && TIME.test(context.time),
  },
}).createMachine({
  id: 'reschedule',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      meta: { shows: 'My orders without the dialog', dialog: false },
      on: { 'dialog.open': { guard: 'isReschedulable', target: 'choosing', actions: 'openFor' } },
    },
    choosing: {
      meta: { shows: 'the dialog with the terms, Date, Time and Confirm (enabled once both are typed in full)', dialog: true, alert: false, submit: 'Confirm' },
      on: {
        'date.change': { actions: 'changeDate' },
        'time.change': { actions: 'changeTime' },
        'reschedule.confirm': { guard: 'hasTime', target: 'rescheduling' },
        'dialog.close': { target: 'closed', actions: 'reset' },
      },
    },
    // The dialog cannot be dismissed mid-request, so the outcome is always seen.
    rescheduling: {
      meta: { shows: 'the dialog, its fields and buttons disabled while Confirm is pending', dialog: true, alert: false, submit: 'Confirm', busy: true },
      invoke: {
        id: 'rescheduleOrder',
        src: 'rescheduleOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? 0, date: context.date, time: context.time, fee: context.fee, ...(context.move ? { move: context.move } : {}) }),
        onDone: { target: 'closed', actions: ['notifyRescheduled', 'reset', 'reloadOrders'] },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      meta: { shows: 'the dialog with the error in an alert, the time kept, and Try again', dialog: true, alert: true, submit: 'Try again' },
      on: {
        retry: { guard: 'canRetry', target: 'rescheduling' },
        'date.change': { target: 'choosing', actions: 'changeDate' },
        'time.change': { target: 'choosing', actions: 'changeTime' },
        'dialog.close': { target: 'closed', actions: 'reset' },
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
