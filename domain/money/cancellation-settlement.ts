import type { LedgerTotals } from './ledger';
import type { Pence } from './money';

/**
 * What an accepted cancellation does to a paid order's money (decision 065), in pence: the order
 * is credited down to the fee it keeps, and what was paid and not yet given back beyond that fee is
 * refunded. Every charge on the order counts — the booking, a late fee, a staff charge paid or not —
 * because the job it priced will not happen; only the terms' fee stays owed, and only out of money
 * the company holds, so the cancelled order's balance is exactly zero afterwards.
 */
export interface CancellationSettlement {
  /**
   * The fee the cancellation costs: on a paid order what it keeps (never more than it cost or than
   * was paid and not given back), which is then all the order costs; on an unpaid one the terms' fee, owed.
   */
  fee: Pence;
  /** The credit the ledger gets (≥ 0): the order's total down to the fee kept. */
  credit: Pence;
  /** What the provider gives back (≥ 0). */
  refund: Pence;
}

/**
 * `fee`: the terms' fee fixed when the cancellation was asked for. An order nothing was paid for is
 * left as it is (decision 032: its fee is owed, not kept): no credit, no refund.
 */
export function settleCancellation(totals: Pick<LedgerTotals, 'total' | 'paid' | 'refunded'>, fee: Pence): CancellationSettlement {
  if (totals.paid <= 0) return { fee, credit: 0, refund: 0 };
  const held = Math.max(0, totals.paid - totals.refunded);
  // A fee is kept out of what was paid (decision 032); a staff credit may have brought the total below it.
  const kept = Math.max(0, Math.min(fee, totals.total, held));
  return { fee: kept, credit: Math.max(0, totals.total - kept), refund: held - kept };
}
