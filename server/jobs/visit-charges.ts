import type { Database } from '../db/database';
import type { PaymentProvider } from '../services/payment-provider';
import { chargeDueVisits } from '../services/visit-charges';
import { refundLatePayments } from '../services/late-payments';
import type { MailOutbox } from '../queue';

/**
 * Every hour at :23 (UTC): each visit of a series with a saved card is charged once it is 48 hours
 * or less ahead (decision 038), so at least 47 hours before it. Once per slot across instances; a
 * rerun charges nothing twice (the provider's idempotency key). Late payments not refunded yet are
 * retried in the same run (decision 071).
 */
export const VISIT_CHARGES_CRON = '23 * * * *';

export async function chargeVisitsDue(deps: { db: Database; payments: PaymentProvider | null; outbox: MailOutbox }, now: Date): Promise<number> {
  const charged = await chargeDueVisits({ ...deps, now });
  // Late payments the provider could not refund at once are retried here (decision 071).
  await refundLatePayments({ ...deps, now }, null);
  return charged;
}
