import { STANDARD_VAT_PERCENT } from '../../domain/money/pricing';
import { DISCOUNT_EARNED_AFTER_VISITS } from '../../domain/terms/booking-terms';
import type { Database } from '../db/database';
import { ledgerRepository } from '../repositories/ledger';
import { orderRepository } from '../repositories/orders';
import { type Pence } from '../../domain/money/money';
import type { MailOutbox } from '../queue';
import { documentLaterCharges } from './later-documents';

/**
 * A frequency discount is earned, not had (issue 23 row 7, decision 037): a series's discount is
 * kept once EARNED_AFTER_VISITS of its visits have taken place. A series ended before that gives back
 * the discount of the visits already done: each done visit is re-priced at the one-off price, and the
 * difference (the discount its lines took off) is added to the latest done visit as one line, so its
 * order, invoice and balance show it; the terms say so in booking-terms.ts. This is the only place that records it.
 */
export const EARNED_AFTER_VISITS = DISCOUNT_EARNED_AFTER_VISITS;
export const UNEARNED_DISCOUNT_NAME = 'Frequency discount not earned (series ended early)';

/** What ending the series now would charge back, and on which visit at which rate; null when nothing. */
export interface UnearnedDiscount {
  amount: Pence;
  orderId: number;
  vatPercent: number;
}

/**
 * The one rule, read by "End the series" (which charges it) and by the series' answer (which shows
 * it before Confirm, `endingCost`): so the price said is the price charged. `lock` takes the done
 * visits' rows, as ending does.
 */
export async function unearnedDiscount(db: Database, seriesId: number, now: Date, options: { lock?: boolean } = {}): Promise<UnearnedDiscount | null> {
  // Done: the visit's time has come and it was not cancelled (it took place, or is taking place).
  const done = await orderRepository(db).doneSeriesVisits(seriesId, now, options.lock);
  if (done.length === 0 || done.length >= EARNED_AFTER_VISITS) return null;
  const ledgers = await ledgerRepository(db).forOrders(done.map((visit) => visit.id));
  const discounts = [...ledgers.values()].flat().filter((line) => line.kind === 'discount');
  const amount = discounts.reduce((sum, line) => sum - line.amount, 0);
  if (amount <= 0) return null;
  const last = done.at(-1)!;
  const vatPercent = discounts[0]?.vatPercent ?? ledgers.get(last.id)?.find((line) => line.vatPercent !== null)?.vatPercent ?? STANDARD_VAT_PERCENT;
  return { amount, orderId: last.id, vatPercent };
}

/** Charges the discount of the done visits back when the series ends early; answers what it charged (pence, 0 if earned). */
export async function chargeUnearnedDiscount(tx: Database, seriesId: number, outbox: MailOutbox, now: Date): Promise<Pence> {
  const unearned = await unearnedDiscount(tx, seriesId, now, { lock: true });
  if (!unearned) return 0;
  // A ledger line on the latest done visit (decision 036): its total, invoice and balance show it.
  await ledgerRepository(tx).add({
    orderId: unearned.orderId, kind: 'fee', name: UNEARNED_DISCOUNT_NAME, amount: unearned.amount, vatPercent: unearned.vatPercent,
    actorId: null, actor: 'Terms', at: now,
  });
  // A visit already invoiced gets a VAT invoice for the discount charged back (decision 059).
  await documentLaterCharges(tx, unearned.orderId, outbox, now);
  return unearned.amount;
}
