/**
 * What a customer calls an order: its gap-free reference (decision 043), given when the order is
 * placed; the id stays the staff's technical key (URLs, the back office's Order id). One home for
 * the words, so no screen or mail prints the id to a customer by mistake (decision 051).
 */
export interface Referenced {
  reference?: number | null;
}

/** "#12". A draft has no reference and is never given a number (a thrown error, not a gap or an id). */
export function orderReference(order: Referenced): string {
  if (order.reference === null || order.reference === undefined) throw new Error('An order not placed has no reference to show');
  return `#${order.reference}`;
}

/** "order #12", as a sentence names it. */
export const orderName = (order: Referenced) => `order ${orderReference(order)}`;

/** A screen's name for an order that may still be a draft (My orders lists those too): a draft gets no number. */
export const shownOrderName = (order: Referenced) => (order.reference ? orderName(order) : 'the order not placed yet');

/**
 * What the back office prints where the spec says "Order id": the same reference the customer reads
 * (decision 073), so an order has one number for everyone; a draft has none yet.
 */
export const orderNumberShown = (order: Referenced) => (order.reference ? orderReference(order) : 'Not placed yet');
