import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { myOrdersMachine } from '../../machines/my-orders.machine';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedCalls, expectedLinks } from '../support/expected/my-orders';
import { coverageOf, formatCoverage, pathsOf } from '../support/replay-paths';
import { heldFor, inputOf, myOrdersModel, ORDER, TRUSTED } from '../support/my-orders-model';

const NOT_IN_LIST = 'This link is for a booking that is not in your list: see your orders below';
const every = [inputOf(), inputOf({ held: 'held-token' }), inputOf({ move: '7.signed' }, { orderId: 7, reason: 'Moving house' }), inputOf({ move: '9.signed' })];

describeExpectedWalks(expectedCalls("my orders' calls", every[0]!), { coverageInputs: [] });
describeExpectedWalks(expectedLinks('my orders with no link', every[0]!), { coverageInputs: [] });
describeExpectedWalks(expectedLinks('my orders from a ?held link', every[1]!), { coverageInputs: [] });
describeExpectedWalks(expectedLinks('my orders from a ?move link, with a kept reason', every[2]!), { coverageInputs: [] });
describeExpectedWalks(expectedLinks('my orders from a ?move link to an order not in my lists', every[3]!), { coverageInputs: [] });

it('coverage: the links\' and the calls\' paths together reach every state and take every transition (reachability, not correctness)', () => {
  const paths = [
    ...every.flatMap((input) => pathsOf(myOrdersModel.machine, { events: Object.values(myOrdersModel.linkEvents), input })),
    ...pathsOf(myOrdersModel.machine, { events: Object.values(myOrdersModel.callEvents), input: every[0] }),
  ];
  const coverage = coverageOf(myOrdersModel.machine, paths);
  console.log(`${formatCoverage('my orders', coverage)} by ${paths.length} paths`);
  expect(coverage.states.missing).toEqual([]);
  expect(coverage.transitions.missing).toEqual([]);
});

/** The machine with the page's effects recorded: toasts, reloads and the payment page. */
function started(input: ReturnType<typeof inputOf>, actors: Record<string, unknown> = {}) {
  const seen: string[] = [];
  const actor = createActor(
    myOrdersModel.machine.provide({
      actors: actors as never,
      actions: {
        notify: (_, { message, tone }) => void seen.push(`${tone}: ${message}`),
        reloadLists: () => void seen.push('reload'),
        goToPayment: (_, { url }) => void seen.push(`go ${url}`),
      },
    }),
    { input },
  ).start();
  return { actor, seen, child: (id: 'cancellation' | 'reschedule' | 'series' | 'waitlistOffer') => actor.getSnapshot().children[id]!.getSnapshot() };
}

describe('my orders machine: the links of the mails', () => {
  it('?move opens that order\'s reschedule dialog, free, once the lists are there, and only once', () => {
    const { actor, child } = started(inputOf({ move: '7.signed' }));
    expect(child('reschedule').value).toBe('closed');
    actor.send(myOrdersModel.linkEvents.listsLoaded as never);
    expect(child('reschedule').value).toBe('choosing');
    expect(child('reschedule').context).toMatchObject({ orderId: 7, move: '7.signed', fee: 0 });
    actor.getSnapshot().children.reschedule!.send({ type: 'dialog.close' });
    actor.send(myOrdersModel.linkEvents.listsLoaded as never);
    expect(child('reschedule').value).toBe('closed');
  });

  it('?move for an order not in my lists says so and opens nothing', () => {
    const { actor, seen, child } = started(inputOf({ move: '9.signed' }));
    actor.send(myOrdersModel.linkEvents.listsLoaded as never);
    expect(child('reschedule').value).toBe('closed');
    expect(seen).toEqual([`error: ${NOT_IN_LIST}`]);
  });

  it('?direct_debit= (back from GoCardless\'s page, decision 100) says once what became of the Direct Debit', () => {
    expect(started(inputOf({ directDebit: 'set_up' })).seen).toEqual(['success: Direct Debit set up: each visit is collected after it is done']);
    expect(started(inputOf({ directDebit: 'pending' })).seen).toEqual(['success: Direct Debit not confirmed yet: GoCardless will tell us shortly, nothing is collected before it is']);
    const { actor, seen } = started(inputOf());
    actor.send(myOrdersModel.linkEvents.listsLoaded as never);
    expect(seen).toEqual([]);
  });

  it('?offer opens the offer dialog at once, loading that offer', () => {
    const { child } = started(inputOf({ offer: 'offer-token' }));
    expect(child('waitlistOffer').value).toBe('loadingOffer');
    expect(child('waitlistOffer').context).toMatchObject({ token: 'offer-token' });
  });

  it('?held asks the server for the held time and opens the visit\'s reschedule dialog at it', async () => {
    const tokens: string[] = [];
    const { actor, child } = started(inputOf({ held: 'held-token' }), {
      getHeldOffer: fromPromise(async ({ input }: { input: { token: string } }) => {
        tokens.push(input.token);
        return heldFor(7);
      }),
    });
    actor.send(myOrdersModel.linkEvents.listsLoaded as never);
    await waitFor(actor, (s) => s.matches({ links: 'opened' }));
    expect(tokens).toEqual(['held-token']);
    expect(actor.getSnapshot().context.held).toEqual(heldFor(7));
    expect(child('reschedule').value).toBe('choosing');
    expect(child('reschedule').context).toMatchObject({ orderId: 7, date: '2099-06-02', time: '10:30', move: null });
  });

  it('?held that has expired says the server\'s words; one for another\'s visit says it is not in the list', async () => {
    const gone = started(inputOf({ held: 'old' }), { getHeldOffer: fromPromise(async () => Promise.reject(new Error('This offer has expired'))) });
    gone.actor.send(myOrdersModel.linkEvents.listsLoaded as never);
    await waitFor(gone.actor, (s) => s.matches({ links: 'refused' }));
    expect(gone.seen).toEqual(['error: This offer has expired']);
    const elsewhere = started(inputOf({ held: 'other' }), { getHeldOffer: fromPromise(async () => heldFor(9)) });
    elsewhere.actor.send(myOrdersModel.linkEvents.listsLoaded as never);
    await waitFor(elsewhere.actor, (s) => s.matches({ links: 'refused' }));
    expect(elsewhere.seen).toEqual([`error: ${NOT_IN_LIST}`]);
    expect(elsewhere.child('reschedule').value).toBe('closed');
  });

  it('a reason kept from an expired session opens the cancel dialog again with it', () => {
    const { actor, child } = started(inputOf({}, { orderId: 7, reason: 'Moving house' }));
    actor.send(myOrdersModel.linkEvents.listsLoaded as never);
    expect(child('cancellation').value).toBe('open');
    expect(child('cancellation').context).toMatchObject({ orderId: 7, reason: 'Moving house' });
  });
});

