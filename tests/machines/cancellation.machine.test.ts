import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cancellationMachine, type RefundCall } from '../../machines/cancellation.machine';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedCancellation } from '../support/expected/cancellation';

const machine = expectedCancellation.machine;
const cancellable = { id: 7, cancellation: { allowed: true, fee: 15 } };

describeExpectedWalks(expectedCancellation);

describe('cancellation machine behaviour', () => {
  it('opens only for an order the server says can be cancelled, with its fee', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'dialog.open', order: { id: 8, cancellation: { allowed: false, fee: 0 } } });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'dialog.open', order: cancellable });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ orderId: 7, fee: 15, reason: '' });
  });

  it('sends only with a reason that is not blank (hasReason)', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'dialog.open', order: cancellable });
    actor.send({ type: 'reason.send' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'reason.change', value: '  \n ' });
    actor.send({ type: 'reason.send' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'reason.change', value: 'Moving house' });
    actor.send({ type: 'reason.send' });
    expect(actor.getSnapshot().value).toBe('sending');
  });

  it('on success toasts, closes and reloads the orders; on failure keeps the reason and the message', async () => {
    const seen: string[] = [];
    const calls: RefundCall[] = [];
    let fail = true;
    const actor = createActor(
      cancellationMachine.provide({
        actors: {
          requestRefund: fromPromise(async ({ input }) => {
            calls.push(input);
            if (fail) throw new Error('This order was already cancelled');
            return { message: 'sent', fee: 15 };
          }),
        },
        actions: { notifySent: () => seen.push('toast'), reloadOrders: () => seen.push('reload') },
      }),
    ).start();
    actor.send({ type: 'dialog.open', order: cancellable });
    actor.send({ type: 'reason.change', value: ' Moving house ' });
    actor.send({ type: 'reason.send' });
    await waitFor(actor, (s) => !s.matches('sending'));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('This order was already cancelled');
    expect(actor.getSnapshot().context.reason).toBe(' Moving house ');
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => !s.matches('sending'));
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ orderId: null, reason: '', error: null });
    expect(seen).toEqual(['toast', 'reload']);
    expect(calls).toEqual([
      { orderId: 7, reason: 'Moving house' },
      { orderId: 7, reason: 'Moving house' },
    ]);
  });

  it('keeps the reason as it is typed (keepReason) and forgets it once sent or closed (forgetReason)', () => {
    const seen: string[] = [];
    const actor = createActor(
      machine.provide({
        actions: {
          keepReason: ({ context }) => seen.push(`keep #${context.orderId} ${context.reason}`),
          forgetReason: () => seen.push('forget'),
        },
      }),
    ).start();
    actor.send({ type: 'dialog.open', order: { id: 7, cancellation: { allowed: true, fee: 0 } } });
    actor.send({ type: 'reason.change', value: 'Moving' });
    actor.send({ type: 'reason.send' });
    actor.send({ type: 'xstate.error.actor.requestRefund', error: new Error('Your session has expired') } as never);
    actor.send({ type: 'reason.change', value: 'Moving house' });
    actor.send({ type: 'dialog.close' });
    expect(seen).toEqual(['keep #7 Moving', 'keep #7 Moving house', 'forget']);
    actor.send({ type: 'dialog.open', order: { id: 7, cancellation: { allowed: true, fee: 0 } } });
    actor.send({ type: 'reason.change', value: 'Again' });
    actor.send({ type: 'reason.send' });
    actor.send({ type: 'xstate.done.actor.requestRefund', output: { message: 'ok', fee: 0 } } as never);
    expect(seen.slice(3)).toEqual(['keep #7 Again', 'forget']);
  });
});

it('cancellation: a failure that is not an Error shows "Network Error"; the dialog keeps the fee it opened with', async () => {
  const actor = createActor(
    cancellationMachine.provide({ actors: { requestRefund: fromPromise(() => Promise.reject('offline')) } }),
  ).start();
  actor.send({ type: 'dialog.open', order: cancellable });
  actor.send({ type: 'reason.change', value: 'Moving house' });
  actor.send({ type: 'reason.send' });
  await waitFor(actor, (s) => !s.matches('sending'));
  expect(actor.getSnapshot().context).toMatchObject({ error: 'Network Error', fee: 15, orderId: 7, reason: 'Moving house' });
  // Closing forgets it all: the next order opens clean.
  actor.send({ type: 'dialog.close' });
  actor.send({ type: 'dialog.open', order: { id: 9, cancellation: { allowed: true, fee: 0 } } });
  expect(actor.getSnapshot().context).toEqual({ orderId: 9, fee: 0, reason: '', error: null, canRetry: false });
});

