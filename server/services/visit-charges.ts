import type { Database } from '../db/database';
import { orderRepository } from '../repositories/orders';
import type { MailOutbox } from '../queue';
import { ledgerTotals } from '../../domain/money/ledger';
import { ledgerRepository } from '../repositories/ledger';
import type { PaymentProvider } from './payment-provider';
import { awaitsCardPayment, recordFailedPayment, recordPayment } from './payments';
import { chargeSavedCard } from './saved-cards';
import { CHARGE_AHEAD_MS } from '../../domain/terms/saved-card-charge';

/** The idempotency reason of a visit's own charge. */
export const VISIT_CHARGE = 'visit';

export interface VisitChargeDeps {
  db: Database;
  payments: PaymentProvider | null;
  outbox: MailOutbox;
  now: Date;
}

const BATCH = 100;

/**
 * Charges every visit of a series with a saved card that is due within the next 48 hours and still
 * awaits its card payment, with no failed attempt (after a refusal the visit waits for Pay now) and no
 * cancellation asked. The provider's idempotency key (order and amount) makes a rerun, or two runs at
 * once, charge each visit once: the second is answered the first charge and records nothing new.
 * Answers the visits paid.
 */
export async function chargeDueVisits(deps: VisitChargeDeps, now: Date = deps.now): Promise<number> {
  if (!deps.payments?.chargeSavedCard) return 0;
  const due = await orderRepository(deps.db).savedCardVisitsDue(now, new Date(now.getTime() + CHARGE_AHEAD_MS), BATCH);
  let paid = 0;
  for (const { id } of due) if (await chargeVisit({ ...deps, now }, id)) paid += 1;
  return paid;
}

/** One visit: charged, then recorded paid (receipt) or refused (Pay now mail, balance due for staff). */
async function chargeVisit(deps: VisitChargeDeps, orderId: number): Promise<boolean> {
  const order = await orderRepository(deps.db).find(orderId);
  // Re-read just before the charge: a visit paid, cancelled or refused since the list is left alone.
  if (!order || !awaitsCardPayment(order) || order.payment_failed_at !== null) return false;
  // What the ledger says is due (decision 045), not the order row: a staff credit or a clawback
  // added since booking is part of it.
  const due = ledgerTotals(await ledgerRepository(deps.db).forOrder(orderId)).balanceDue;
  if (due <= 0) return false;
  const result = await chargeSavedCard(deps, orderId, due, VISIT_CHARGE);
  if (result.status === 'no_card') return false;
  const provider = deps.payments!;
  return deps.db.transaction(async (tx) => {
    const locked = await orderRepository(tx).find(orderId, { forUpdate: true });
    if (!locked) return false;
    if (result.status === 'failed') {
      await recordFailedPayment(deps, tx, { orderId, reason: result.reason });
      return false;
    }
    return recordPayment(deps, tx, provider, locked, { amount: result.amountPence, paymentRef: result.paymentId });
  });
}
