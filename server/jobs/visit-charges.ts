import type { Database } from '../db/database';
import type { PaymentProvider } from '../services/payment-provider';
import { chargeDueVisits } from '../services/visit-charges';
import type { MailOutbox } from '../queue';

/**
 * Every hour at :23 (UTC): each visit of a series with a saved card is charged once it is 48 hours
 * or less ahead (decision 038), so at least 47 hours before it. Once per slot across instances; a
 * rerun charges nothing twice (the provider's idempotency key).
 */
export const VISIT_CHARGES_CRON = '23 * * * *';

export function chargeVisitsDue(deps: { db: Database; payments: PaymentProvider | null; outbox: MailOutbox }, now: Date): Promise<number> {
  return chargeDueVisits({ ...deps, now });
}
