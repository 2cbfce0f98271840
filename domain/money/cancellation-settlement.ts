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
  /**
   * The fee written to the ledger as owed (≥ 0; issue 33 row 1, decision 070): on an order nothing
   * was paid for, a late cancellation or skip adds its fee as a line of its own, the job's price credited.
   */
  owed: Pence;
}

/**
 * `fee`: the terms' fee fixed when the cancellation was asked for. On an order nothing was paid for
 * the fee is owed, not kept (decision 032), and written down as owed (decision 070): the job's price
 * (the total less the fees already owed, such as a late rescheduling's) is credited and the fee is
 * charged, so the ledger's balance is exactly what is owed. Cancelled free, it is left as it is.
 */
export function settleCancellation(totals: Pick<LedgerTotals, 'total' | 'paid' | 'refunded'> & { fees?: Pence }, fee: Pence): CancellationSettlement {
  if (totals.paid <= 0) {
    if (fee <= 0) return { fee: 0, credit: 0, refund: 0, owed: 0 };
    return { fee, credit: Math.max(0, totals.total - (totals.fees ?? 0)), refund: 0, owed: fee };
  }
  const held = Math.max(0, totals.paid - totals.refunded);
  // A fee is kept out of what was paid (decision 032); a staff credit may have brought the total below it.
  const kept = Math.max(0, Math.min(fee, totals.total, held));
  return { fee: kept, credit: Math.max(0, totals.total - kept), refund: held - kept, owed: 0 };
}

/**
 * What a cancellation request gives back and keeps of what was paid, in pence, from the ledger (issue
 * 33 row 7, decision 070): while pending, what accepting would (the settlement above); once accepted,
 * what the ledger shows was refunded and is still held; rejected, nothing. An order never paid keeps
 * nothing: its fee is owed (its balance due), not kept.
 */
export function refundFigures(
  status: 'pending' | 'accepted' | 'rejected', totals: Pick<LedgerTotals, 'total' | 'paid' | 'refunded' | 'fees'>, fee: Pence,
): { refunded: Pence; kept: Pence } {
  if (status === 'rejected') return { refunded: 0, kept: 0 };
  if (status === 'accepted') return { refunded: totals.refunded, kept: totals.paid > 0 ? Math.max(0, totals.paid - totals.refunded) : 0 };
  const settled = settleCancellation(totals, fee);
  return { refunded: settled.refund, kept: totals.paid > 0 ? settled.fee : 0 };
}
