import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { components } from '../../openapi/schema';
import { refundUpdateMachine } from '../../machines/refund-update.machine';
import { coverageOf, describePath, formatCoverage, pathsOf, replayPath } from '../support/replay-paths';

type RefundRequest = components['schemas']['RefundRequest'];

const input = { orderId: 7, status: 'pending', version: 1 } as const;
const decided: RefundRequest = {
  order_id: 7, reason: 'Moving house', status: 'accepted', order_date: '2026-11-01T10:00:00.000Z',
  refund_date: '2026-11-02T10:00:00.000Z', name: 'Jane Doe', fee: 0, version: 2,
};
const httpError = (message: string, status: number | null) => Object.assign(new Error(message), { status });

const events = [
  { type: 'status.choose', status: 'accepted' },
  { type: 'status.choose', status: 'rejected' },
  { type: 'refund.update' },
  { type: 'refund.retry' },
  { type: 'refund.sync', status: 'rejected', version: 3 },
  { type: 'xstate.done.actor.updateRefundStatus', output: decided },
  { type: 'xstate.error.actor.updateRefundStatus', error: httpError('This refund has already been decided', 409) },
  { type: 'xstate.error.actor.updateRefundStatus', error: httpError('Request failed with status code 500', 500) },
] as const;

// Never settles: the paths deliver the done and error events themselves.
const modelMachine = refundUpdateMachine.provide({
  actors: { updateRefundStatus: fromPromise(() => new Promise<RefundRequest>(() => {})) },
});

describe('refund update machine (model-based)', () => {
  const paths = pathsOf(modelMachine, { events: events as never, input });
  for (const path of paths) {
    it(`reaches ${describePath(path)}`, () => {
      replayPath(modelMachine, path, input).stop();
    });
  }

  it('covers every state and transition', () => {
    const coverage = coverageOf(modelMachine, paths);
    console.log(formatCoverage('refund-update', coverage));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('refund update machine (behaviour)', () => {
  function start(update: (input: { order: number; status: string; version?: number }) => Promise<RefundRequest>) {
    const calls = { notified: 0, reloaded: 0, sent: [] as unknown[] };
    const actor = createActor(
      refundUpdateMachine.provide({
        actors: { updateRefundStatus: fromPromise(({ input }) => { calls.sent.push(input); return update(input); }) },
        actions: { notifyUpdated: () => void calls.notified++, reloadRefunds: () => void calls.reloaded++ },
      }),
      { input },
    ).start();
    return { actor, calls };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('cannot update a pending refund until accepted or rejected is chosen', () => {
    const { actor } = start(async () => decided);
    expect(actor.getSnapshot().can({ type: 'refund.update' })).toBe(false);
    actor.send({ type: 'status.choose', status: 'rejected' });
    expect(actor.getSnapshot().can({ type: 'refund.update' })).toBe(true);
  });

  it('sends status, order and version, then notifies and reloads the refund list', async () => {
    const { actor, calls } = start(async () => decided);
    actor.send({ type: 'status.choose', status: 'accepted' });
    actor.send({ type: 'refund.update' });
    await settle();
    expect(calls.sent).toEqual([{ order: 7, status: 'accepted', version: 1 }]);
    expect(actor.getSnapshot().value).toBe('updated');
    expect(actor.getSnapshot().context).toMatchObject({ status: 'accepted', version: 2 });
    expect(calls).toMatchObject({ notified: 1, reloaded: 1 });
    // Choosing the status it now has gives nothing to send.
    actor.send({ type: 'status.choose', status: 'accepted' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('on a 409 shows the message and reloads the list; other failures only show the message', async () => {
    const conflict = start(async () => { throw httpError('This refund has already been decided', 409); });
    conflict.actor.send({ type: 'status.choose', status: 'rejected' });
    conflict.actor.send({ type: 'refund.update' });
    await settle();
    expect(conflict.actor.getSnapshot().value).toBe('conflicted');
    expect(conflict.actor.getSnapshot().context.error).toBe('This refund has already been decided');
    expect(conflict.calls.reloaded).toBe(1);

    const broken = start(async () => { throw httpError('Request failed with status code 500', 500); });
    broken.actor.send({ type: 'status.choose', status: 'rejected' });
    broken.actor.send({ type: 'refund.update' });
    await settle();
    expect(broken.actor.getSnapshot().value).toBe('failed');
    expect(broken.calls.reloaded).toBe(0);
  });
});
