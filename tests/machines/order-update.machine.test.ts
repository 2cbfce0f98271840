import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { components } from '../../openapi/schema';
import { orderUpdateMachine } from '../../machines/order-update.machine';
import { coverageOf, describePath, formatCoverage, pathsOf, replayPath } from '../support/replay-paths';

type AdminOrder = components['schemas']['AdminOrder'];

const input = { orderId: 12, status: 'awaiting_validation', version: 1 } as const;
const saved: AdminOrder = {
  id: 12, user: 'Jane Doe', service: 'House Keeping', total: 50, status: 'completed',
  created: '2026-11-01T10:00:00.000Z', due: null, completed: '2026-11-02T10:00:00.000Z', refund: false, version: 2,
};
const httpError = (message: string, status: number | null) => Object.assign(new Error(message), { status });

const events = [
  { type: 'status.choose', status: 'completed' },
  { type: 'status.choose', status: 'awaiting_validation' },
  { type: 'order.update' },
  { type: 'order.retry' },
  { type: 'order.sync', status: 'payment_validated', version: 3 },
  { type: 'xstate.done.actor.updateOrderStatus', output: saved },
  { type: 'xstate.error.actor.updateOrderStatus', error: httpError('This order was changed by someone else', 409) },
  { type: 'xstate.error.actor.updateOrderStatus', error: httpError('Network Error', null) },
] as const;

// Never settles: the paths deliver the done and error events themselves.
const modelMachine = orderUpdateMachine.provide({
  actors: { updateOrderStatus: fromPromise(() => new Promise<AdminOrder>(() => {})) },
});

describe('order update machine (model-based)', () => {
  const paths = pathsOf(modelMachine, { events: events as never, input });
  for (const path of paths) {
    it(`reaches ${describePath(path)}`, () => {
      replayPath(modelMachine, path, input).stop();
    });
  }

  it('covers every state and transition', () => {
    const coverage = coverageOf(modelMachine, paths);
    console.log(formatCoverage('order-update', coverage));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('order update machine (behaviour)', () => {
  function start(update: (input: { id: number; status: string; version: number }) => Promise<AdminOrder>) {
    const calls = { notified: 0, reloaded: 0, sent: [] as unknown[] };
    const actor = createActor(
      orderUpdateMachine.provide({
        actors: { updateOrderStatus: fromPromise(({ input }) => { calls.sent.push(input); return update(input); }) },
        actions: { notifyUpdated: () => void calls.notified++, reloadOrders: () => void calls.reloaded++ },
      }),
      { input },
    ).start();
    return { actor, calls };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('cannot update until a status different from the current one is chosen', () => {
    const { actor } = start(async () => saved);
    expect(actor.getSnapshot().can({ type: 'order.update' })).toBe(false);
    actor.send({ type: 'status.choose', status: 'awaiting_validation' });
    expect(actor.getSnapshot().can({ type: 'order.update' })).toBe(false);
    actor.send({ type: 'status.choose', status: 'completed' });
    expect(actor.getSnapshot().can({ type: 'order.update' })).toBe(true);
  });

  it('sends the chosen status with the row version, then notifies and reloads the list', async () => {
    const { actor, calls } = start(async () => saved);
    actor.send({ type: 'status.choose', status: 'completed' });
    actor.send({ type: 'order.update' });
    await settle();
    expect(calls.sent).toEqual([{ id: 12, status: 'completed', version: 1 }]);
    expect(actor.getSnapshot().value).toBe('updated');
    expect(actor.getSnapshot().context).toMatchObject({ status: 'completed', version: 2, chosen: null });
    expect(calls).toMatchObject({ notified: 1, reloaded: 1 });
  });

  it('on a 409 shows the message, reloads the list, and retries with the reloaded version', async () => {
    let answer: () => Promise<AdminOrder> = async () => { throw httpError('This order was changed by someone else', 409); };
    const { actor, calls } = start(() => answer());
    actor.send({ type: 'status.choose', status: 'completed' });
    actor.send({ type: 'order.update' });
    await settle();
    expect(actor.getSnapshot().value).toBe('conflicted');
    expect(actor.getSnapshot().context.error).toBe('This order was changed by someone else');
    expect(calls).toMatchObject({ notified: 0, reloaded: 1 });

    actor.send({ type: 'order.sync', status: 'payment_validated', version: 5 });
    answer = async () => saved;
    actor.send({ type: 'order.retry' });
    await settle();
    expect(calls.sent.at(-1)).toEqual({ id: 12, status: 'completed', version: 5 });
    expect(actor.getSnapshot().value).toBe('updated');
  });

  it('keeps any other failure on the row without reloading', async () => {
    const { actor, calls } = start(async () => { throw httpError('Network Error', null); });
    actor.send({ type: 'status.choose', status: 'cancelled' });
    actor.send({ type: 'order.update' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Network Error', chosen: 'cancelled' });
    expect(calls.reloaded).toBe(0);
  });
});
