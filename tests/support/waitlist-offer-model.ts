import { fromPromise } from 'xstate';
import { waitlistOfferMachine } from '../../machines/waitlist-offer.machine';
import type { CheckoutResponse, WaitlistOffer } from '../../openapi/schema';

/**
 * The waiting list offer machine's model (decision 056), shared by the unit walks
 * (tests/machines/waitlist-offer.machine.test.ts) and the browser walks (tests/e2e/waitlist-offer-paths.spec.ts).
 * The actors never settle: each path delivers the done and error events itself.
 */
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

export const OFFER_TOKEN = 'A'.repeat(43);
export const HELD_OFFER: WaitlistOffer = {
  order_id: 7, date: '2099-06-03', time: '09:00', due: '2099-06-03T08:00:00.000Z', held_until: '2099-05-20T11:00:00.000Z', service: 'House Keeping', total: 54, contact: null,
};

export const waitlistOfferModel = {
  machine: waitlistOfferMachine.provide({ actors: { getWaitlistOffer: never<WaitlistOffer>(), checkoutWaitlistOffer: never<CheckoutResponse>() } }),
  inputs: [undefined],
  events: [
    { type: 'offer.open', token: OFFER_TOKEN },
    { type: 'xstate.done.actor.getWaitlistOffer', output: HELD_OFFER },
    { type: 'xstate.error.actor.getWaitlistOffer', error: Object.assign(new Error('This offer has expired'), { status: 409 }) },
    { type: 'details.change', field: 'address', value: '221B Baker Street' },
    { type: 'details.change', field: 'city', value: 'London' },
    { type: 'details.change', field: 'code_postal', value: 'NW1 6XE' },
    { type: 'details.change', field: 'phone', value: '020 7946 0000' },
    { type: 'payment.change', value: 'card' },
    { type: 'offer.book' },
    { type: 'xstate.done.actor.checkoutWaitlistOffer', output: { message: 'Payment was successfully !', payment: 'cash' } },
    { type: 'xstate.error.actor.checkoutWaitlistOffer', error: new Error('Network Error') },
    { type: 'xstate.error.actor.checkoutWaitlistOffer', error: Object.assign(new Error('This offer was used already'), { status: 409 }) },
    { type: 'retry' },
    { type: 'dialog.close' },
  ],
};
