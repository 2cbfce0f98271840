import { assign, fromPromise, setup } from 'xstate';
import type { RefundRequest, RefundStatus, RefundStatusUpdate } from '../openapi/schema';

/**
 * One refund request row of the back office (R-ADMIN-5 /refund-orders): the administrator
 * picks accepted or rejected, then Update sends it with the row's `version`. Update is possible
 * only once a decision different from the current status is chosen. Success notifies and hands the
 * saved request to `rowSaved` (the screen updates that row in place); a failure stays on the row
 * with Retry; a 409 (the request was decided or changed by someone else) puts the control back to
 * the stored status and reloads the list, with the server's message. The screen provides
 * `notifyUpdated`, `rowSaved` and `reloadRefunds`; src/api provides the actor. Accepting asks once
 * to confirm first (issue 33 row 7, decision 070): the dialog names the amount refunded and the
 * amount kept, and dismissing it puts the stored status back, as the order row (order-update.machine.ts)
 * confirms a cancellation.
 */
type RefundDecision = RefundStatusUpdate['status'];

export interface RefundUpdateInput {
  orderId: number;
  status: RefundStatus;
  version: number;
}

export interface RefundUpdateContext extends RefundUpdateInput {
  chosen: RefundDecision | null;
  error: string | null;
}

export type RefundUpdateEvent =
  | { type: 'status.choose'; status: RefundDecision }
  | { type: 'refund.update' }
  | { type: 'refund.retry' }
  /** The accept dialog: confirm sends the decision, dismiss puts the stored status back. */
  | { type: 'refund.confirm' }
  | { type: 'refund.dismiss' }
  /** The list reloaded: the row's current status and version, as the server now has them. */
  | { type: 'refund.sync'; status: RefundStatus; version: number };

// Choosing again: a decision other than the current status has something to send, the current one not.
const chooseAgain = [
  { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
  { target: 'idle', actions: 'forgetChoice' },
] as const;

export const refundUpdateMachine = setup({
  types: {} as { context: RefundUpdateContext; events: RefundUpdateEvent; input: RefundUpdateInput },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    updateRefundStatus: fromPromise<RefundRequest, RefundStatusUpdate>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide an updateRefundStatus actor');
    }),
  },
  actions: {
    notifyUpdated: () => {},
    rowSaved: () => {},
    reloadRefunds: () => {},
    choose: assign({
      // Stryker disable next-line ConditionalExpression: equivalent, this action only runs on that event
      chosen: ({ event }) => (event.type === 'status.choose' ? event.status : null),
      error: null,
    }),
    forgetChoice: assign({ chosen: null, error: null }),
    sync: assign(({ context, event }) => (event.type === 'refund.sync' ? { status: event.status, version: event.version } : context)),
    showError: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
  },
  guards: {
    // Stryker disable next-line ConditionalExpression: equivalent, this guard only runs on that event
    isDifferentStatus: ({ context, event }) => event.type === 'status.choose' && event.status !== context.status,
    isConflict: (_, params: { error: unknown }) => statusOf(params.error) === 409,
    // Accepting moves money (a refund through the provider, a credit note): it is confirmed in a dialog.
    needsConfirmation: ({ context }) => context.chosen === 'accepted',
  },
}).createMachine({
  id: 'refundUpdate',
  context: ({ input }) => ({ ...input, chosen: null, error: null }),
  initial: 'idle',
  on: { 'refund.sync': { actions: 'sync' } },
  states: {
    // Nothing to send: no decision chosen, or the current status.
    idle: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the row status in its dropdown, Update disabled' },
      on: {
        'status.choose': [{ guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' }, { actions: 'forgetChoice' }],
      },
    },
    statusChosen: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the chosen status in the dropdown, Update enabled' },
      on: {
        'status.choose': chooseAgain,
        'refund.update': [{ guard: 'needsConfirmation', target: 'confirming' }, { target: 'updating' }],
      },
    },
    // A dialog names what accepting refunds and keeps, and asks once; dismissing it puts the stored status back.
    confirming: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'a dialog naming the amount refunded and kept, asking to confirm; Update pending behind it' },
      on: { 'refund.confirm': 'updating', 'refund.dismiss': { target: 'idle', actions: 'forgetChoice' } },
    },
    updating: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'Update pending' },
      invoke: {
        id: 'updateRefundStatus',
        src: 'updateRefundStatus',
        // Update is possible only with a decision chosen; 'accepted' only types the impossible case.
        // Stryker disable next-line StringLiteral: unreachable, Update needs a chosen decision
        input: ({ context }) => ({ order: context.orderId, status: context.chosen ?? 'accepted', version: context.version }),
        onDone: {
          target: 'updated',
          actions: [
            assign(({ event }) => ({ status: event.output.status, version: event.output.version, chosen: null, error: null })),
            'notifyUpdated',
            'rowSaved',
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflicted',
            actions: ['forgetChoice', { type: 'showError', params: ({ event }) => ({ error: event.error }) }, 'reloadRefunds'],
          },
          { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // Saved; the administrator may choose again (the server answers 409 if the decision may not change).
    updated: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'a toast naming the new status; the row shows it, Update disabled' },
      on: { 'status.choose': chooseAgain },
    },
    // The error shows on the row; Retry sends the same choice again.
    failed: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the error on the row with Retry, the choice kept' },
      on: { 'refund.retry': 'updating', 'status.choose': chooseAgain },
    },
    // Refused (409): the control shows the stored status again and the list reloaded; choose again.
    conflicted: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: "the server's conflict message on the row, the stored status back in the control" },
      on: { 'status.choose': chooseAgain },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}

function statusOf(error: unknown): number | null {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null;
}
