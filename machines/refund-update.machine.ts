import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/schema';

/**
 * One refund request row of the back office (SPEC 2 /refund-orders, SPEC 4): the administrator
 * picks accepted or rejected, then Update sends it with the row's `version`. Update is possible only
 * once a status different from the current one is chosen. Success notifies and reloads the refund
 * list; a failure stays on the row with a retry, and a 409 (decided or changed by someone else)
 * also reloads the list. The screen provides `notifyUpdated` and `reloadRefunds`.
 */
type RefundStatus = components['schemas']['RefundStatus'];
type RefundDecision = components['schemas']['RefundStatusUpdate']['status'];
type RefundRequest = components['schemas']['RefundRequest'];

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
  /** The list reloaded: the row's current status and version, as the server now has them. */
  | { type: 'refund.sync'; status: RefundStatus; version: number };

export const refundUpdateMachine = setup({
  types: {} as { context: RefundUpdateContext; events: RefundUpdateEvent; input: RefundUpdateInput },
  actors: {
    updateRefundStatus: fromPromise<RefundRequest, components['schemas']['RefundStatusUpdate']>(async () => {
      throw new Error('provide an updateRefundStatus actor');
    }),
  },
  actions: {
    notifyUpdated: () => {},
    reloadRefunds: () => {},
    choose: assign({
      chosen: ({ event }) => (event.type === 'status.choose' ? event.status : null),
      error: null,
    }),
    forgetChoice: assign({ chosen: null, error: null }),
    sync: assign(({ event }) => (event.type === 'refund.sync' ? { status: event.status, version: event.version } : {})),
  },
  guards: {
    isDifferentStatus: ({ context, event }) => event.type === 'status.choose' && event.status !== context.status,
    isConflict: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
}).createMachine({
  id: 'refundUpdate',
  context: ({ input }) => ({ ...input, chosen: null, error: null }),
  initial: 'idle',
  on: { 'refund.sync': { actions: 'sync' } },
  states: {
    // Nothing to send: no decision chosen, or the current one.
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
        'refund.update': 'updating',
      },
    },
    updating: {
      invoke: {
        id: 'updateRefundStatus',
        src: 'updateRefundStatus',
        input: ({ context }) => ({
          order: context.orderId,
          status: context.chosen ?? 'accepted',
          version: context.version,
        }),
        onDone: {
          target: 'updated',
          actions: [
            assign(({ event }) => ({ status: event.output.status, version: event.output.version, chosen: null, error: null })),
            'notifyUpdated',
            'reloadRefunds',
          ],
        },
        onError: [
          {
            guard: 'isConflict',
            target: 'conflicted',
            actions: [assign(({ event }) => ({ error: messageOf(event.error) })), 'reloadRefunds'],
          },
          { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error) })) },
        ],
      },
    },
    // Decided; another decision can still be chosen (the server answers 409 if it may not change).
    updated: {
      on: {
        'status.choose': [
          { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
          { target: 'idle', actions: 'forgetChoice' },
        ],
      },
    },
    // The error shows on the row; retry sends the same decision again.
    failed: {
      on: {
        'refund.retry': 'updating',
        'status.choose': [
          { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
          { target: 'idle', actions: 'forgetChoice' },
        ],
      },
    },
    // Someone else changed it first (409): the list reloaded, so a retry sends the newer version.
    conflicted: {
      on: {
        'refund.retry': 'updating',
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
