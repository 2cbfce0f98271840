import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { rescheduleMachine, type RescheduleCall } from '../../machines/reschedule.machine';
import type { RescheduleResult } from '../../openapi/schema';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedReschedule } from '../support/expected/reschedule';
import { rescheduleModel } from '../support/reschedule-model';

const movable = { id: 7, reschedule: { allowed: true, fee: 16.5 } };

describeExpectedWalks(expectedReschedule);

describe('reschedule machine behaviour', () => {
  it('opens only for a booking the server says can move, with its fee', () => {
    const actor = createActor(rescheduleModel.machine).start();
    actor.send({ type: 'dialog.open', order: { id: 8, reschedule: { allowed: false, fee: 0 } } });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'dialog.open', order: movable });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ orderId: 7, fee: 16.5, date: '', time: '' });
  });

  it('confirms only once a whole date and time are typed (hasTime)', () => {
    const actor = createActor(rescheduleModel.machine).start();
    actor.send({ type: 'dialog.open', order: movable });
    actor.send({ type: 'reschedule.confirm' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'date.change', value: '2099-06-02' });
    actor.send({ type: 'time.change', value: 'incomplete' });
    actor.send({ type: 'reschedule.confirm' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'time.change', value: '10:30' });
    actor.send({ type: 'reschedule.confirm' });
    expect(actor.getSnapshot().value).toBe('rescheduling');
  });

  it('sends the fee shown; on success toasts, closes and reloads; on failure keeps the time and the message', async () => {
    const seen: string[] = [];
    const calls: RescheduleCall[] = [];
    let fail = true;
    const actor = createActor(
      rescheduleMachine.provide({
        actors: {
          rescheduleOrder: fromPromise(async ({ input }) => {
            calls.push(input);
            if (fail) throw new Error('A rescheduling fee of £16.50 (30%) applies now: please confirm again');
            return { message: 'Booking rescheduled', fee: 16.5, due: '2099-06-02T09:30:00.000Z', total: 71.5 };
          }),
        },
        actions: { notifyRescheduled: () => seen.push('toast'), reloadOrders: () => seen.push('reload') },
      }),
    ).start();
    actor.send({ type: 'dialog.open', order: movable });
    actor.send({ type: 'date.change', value: '2099-06-02' });
    actor.send({ type: 'time.change', value: '10:30' });
    actor.send({ type: 'reschedule.confirm' });
    await waitFor(actor, (s) => !s.matches('rescheduling'));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ date: '2099-06-02', time: '10:30', error: 'A rescheduling fee of £16.50 (30%) applies now: please confirm again' });
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => !s.matches('rescheduling'));
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls).toEqual([
      { orderId: 7, date: '2099-06-02', time: '10:30', fee: 16.5 },
      { orderId: 7, date: '2099-06-02', time: '10:30', fee: 16.5 },
    ]);
    expect(seen).toEqual(['toast', 'reload']);
    expect(actor.getSnapshot().context).toEqual({ orderId: null, fee: 0, move: null, date: '', time: '', error: null, canRetry: false });
  });

  it('opened from a closure\'s link (decision 048): free even when the terms charge or refuse, and the link is sent', async () => {
    const calls: unknown[] = [];
    const actor = createActor(
      rescheduleMachine.provide({
        actors: {
          rescheduleOrder: fromPromise(async ({ input }) => {
            calls.push(input);
            return { message: 'Booking rescheduled', fee: 0, due: '2099-06-02T09:30:00.000Z', total: 55 };
          }),
        },
      }),
    ).start();
    const charged = { ...movable, reschedule: { allowed: true, fee: 16.5, freeUntil: null } };
    actor.send({ type: 'dialog.open', order: charged, move: '7.signed' });
    expect(actor.getSnapshot().context).toMatchObject({ orderId: 7, fee: 0, move: '7.signed' });
    actor.send({ type: 'date.change', value: '2099-06-02' });
    actor.send({ type: 'time.change', value: '10:30' });
    actor.send({ type: 'reschedule.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls).toEqual([{ orderId: 7, date: '2099-06-02', time: '10:30', fee: 0, move: '7.signed' }]);
    // Without the link, a visit whose terms refuse a move does not open.
    actor.send({ type: 'dialog.open', order: { ...movable, reschedule: { allowed: false, fee: 0, reason: 'The booking cannot be rescheduled once the job has started' } } });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'dialog.open', order: { ...movable, reschedule: { allowed: false, fee: 0, reason: 'The booking cannot be rescheduled once the job has started' } }, move: '7.signed' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });
});

describe('reschedule: Try again only when sending again can help (issue 25 §5)', () => {
  const open = { type: 'dialog.open', order: { id: 7, reschedule: { allowed: true, fee: 0 } } } as const;
  for (const [what, error, canRetry] of [
    ['a 409 (that time was just taken)', Object.assign(new Error('That time was just taken — please choose another'), { status: 409 }), false],
    ['a 400 (a time the checkout refuses)', Object.assign(new Error("Online bookings need 24 hours' notice"), { status: 400 }), false],
    ['a 503', Object.assign(new Error('Service unavailable'), { status: 503 }), true],
    ['a network failure', new Error('Network Error'), true],
  ] as const) {
    it(`${what}: ${canRetry ? 'Try again sends it again' : 'no Try again; another time first'}`, async () => {
      let calls = 0;
      const machine = rescheduleMachine.provide({ actors: { rescheduleOrder: fromPromise<RescheduleResult, RescheduleCall>(async () => {
        calls++;
        throw error;
      }) } });
      const actor = createActor(machine).start();
      actor.send(open as never);
      actor.send({ type: 'date.change', value: '2030-01-10' });
      actor.send({ type: 'time.change', value: '10:00' });
      actor.send({ type: 'reschedule.confirm' });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().can({ type: 'retry' })).toBe(canRetry);
      actor.send({ type: 'retry' });
      expect(actor.getSnapshot().matches('rescheduling')).toBe(canRetry);
      if (!canRetry) expect(calls).toBe(1);
    });
  }
});
