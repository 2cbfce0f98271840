import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { quoteMachine, type QuoteChoices } from '../../../machines/quote.machine';
import type { bookingMachine } from '../../../machines/booking.machine';
import { createOrder } from '../../api/create-order';
import { createQuoteActor } from '../../api/create-quote';
import { loadQuoteOptionsActor } from '../../api/get-quote-options';
import { inspect } from '../inspector';
import { readDraft, saveDraft } from '../../lib/form-drafts';
import type { NewOrderRequest, OrderSummary, QuoteOptions } from '../../../openapi/schema';

type QuoteRef = ActorRefFrom<typeof quoteMachine>;
type BookingRef = ActorRefFrom<typeof bookingMachine>;

/** The quote choices of /properties/:id kept as the user's draft, with the service they belong to. */
export interface QuoteDraft {
  serviceId: number;
  choices: QuoteChoices;
}

export function readQuoteDraft(owner: number | null, serviceId: number): QuoteChoices | undefined {
  const draft = readDraft<QuoteDraft>('booking.quote', owner);
  return draft?.serviceId === serviceId ? draft.choices : undefined;
}

export function saveQuoteDraft(owner: number | null, draft: QuoteDraft): void {
  saveDraft('booking.quote', owner, draft);
}

/**
 * The quote machine of /properties/:id: its choices start from `choices` and are kept as a draft
 * (once `keeping` says so: a page hydrated from the build's HTML first joins the kept draft);
 * `options` the page arrived with (prerendered) are shown at once instead of being loaded.
 */
export function useBookingQuote(
  owner: number | null,
  serviceId: number,
  choices: QuoteChoices | undefined,
  options: QuoteOptions | null = null,
  keeping: { readonly current: boolean } = { current: true },
): QuoteRef {
  return useActorRef(
    quoteMachine.provide({
      actors: { loadOptions: loadQuoteOptionsActor, createQuote: createQuoteActor },
      actions: { keepChoices: ({ context }) => keeping.current && saveQuoteDraft(owner, { serviceId, choices: context.choices }) },
    }),
    { input: { serviceId, options, ...(choices ? { choices } : {}) }, inspect },
  );
}

/** The cart's items are the quote's: every change of the cart is sent on (and once prices are loaded). */
export function useCartInQuote(bookingRef: BookingRef, quoteRef: QuoteRef): void {
  const cart = useSelector(bookingRef, (s) => s.context.cart.map(({ id, quantity }) => `${id}x${quantity}`).join(','));
  const ready = useSelector(quoteRef, (s) => s.matches('choosing'));
  useEffect(() => {
    if (!ready) return;
    const items = cart ? cart.split(',').map((line) => { const [id, quantity] = line.split('x').map(Number); return { id: id!, quantity: quantity! }; }) : [];
    quoteRef.send({ type: 'items.set', items });
  }, [cart, ready, quoteRef]);
}

/** A change of the quote's postcode, frequency or extras is told to the booking (a failed Next's error goes). */
export function useQuoteChangesInBooking(bookingRef: BookingRef, quoteRef: QuoteRef): void {
  const priced = useSelector(quoteRef, (s) => JSON.stringify([s.context.choices.postcode, s.context.choices.frequency, s.context.choices.extras]));
  useEffect(() => {
    bookingRef.send({ type: 'quote.change' });
  }, [priced, bookingRef]);
}

/**
 * Next creates the order from the quote of exactly the cart shown: it waits for the price being
 * asked, then orders at that quote (the server charges the quote's total, never the client's).
 */
export function orderFromQuoteActor(quoteRef: QuoteRef) {
  return fromPromise<OrderSummary, NewOrderRequest>(async ({ input }) => {
    const settled = await waitFor(quoteRef, (s) => !s.matches({ choosing: 'quoting' }) && !s.matches('loadingOptions'), { timeout: 30_000 });
    const quote = settled.matches({ choosing: 'quoted' }) ? settled.context.quote : null;
    if (!quote) throw new Error(settled.context.error ?? 'The price could not be given: please try again');
    return createOrder({ ...input, quote: quote.id });
  });
}
