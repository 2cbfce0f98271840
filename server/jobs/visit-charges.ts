import type { Database } from '../db/database';
import type { PaymentProvider } from '../services/payment-provider';
import { chargeDueVisits } from '../services/visit-charges';
import { refundLatePayments } from '../services/late-payments';
import type { MailOutbox } from '../queue';
import type { DirectDebitProvider } from '../services/gocardless';
import { collectDoneVisits } from '../services/direct-debit';

/**
 * Every hour at :23 (UTC): each visit of a series with a saved card is charged once it is 48 hours
 * or less ahead (decision 038), so at least 47 hours before it. Once per slot across instances; a
 * rerun charges nothing twice (the provider's idempotency key). Late payments not refunded yet are
 * retried in the same run (decision 071). Series' visits by Direct Debit that are done are collected
 * in the same run (decision 093).
 */
export const VISIT_CHARGES_CRON = '23 * * * *';

export async function chargeVisitsDue(
  deps: { db: Database; payments: PaymentProvider | null; outbox: MailOutbox; directDebit?: DirectDebitProvider | null; office?: string | null },
  now: Date,
): Promise<number> {
  const charged = await chargeDueVisits({ ...deps, now });
  await collectDoneVisits({ db: deps.db, directDebit: deps.directDebit, outbox: deps.outbox, now, office: deps.office ?? null });
  // Late payments the provider could not refund at once are retried here (decision 071).
  await refundLatePayments({ ...deps, now }, null);
  return charged;
}
