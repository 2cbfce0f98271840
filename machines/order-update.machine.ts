import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/schema';

/**
 * One order row of the back office (SPEC 2 /orders, SPEC 4): the administrator picks a status from
 * the server's list, then Update sends it with the row's `version`. Update is possible only once a
 * status different from the current one is chosen. Success notifies and reloads the orders list;
 * a failure stays on the row with a retry, and a 409 (someone else changed the order) also reloads
 * the list so the row shows the newer status and version.
 * The screen provides `notifyUpdated` (toast) and `reloadOrders`; src/api provides the actor.
 */
type OrderStatus = components['schemas']['OrderStatus'];
type AdminOrder = components['schemas']['AdminOrder'];

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
  /** The list reloaded: the row's current status and version, as the server now has them. */
  | { type: 'order.sync'; status: OrderStatus; version: number };

export const orderUpdateMachine = setup({
  types: {} as { context: OrderUpdateContext; events: OrderUpdateEvent; input: OrderUpdateInput },
  actors: {
    updateOrderStatus: fromPromise<AdminOrder, { id: number; status: OrderStatus; version: number }>(async () => {
      throw new Error('provide an updateOrderStatus actor');
    }),
  },
  actions: {
    notifyUpdated: () => {},
    reloadOrders: () => {},
    choose: assign({
      chosen: ({ event }) => (event.type === 'status.choose' ? event.status : null),
      error: null,
    }),
    forgetChoice: assign({ chosen: null, error: null }),
    sync: assign(({ event }) => (event.type === 'order.sync' ? { status: event.status, version: event.version } : {})),
  },
  guards: {
    isDifferentStatus: ({ context, event }) => event.type === 'status.choose' && event.status !== context.status,
    isConflict: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
}).createMachine({
  id: 'orderUpdate',
  context: ({ input }) => ({ ...input, chosen: null, error: null }),
  initial: 'idle',
  on: { 'order.sync': { actions: 'sync' } },
  states: {
    // Nothing to send: no status chosen, or the current one.
    idle: {
      on: {
        'status.choose': [
          { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
          { actions: 'forgetChoice' },
        ],
      },
    },
    statusChosen: {
      on: {
        'status.choose': [
          { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
          { target: 'idle', actions: 'forgetChoice' },
        ],
        'order.update': 'updating',
      },
    },
    updating: {
      invoke: {
        id: 'updateOrderStatus',
        src: 'updateOrderStatus',
        input: ({ context }) => ({ id: context.orderId, status: context.chosen ?? context.status, version: context.version }),
        onDone: {
          target: 'updated',
          actions: [
            assign(({ event }) => ({ status: event.output.status, version: event.output.version, chosen: null, error: null })),
            'notifyUpdated',
            'reloadOrders',
          ],
        },
        onError: [
          {
            guard: 'isConflict',
            target: 'conflicted',
            actions: [assign(({ event }) => ({ error: messageOf(event.error) })), 'reloadOrders'],
          },
          { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error) })) },
        ],
      },
    },
    // Saved; the administrator may choose again.
    updated: {
      on: {
        'status.choose': [
          { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
          { target: 'idle', actions: 'forgetChoice' },
        ],
      },
    },
    // The error shows on the row; retry sends the same choice again.
    failed: {
      on: {
        'order.retry': 'updating',
        'status.choose': [
          { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
          { target: 'idle', actions: 'forgetChoice' },
        ],
      },
    },
    // Someone else changed it first (409): the list reloaded, so a retry sends the newer version.
    conflicted: {
      on: {
        'order.retry': 'updating',
        'status.choose': [
          { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
          { target: 'idle', actions: 'forgetChoice' },
        ],
      },
    },
  },
});

function statusOf(error: unknown): number | null {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
