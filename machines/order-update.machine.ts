import { assign, fromPromise, setup } from 'xstate';
import type { AdminOrder, OrderStatus } from '../openapi/schema';

/**
 * One order row of the back office (R-ADMIN-4 /orders): the administrator picks a status from
 * the server's list, then Update sends it with the row's `version`. Update is possible only once a
 * status different from the current one is chosen. Cancelling asks for confirmation first, and
 * dismissing puts the stored status back. Success notifies and hands the saved row to `rowSaved`
 * (the screen updates that row in place); a failure stays on the row with Retry; a 409 (someone
 * else changed the order first) puts the control back to the stored status and reloads the list,
 * with the server's message. The screen provides `notifyUpdated` (toast), `rowSaved` and
 * `reloadOrders`; src/api provides the actor. The refund row (refund-update.machine.ts) has the
 * same shape without the confirmation.
 */

export interface OrderUpdateInput {
  orderId: number;
  status: OrderStatus;
  version: number;
}

export interface OrderUpdateContext extends OrderUpdateInput {
  chosen: OrderStatus | null;
  error: string | null;
}

export type OrderUpdateEvent =
  | { type: 'status.choose'; status: OrderStatus }
  | { type: 'order.update' }
  | { type: 'order.retry' }
  | { type: 'order.confirm' }
  | { type: 'order.dismiss' }
  /** The list reloaded: the row's current status and version, as the server now has them. */
  | { type: 'order.sync'; status: OrderStatus; version: number };

export interface OrderStatusCall {
  id: number;
  status: OrderStatus;
  version: number;
}

// Choosing again: a status other than the current one has something to send, the current one not.
const chooseAgain = [
  { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
  { target: 'idle', actions: 'forgetChoice' },
] as const;

// Cancelling cannot be undone by choosing again (refunds, mails): it is confirmed in a dialog.
const confirmed: readonly OrderStatus[] = ['cancelled'];

export const orderUpdateMachine = setup({
  types: {} as { context: OrderUpdateContext; events: OrderUpdateEvent; input: OrderUpdateInput },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    updateOrderStatus: fromPromise<AdminOrder, OrderStatusCall>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide an updateOrderStatus actor');
    }),
  },
  actions: {
    notifyUpdated: () => {},
    rowSaved: () => {},
    reloadOrders: () => {},
    choose: assign({
      // Stryker disable next-line ConditionalExpression: equivalent, this action only runs on that event
      chosen: ({ event }) => (event.type === 'status.choose' ? event.status : null),
      error: null,
    }),
    forgetChoice: assign({ chosen: null, error: null }),
    sync: assign(({ context, event }) => (event.type === 'order.sync' ? { status: event.status, version: event.version } : context)),
    showError: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
  },
  guards: {
    // Stryker disable next-line ConditionalExpression: equivalent, this guard only runs on that event
    isDifferentStatus: ({ context, event }) => event.type === 'status.choose' && event.status !== context.status,
    isConflict: (_, params: { error: unknown }) => statusOf(params.error) === 409,
    needsConfirmation: ({ context }) => context.chosen !== null && confirmed.includes(context.chosen),
  },
}).createMachine({
  id: 'orderUpdate',
  context: ({ input }) => ({ ...input, chosen: null, error: null }),
  initial: 'idle',
  on: { 'order.sync': { actions: 'sync' } },
  states: {
    // Nothing to send: no status chosen, or the current one.
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
        'order.update': [{ guard: 'needsConfirmation', target: 'confirming' }, { target: 'updating' }],
      },
    },
    // A dialog asks; dismissing it puts the stored status back in the control.
    confirming: {
      meta: { shows: 'a dialog asking to confirm the change; Update pending behind it' },
      on: { 'order.confirm': 'updating', 'order.dismiss': { target: 'idle', actions: 'forgetChoice' } },
    },
    updating: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'Update pending' },
      invoke: {
        id: 'updateOrderStatus',
        src: 'updateOrderStatus',
        input: ({ context }) => ({ id: context.orderId, status: context.chosen ?? context.status, version: context.version }),
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
            actions: ['forgetChoice', { type: 'showError', params: ({ event }) => ({ error: event.error }) }, 'reloadOrders'],
          },
          { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // Saved; the administrator may choose again (the server answers 409 if it may not change).
    updated: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'a toast naming the new status; the row shows it, Update disabled' },
      on: {
        'status.choose': chooseAgain,
      },
    },
    // The error shows on the row; Retry sends the same choice again.
    failed: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the error on the row with Retry, the choice kept' },
      on: {
        'order.retry': 'updating',
        'status.choose': chooseAgain,
      },
    },
    // Refused (409): the control shows the stored status again and the list reloaded; choose again.
    conflicted: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: "the server's conflict message on the row, the stored status back in the control" },
      on: {
        'status.choose': chooseAgain,
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}

function statusOf(error: unknown): number | null {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null;
}
