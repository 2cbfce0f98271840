/** The order's times the tax point is read from (its row's columns). */
interface SupplyTimes {
  paid_at: Date | null;
  completed_at: Date | null;
}

/**
 * The time of supply (tax point) printed on a VAT invoice (decision 042). A cleaning job is supplied
 * when it is done (the basic tax point), but a payment received or an invoice issued before that
 * makes the earlier date the tax point. So it is the earliest of: the card payment received, the
 * job completed, the invoice issued. A card-paid job is invoiced when the payment is confirmed (its
 * tax point is the payment); a cash job is paid, completed and invoiced on the day.
 */
export function timeOfSupply(order: SupplyTimes, issuedAt: Date): Date {
  const times = [order.paid_at, order.completed_at, issuedAt].filter((time): time is Date => time !== null).map((time) => new Date(time).getTime());
  return new Date(Math.min(...times));
}

/** Invoices issued before the time of supply was kept (036) were issued when they were paid for. */
export const suppliedAt = (invoice: { supplied_at: Date | null; issued_at: Date }): Date => new Date(invoice.supplied_at ?? invoice.issued_at);
