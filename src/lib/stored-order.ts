import type { OrderSummary } from '../../openapi/schema';
import { forgetDraft, readDraft, saveDraft } from './form-drafts';


/** localStorage key of the order between /properties and /placeorder (R-BOOK-3). */
export const storedOrderKey = 'myService';

/** The cart of /properties/:id as a draft: which service, which items, and the order Next created. */
export interface CartDraft {
  serviceId: number;
  cart: { id: number; quantity: number }[];
  /** The draft order Next created from this cart (its summary is `myService`), null before Next. */
  orderId: number | null;
}

export function readCartDraft(owner: number | null | undefined): CartDraft | null {
  const draft = readDraft<CartDraft>('booking.cart', owner);
  if (!draft || typeof draft.serviceId !== 'number' || !Array.isArray(draft.cart)) return null;
  return draft;
}

export function saveCartDraft(owner: number | null | undefined, draft: CartDraft): void {
  saveDraft('booking.cart', owner, draft);
}

/**
 * The order created on /properties, so /placeorder survives a reload; null when absent, unreadable,
 * or not made by `owner` (a draft belongs to the person who made it: on a shared browser the next
 * person never sees it).
 */
export function readStoredOrder(owner: number | null | undefined): OrderSummary | null {
  try {
    const raw = localStorage.getItem(storedOrderKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<OrderSummary> | null;
    // Anything else under the key (a hand edit, an older app) is not an order to pay.
    if (!value || typeof value.id !== 'number' || typeof value.name !== 'string' || typeof value.total !== 'number') return null;
    if (!Array.isArray(value.items)) return null;
    if (readCartDraft(owner)?.orderId !== value.id) {
      localStorage.removeItem(storedOrderKey);
      return null;
    }
    return value as OrderSummary;
  } catch {
    return null;
  }
}

/** Keeps the order Next created (under `myService`, as R-BOOK-3 says) and marks it as `owner`'s. */
export function storeOrder(owner: number | null | undefined, serviceId: number, cart: CartDraft['cart'], order: OrderSummary | null): void {
  if (!order) return;
  localStorage.setItem(storedOrderKey, JSON.stringify(order));
  saveCartDraft(owner, { serviceId, cart, orderId: order.id });
}

/** After checkout: the order, its cart and the place-order form are done with. */
export function forgetBooking(): void {
  localStorage.removeItem(storedOrderKey);
  forgetDraft('booking.cart');
  forgetDraft('booking.form');
  forgetDraft('booking.quote');
}

/**
 * The quotes (`?quote=` of /properties/:id, carried through login or register) whose choices have
 * already started a booking in this browser. A quote starts one booking only: an old tab, a
 * history entry or the mailed link opened again after that booking must not tick its choices
 * again (a one-off could become a series by accident; decision 076). The newest 20 are kept.
 */
const appliedQuotesKey = 'applied-quotes';

function appliedQuotes(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(appliedQuotesKey) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function quoteAlreadyApplied(quoteId: string): boolean {
  return appliedQuotes().includes(quoteId);
}

export function markQuoteApplied(quoteId: string): void {
  try {
    localStorage.setItem(appliedQuotesKey, JSON.stringify([quoteId, ...appliedQuotes().filter((id) => id !== quoteId)].slice(0, 20)));
  } catch {
    // Storage refused: nothing to remember with.
  }
}
