import { DISCOUNT_EARNED_AFTER_VISITS } from '../../src/lib/booking-terms';
import type { Database } from '../db/database';
import type { StoredPriceLine } from '../repositories/orders';
import { type Pence } from './money';
import { vatOf } from './pricing';

/**
 * A frequency discount is earned, not had (issue 23 row 7, decision 037): a series's discount is
 * kept once EARNED_AFTER_VISITS of its visits have taken place. A series ended before that gives back
 * the discount of the visits already done: each done visit is re-priced at the one-off price, and the
 * difference (the discount its lines took off) is added to the latest done visit as one line, so its
 * order, invoice and balance show it; the terms say so in booking-terms.ts. This is the only place that records it; when the ledger of
 * order lines (issue 23 item 1) lands, this is the one call to point at it.
 */
export const EARNED_AFTER_VISITS = DISCOUNT_EARNED_AFTER_VISITS;
export const UNEARNED_DISCOUNT_NAME = 'Frequency discount not earned (series ended early)';

interface DoneVisit {
  id: number;
  price_lines: StoredPriceLine[] | string | null;
}

/** Charges the discount of the done visits back when the series ends early; answers what it charged (pence, 0 if earned). */
export async function chargeUnearnedDiscount(tx: Database, seriesId: number, now: Date): Promise<Pence> {
  // Done: the visit's time has come and it was not cancelled (it took place, or is taking place).
  const done = await tx.query<DoneVisit>(
    `SELECT id, price_lines FROM orders
      WHERE series_id = $1 AND due_at <= $2 AND status <> 'cancelled'
      ORDER BY due_at, id FOR UPDATE`,
    [seriesId, now],
  );
  if (done.length === 0 || done.length >= EARNED_AFTER_VISITS) return 0;
  const linesOf = (visit: DoneVisit): StoredPriceLine[] =>
    (typeof visit.price_lines === 'string' ? (JSON.parse(visit.price_lines) as StoredPriceLine[]) : visit.price_lines) ?? [];
  const discounts = done.flatMap(linesOf).filter((line) => line.kind === 'discount');
  const amount = discounts.reduce((sum, line) => sum - line.amount, 0);
  if (amount <= 0) return 0;
  const last = done.at(-1)!;
  const vatPercent = discounts[0]?.vatPercent ?? linesOf(last)[0]?.vatPercent ?? 20;
  const line = { kind: 'fee', name: UNEARNED_DISCOUNT_NAME, amount, vatPercent };
  await tx.query(
    `UPDATE orders SET price_lines = COALESCE(price_lines, '[]'::jsonb) || $2::jsonb,
            total = total + $3::numeric / 100, vat = COALESCE(vat, 0) + $4::numeric / 100, version = version + 1
      WHERE id = $1`,
    [last.id, JSON.stringify([line]), amount, vatOf(amount, vatPercent)],
  );
  return amount;
}
