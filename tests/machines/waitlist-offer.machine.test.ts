import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { waitlistOfferMachine } from '../../machines/waitlist-offer.machine';
import type { CheckoutResponse } from '../../openapi/schema';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedWaitlistOffer } from '../support/expected/waitlist-offer';
import { HELD_OFFER, OFFER_TOKEN } from '../support/waitlist-offer-model';

describeExpectedWalks(expectedWaitlistOffer);

describe('waiting list offer machine behaviour', () => {
  it('loads the offer by its token, books the draft at the held time with the details typed and card, then goes to the payment page the answer names', async () => {
    const calls: unknown[] = [];
    const seen: string[] = [];
    const actor = createActor(
      waitlistOfferMachine.provide({
        actors: {
          getWaitlistOffer: fromPromise(async ({ input }) => (calls.push(input), HELD_OFFER)),
          checkoutWaitlistOffer: fromPromise(async ({ input }): Promise<CheckoutResponse> => (calls.push(input), { message: 'Payment was successfully !', payment: 'card', shippingInfo: '/test-payments/abc', reference: 1 })),
        },
        actions: { goToPayment: (_, params) => seen.push(params.answer.shippingInfo ?? ''), reloadOrders: () => seen.push('reload') },
      }),
    ).start();
    actor.send({ type: 'offer.open', token: OFFER_TOKEN });
    await waitFor(actor, (s) => s.matches('offered'));
    for (const [field, value] of [['address', '1 High Street'], ['city', 'London'], ['code_postal', 'SW1A 2AA'], ['phone', '020 7946 0000']] as const) {
      actor.send({ type: 'details.change', field, value });
    }
    actor.send({ type: 'payment.change', value: 'card' });
    actor.send({ type: 'offer.book' });
    await waitFor(actor, (s) => s.matches('payingByCard'));
    expect(calls).toEqual([
      { token: OFFER_TOKEN },
      { token: OFFER_TOKEN, details: { address: '1 High Street', city: 'London', code_postal: 'SW1A 2AA', phone: '020 7946 0000', client_note: '', payment: 'card' } },
    ]);
    expect(seen).toEqual(['/test-payments/abc']);
  });

  it('fills in the address and phone given before, so Book this time needs nothing typed (decision 085)', () => {
    const contact = { address: '10 Downing Street', city: 'London', code_postal: 'SW1A 2AA', phone: '020 7925 0918' };
    const actor = createActor(waitlistOfferMachine).start();
    actor.send({ type: 'offer.open', token: OFFER_TOKEN });
    actor.send({ type: 'xstate.done.actor.getWaitlistOffer', output: { ...HELD_OFFER, contact } } as never);
    expect(actor.getSnapshot().context.details).toEqual({ ...contact, client_note: '', payment: 'cash' });
    actor.send({ type: 'offer.book' });
    expect(actor.getSnapshot().value).toBe('booking');
  });

  it('does not book with a postcode or phone that is not one', () => {
    const actor = createActor(waitlistOfferMachine).start();
    actor.send({ type: 'offer.open', token: OFFER_TOKEN });
    actor.send({ type: 'xstate.done.actor.getWaitlistOffer', output: HELD_OFFER } as never);
    for (const [field, value] of [['address', '1 High Street'], ['city', 'London'], ['code_postal', 'NOT A CODE'], ['phone', '020 7946 0000']] as const) {
      actor.send({ type: 'details.change', field, value });
    }
    actor.send({ type: 'offer.book' });
    expect(actor.getSnapshot().value).toBe('offered');
  });
});
