import type { LedgerTotals } from './ledger';
import type { Pence } from './money';
import { CANCELLED_STATUS } from '../orders/order-statuses';

/**
 * What is still owed, as people are shown it, never below zero. On a cancelled order only its fees
 * (decision 070): a late cancellation's or skip's fee written down as owed, a late rescheduling's;
 * the price of a job that will not happen is never asked for (an unpaid order cancelled free keeps
 * its price on its ledger, decision 065's consequences).
 */
export function balanceDueOf(order: { status: string }, totals: LedgerTotals): Pence {
  const owed = Math.max(0, totals.balanceDue);
  return order.status === CANCELLED_STATUS ? Math.min(owed, Math.max(0, totals.fees)) : owed;
}
