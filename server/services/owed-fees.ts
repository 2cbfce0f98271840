import type { Database } from '../db/database';
import { auditRepository } from '../repositories/audit';
import { ledgerRepository } from '../repositories/ledger';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { ledgerTotals } from '../../domain/money/ledger';
import { toPounds } from '../../domain/money/money';
import { formatLondon } from '../../domain/time/london-time';
import { balanceDueOf } from '../../domain/money/balance-due';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/**
 * A cash visit's late skip leaves its fee owed on its own ledger (decision 070); the team takes it in
 * cash with the series' next visit. So when a cash visit of a series is completed (the team's check
 * out, or staff marking it completed), every earlier cancelled visit of that series that owes a fee
 * is paid: a `payment` line of what it owed, under a reference naming the visit that took it (a
 * second completion adds nothing), and its history. Call in the completion's transaction.
 */
export async function collectOwedFeesWith(
  tx: Database, visit: Pick<OrderRow, 'id' | 'series_id' | 'payment_method' | 'due_at'>, actor: { id: number | null; name: string }, now: Date,
): Promise<void> {
  if (visit.series_id === null || visit.payment_method !== 'cash' || visit.due_at === null) return;
  const owing = await orderRepository(tx).cancelledCashVisitsBefore(visit.series_id, visit.due_at);
  const ledger = ledgerRepository(tx);
  for (const { id } of owing) {
    const owed = balanceDueOf({ status: CANCELLED_STATUS }, ledgerTotals(await ledger.forOrder(id)));
    if (owed <= 0) continue;
    const added = await ledger.add({
      orderId: id, kind: 'payment', name: `Cash taken with the visit of ${formatLondon(visit.due_at)}`, amount: owed, vatPercent: null,
      reference: `cash-with-order-${visit.id}`, actorId: actor.id, actor: actor.name, at: now,
    });
    if (!added) continue;
    await auditRepository(tx).record({
      orderId: id, actorId: actor.id, actor: actor.name, action: 'order.balance_paid', from: null, to: String(toPounds(owed)), at: now,
    });
  }
}
