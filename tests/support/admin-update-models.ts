import { fromPromise, type AnyStateMachine } from 'xstate';
import type { AdminOrder, RefundRequest } from '../../openapi/schema';
import { orderUpdateMachine } from '../../machines/order-update.machine';
import { refundUpdateMachine } from '../../machines/refund-update.machine';
import type { Model } from './booking-models';

/**
 * The order-update and refund-update machines (two plain machines of one shape) as
 * models for tests/support/describe-admin-update.ts: the machine, its names, a row to start from,
 * what the server saves, the errors it answers, and the events the generated paths use.
 */

export interface AdminUpdateModel extends Model {
  name: string;
  /** The machine as the app has it (its own actor); `machine` is it with a never-settling actor. */
  app: AnyStateMachine;
  /** Event prefix, actor name and reload action name, as the screens use them. */
  prefix: 'order' | 'refund';
  actor: string;
  reload: string;
  input: { orderId: number; status: string; version: number };
  /** A status other than the input's (what the server saves, `saved`), and a second one to choose. */
  choices: [string, string];
  saved: { status: string; version: number };
  /** What Update sends for the first choice with a row version. */
  call: (version: number) => unknown;
  conflict: Error;
  failure: Error;
  /** A choice Update asks to confirm first (cancelling an order), if the machine has one. */
  confirmed?: string;
}

const httpError = (message: string, status: number | null) => Object.assign(new Error(message), { status });
// Never settles: the paths deliver the done and error events themselves.
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

/** A model from a machine's names and data; `sync` is what a reloaded list says about the row. */
function model(spec: Omit<AdminUpdateModel, 'machine' | 'inputs' | 'events'> & { sync: { status: string; version: number } }): AdminUpdateModel {
  const { sync, ...rest } = spec;
  const done = `xstate.done.actor.${spec.actor}`;
  const error = `xstate.error.actor.${spec.actor}`;
  return {
    ...rest,
    machine: spec.app.provide({ actors: { [spec.actor]: never() } } as never),
    inputs: [spec.input],
    events: [
      ...spec.choices.map((status) => ({ type: 'status.choose', status })),
      { type: `${spec.prefix}.update` },
      { type: `${spec.prefix}.retry` },
      ...(spec.confirmed
        ? [{ type: 'status.choose', status: spec.confirmed }, { type: `${spec.prefix}.confirm` }, { type: `${spec.prefix}.dismiss` }]
        : []),
      { type: `${spec.prefix}.sync`, ...sync },
      { type: done, output: spec.saved },
      { type: error, error: spec.conflict },
      { type: error, error: spec.failure },
    ],
  };
}

const savedOrder: AdminOrder = {
  id: 12, reference: 9, user: 'Jane Doe', service: 'House Keeping', total: 50, status: 'completed',
  created: '2026-11-01T10:00:00.000Z', due: null, completed: '2026-11-02T10:00:00.000Z', refund: false, refund_status: null, version: 2,
};

export const orderUpdateModel = model({
  name: 'order-update',
  app: orderUpdateMachine,
  prefix: 'order',
  actor: 'updateOrderStatus',
  reload: 'reloadOrders',
  input: { orderId: 12, status: 'awaiting_validation', version: 1 },
  // The current status too: choosing it leaves nothing to send.
  choices: ['completed', 'awaiting_validation'],
  saved: savedOrder,
  call: (version) => ({ id: 12, status: 'completed', version }),
  sync: { status: 'payment_validated', version: 3 },
  conflict: httpError('This order was changed by someone else', 409),
  failure: httpError('Network Error', null),
  confirmed: 'cancelled',
});

const decidedRefund: RefundRequest = {
  order_id: 7, reference: 5, reason: 'Moving house', status: 'rejected', order_date: '2026-11-01T10:00:00.000Z',
  refund_date: '2026-11-02T10:00:00.000Z', name: 'Jane Doe', fee: 0, refunded: null, amount: 0, kept: 0, version: 2,
};

export const refundUpdateModel = model({
  name: 'refund-update',
  app: refundUpdateMachine,
  prefix: 'refund',
  actor: 'updateRefundStatus',
  reload: 'reloadRefunds',
  input: { orderId: 7, status: 'pending', version: 1 },
  // Rejecting is sent at once; accepting asks to confirm first (decision 070).
  choices: ['rejected', 'accepted'],
  saved: decidedRefund,
  call: (version) => ({ order: 7, status: 'rejected', version }),
  sync: { status: 'accepted', version: 3 },
  conflict: httpError('This refund has already been decided', 409),
  failure: httpError('Request failed with status code 500', 500),
  confirmed: 'accepted',
});
