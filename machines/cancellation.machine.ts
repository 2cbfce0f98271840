import { assign, fromPromise, setup } from 'xstate';
import { isRetryable } from './checkout.machine';
import type { MyOrder, RefundRequestResult } from '../openapi/schema';

/**
 * Cancelling one of my orders (R-CANCEL-1 … R-CANCEL-4): the Cancel button opens a dialog asking
 * why; Send is possible only with a reason; success toasts, closes the dialog and reloads the list
 * (named actions the screen provides); a failure shows its message in the dialog with a retry.
 * The reason typed is a draft the screen keeps (`keepReason`) until it is sent or the dialog is
 * closed (`forgetReason`), so a session that expired mid-dialog finds it again after logging in.
 */
export interface RefundCall {
  orderId: number;
  reason: string;
}

export interface CancellationContext {
  orderId: number | null;
  /** The fee that will apply, from the order's `cancellation.fee` (0 = free). */
  fee: number;
  reason: string;
  error: string | null;
  /** Whether the failure can pass if sent again (a network failure, a 5xx): only then is Try again offered. */
  canRetry: boolean;
}

export type CancellationEvent =
  | { type: 'dialog.open'; order: Pick<MyOrder, 'id' | 'cancellation'> }
  | { type: 'dialog.close' }
  | { type: 'reason.change'; value: string }
  | { type: 'reason.send' }
  | { type: 'retry' };

/**
 * What My orders shows in each state (checked in Chromium by tests/e2e/cancellation-paths.spec.ts):
 * whether the cancel dialog is open, whether it shows the error, and its submit button's name.
 */
export interface CancellationMeta {
  shows: string;
  dialog: boolean;
  alert?: boolean;
  submit?: 'Send' | 'Try again';
  /** The request is in flight: the reason and the buttons are disabled. */
  busy?: boolean;
}

const closedContext: CancellationContext = { orderId: null, fee: 0, reason: '', error: null, canRetry: false };

export const cancellationMachine = setup({
  types: {} as { context: CancellationContext; events: CancellationEvent; meta: CancellationMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    requestRefund: fromPromise<RefundRequestResult, RefundCall>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a requestRefund actor');
    }),
  },
  actions: {
    openFor: assign(({ event }) =>
      // Stryker disable next-line ConditionalExpression: equivalent, this action or guard only runs on that event
      event.type === 'dialog.open'
        ? { orderId: event.order.id, fee: event.order.cancellation.fee, reason: '', error: null, canRetry: false }
        : {},
    ),
    changeReason: assign(({ context, event }) => ({
      // Stryker disable next-line ConditionalExpression: equivalent, this action or guard only runs on that event
      reason: event.type === 'reason.change' ? event.value : context.reason,
      error: null,
    })),
    reset: assign(closedContext),
    // A refusal (a 4xx: the time was just taken, the reason is refused) is said without Try again:
    // sending the same again cannot help (issue 25 §5); the person changes something first.
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), canRetry: isRetryable(params.error) })),
    // Provided by the screen: keeping and forgetting the draft reason, the success toast and
    // reloading My orders.
    keepReason: () => {},
    forgetReason: () => {},
    notifySent: () => {},
    reloadOrders: () => {},
  },
  guards: {
    // The server says whether cancelling is still possible (terms: not once the job started, etc.).
    // Stryker disable next-line ConditionalExpression: equivalent, this action or guard only runs on that event
    isCancellable: ({ event }) => event.type === 'dialog.open' && event.order.cancellation.allowed,
    hasReason: ({ context }) => context.reason.trim().length > 0,
    canRetry: ({ context }) => context.canRetry,
  },
}).createMachine({
  id: 'cancellation',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'My orders without the dialog', dialog: false },
      on: { 'dialog.open': { guard: 'isCancellable', target: 'open', actions: 'openFor' } },
    },
    open: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the dialog with the reason and Send (enabled once the reason is not blank)', dialog: true, alert: false, submit: 'Send' },
      on: {
        'reason.change': { actions: ['changeReason', 'keepReason'] },
        'reason.send': { guard: 'hasReason', target: 'sending' },
        'dialog.close': { target: 'closed', actions: ['reset', 'forgetReason'] },
      },
    },
    // The dialog cannot be dismissed mid-request, so the outcome is always seen.
    sending: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the dialog, its reason and buttons disabled while Send is pending', dialog: true, alert: false, submit: 'Send', busy: true },
      invoke: {
        id: 'requestRefund',
        src: 'requestRefund',
        input: ({ context }) => ({ orderId: context.orderId ?? 0, reason: context.reason.trim() }),
        onDone: { target: 'closed', actions: ['notifySent', 'reset', 'forgetReason', 'reloadOrders'] },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the dialog with the error in an alert, the reason kept, and Try again', dialog: true, alert: true, submit: 'Try again' },
      on: {
        retry: { guard: 'canRetry', target: 'sending' },
        'reason.change': { target: 'open', actions: ['changeReason', 'keepReason'] },
        'dialog.close': { target: 'closed', actions: ['reset', 'forgetReason'] },
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