describe('my orders machine: the buttons of the page', () => {
  it('Cancel, Reschedule, Skip and End the series open their dialogs', () => {
    const { actor, child } = started(inputOf());
    actor.send({ type: 'order.cancel', order: ORDER as never });
    actor.send({ type: 'order.reschedule', order: ORDER as never });
    actor.send({ type: 'visit.skip', visit: ORDER as never });
    expect([child('cancellation').value, child('reschedule').value, child('series').value]).toEqual(['open', 'choosing', 'confirming']);
  });

  it('Pay now goes to a trusted payment page and stays pending; an untrusted one is not opened and says why', async () => {
    const trusted = started(inputOf(), { payOrder: fromPromise(async () => `${TRUSTED}/pay/7`) });
    trusted.actor.send({ type: 'order.pay', order: { id: 7 } });
    await waitFor(trusted.actor, (s) => !s.matches({ payment: 'opening' }));
    expect(trusted.seen).toEqual([`go ${TRUSTED}/pay/7`]);
    expect(trusted.actor.getSnapshot().matches({ payment: 'leaving' })).toBe(true);
    trusted.actor.send({ type: 'payment.reset' });
    expect(trusted.actor.getSnapshot().matches({ payment: 'idle' })).toBe(true);
    const untrusted = started(inputOf(), { payOrder: fromPromise(async () => 'https://elsewhere.example/pay') });
    untrusted.actor.send({ type: 'order.pay', order: { id: 7 } });
    await waitFor(untrusted.actor, (s) => s.matches({ payment: 'failed' }));
    expect(untrusted.seen).toEqual([]);
    expect(untrusted.actor.getSnapshot().context).toMatchObject({ payingOrderId: 7, payError: 'The payment page address is not one we trust, so we did not open it.' });
  });

  it('Remove saved card and Leave toast the answer and read the lists again, either way', async () => {
    const { actor, seen } = started(inputOf(), {
      removeSeriesCard: fromPromise(async () => Promise.reject(new Error('Network Error'))),
      leaveWaitlist: fromPromise(async () => ({ message: 'You have left the waiting list' })),
    });
    actor.send({ type: 'card.remove', seriesId: 3 });
    actor.send({ type: 'waitlist.leave', entryId: 5 });
    expect(actor.getSnapshot().context).toMatchObject({ removingCardId: 3, leavingId: 5 });
    await waitFor(actor, (s) => s.matches({ savedCard: 'idle', waitlist: 'idle' }));
    expect(seen.sort()).toEqual(['error: Network Error', 'reload', 'reload', 'success: You have left the waiting list']);
    expect(actor.getSnapshot().context).toMatchObject({ removingCardId: null, leavingId: null });
  });
});

it('the page\'s machine is the one modelled', () => {
  expect(myOrdersModel.machine.id).toBe(myOrdersMachine.id);
});
