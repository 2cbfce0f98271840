import { fromPromise } from 'xstate';
import type { OfferDetails } from '../../machines/waitlist-offer.machine';
import type { CheckoutResponse, JoinWaitlistRequest, Message, WaitlistDayEntry, WaitlistEntry, WaitlistOffer } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';
import { paymentPageUrl } from './payment-page';

/** Waiting lists for full days (decision 056): one call each, as the contract names them. */
export function joinWaitlist(body: JoinWaitlistRequest): Promise<WaitlistEntry> {
  return unwrap(api.POST('/waitlist', { body }));
}

export function listMyWaitlist(): Promise<WaitlistEntry[]> {
  return unwrap(api.GET('/waitlist'));
}

export function leaveWaitlist(id: number): Promise<Message> {
  return unwrap(api.DELETE('/waitlist/{id}', { params: { path: { id } } }));
}

/** The `leaveWaitlist` actor of My orders. */
export const leaveWaitlistActor = fromPromise<Message, { entryId: number }>(({ input }) => leaveWaitlist(input.entryId));

export function listDayWaitlist(date: string): Promise<WaitlistDayEntry[]> {
  return unwrap(api.GET('/admin/waitlist/{date}', { params: { path: { date } } }));
}

/** A held time behind a mailed link's token: a draft's offer, or a booked visit's move (decision 067). */
export function getWaitlistOffer(token: string): Promise<WaitlistOffer> {
  return unwrap(api.GET('/waitlist/offers/{token}', { params: { path: { token } } }));
}

/** The `getWaitlistOffer` actor of the offer machine. */
export const getWaitlistOfferActor = fromPromise<WaitlistOffer, { token: string }>(({ input }) => getWaitlistOffer(input.token));

/** The `checkoutWaitlistOffer` actor: the draft checked out at the held time; a card answer names its payment page. */
export const checkoutWaitlistOfferActor = fromPromise<CheckoutResponse, { token: string; details: OfferDetails }>(async ({ input }) => {
  const answer = await unwrap(api.POST('/waitlist/offers/{token}/checkout', { params: { path: { token: input.token } }, body: input.details }));
  return answer.shippingInfo ? { ...answer, shippingInfo: paymentPageUrl(answer.shippingInfo) } : answer;
});
