import type { ActorRefFrom } from 'xstate';
import type { bookingMachine } from '../../../machines/booking.machine';
import { EMPTY_CHOICES, type quoteMachine } from '../../../machines/quote.machine';
import { readCartDraft, saveCartDraft } from '../../lib/stored-order';
import { readQuoteDraft, saveQuoteDraft } from '../../shared/quote/booking-quote';

type BookingRef = ActorRefFrom<typeof bookingMachine>;
type QuoteRef = ActorRefFrom<typeof quoteMachine>;

/**
 * /properties/:id hydrated from the build's HTML (a visitor's page: an empty cart, the default
 * choices) joins what the user kept from an earlier visit (the cart and quote drafts) into the
 * machines the page already runs, then keeps the result as the drafts. A choice made on this page
 * (before start-up or since) wins: the person saw the page without the kept ones and chose on it.
 * Sent as the events a tap sends, so the machines need no second way in.
 */
export function joinKeptChoices(owner: number | null, serviceId: number, booking: BookingRef, quote: QuoteRef): void {
  const kept = readCartDraft(owner);
  for (const line of kept?.serviceId === serviceId ? kept.cart : []) {
    if (booking.getSnapshot().context.cart.some(({ id }) => id === line.id)) continue;
    booking.send({ type: 'items.toggle', itemId: line.id });
    if (line.quantity !== 1) booking.send({ type: 'items.setQuantity', itemId: line.id, quantity: line.quantity });
  }
  const keptChoices = readQuoteDraft(owner, serviceId);
  if (keptChoices) {
    const now = () => quote.getSnapshot().context.choices;
    if (now().frequency === EMPTY_CHOICES.frequency && keptChoices.frequency !== now().frequency) {
      quote.send({ type: 'frequency.choose', frequency: keptChoices.frequency });
    }
    for (const extra of keptChoices.extras) {
      if (now().extras.some(({ id }) => id === extra.id)) continue;
      quote.send({ type: 'extras.toggle', extraId: extra.id });
      if (extra.quantity !== 1) quote.send({ type: 'extras.setQuantity', extraId: extra.id, quantity: extra.quantity });
    }
    if (now().postcode === '' && keptChoices.postcode !== '') quote.send({ type: 'postcode.change', postcode: keptChoices.postcode });
  }
  const cart = booking.getSnapshot().context.cart.map(({ id, quantity }) => ({ id, quantity }));
  // As `keepCart` does: the order Next made stays the cart's only while the cart is the same.
  const same = kept?.serviceId === serviceId && JSON.stringify(kept.cart.map(({ id, quantity }) => ({ id, quantity }))) === JSON.stringify(cart);
  saveCartDraft(owner, { serviceId, cart, orderId: same ? kept.orderId : null });
  saveQuoteDraft(owner, { serviceId, choices: quote.getSnapshot().context.choices });
}
