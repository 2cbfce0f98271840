import { settingsVatPercent } from '../../domain/money/pricing';
import type { OrderAdjustment, OrderDetail } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { editableRulesRepository } from '../repositories/editable-rules';
import { ledgerRepository } from '../repositories/ledger';
import { orderRepository } from '../repositories/orders';
import { collectBalance } from './balance-collection';
import { refundCardPayments } from './card-refunds';
import { ledgerTotals } from '../../domain/money/ledger';
import { formatPounds, toPence } from '../../domain/money/money';
import { ADJUSTMENT_NAME } from '../../domain/money/order-lines';
import { isCancelled } from '../../domain/orders/order-statuses';
import { getOrder } from './orders-admin';
import type { PaymentProvider } from './payment-provider';
import { documentLaterCharges } from './later-documents';

/** Decision 065: a cancelled order costs only the fee it kept; a credit (giving back part of it) is still possible. */
export const CHARGE_ON_CANCELLED_MESSAGE = 'This order is cancelled: a charge cannot be added to it (a credit still can)';
/** Pence: the most an adjusted order may cost. */
export const MAX_ADJUSTED_TOTAL = 1_000_000;

/**
 * An administrator adjusts an order's price with a reason (issue 23 item 1, decision 036): a line
 * of its ledger at the VAT rate in the pricing settings now, and an entry of its history saying who
 * and when, in one transaction. A charge on a card-paid order is then collected as a late fee is; a
 * credit on a paid order is given back through the provider. A cancelled order takes a credit (the
 * fee it kept, waived in part or whole) but no charge (decision 065).
 */
export async function adjustOrder(
  deps: { db: Database; outbox: MailOutbox; payments: PaymentProvider | null; now: Date },
  admin: AuthUser,
  orderId: number,
  adjustment: OrderAdjustment,
): Promise<OrderDetail> {
  const amount = toPence(adjustment.amount);
  const reason = adjustment.reason.trim();
  if (amount === 0) throw badRequest('amount must not be 0');
  await deps.db.transaction(async (tx) => {
    const order = await orderRepository(tx).find(orderId, { forUpdate: true });
    if (!order) throw notFound('Order not found');
    // Under the order's lock, as the cancellation's acceptance: a charge is either in the ledger when
    // the cancellation credits the order, or refused here (decision 065).
    if (isCancelled(order.status) && amount > 0) throw conflict(CHARGE_ON_CANCELLED_MESSAGE);
    const ledger = ledgerRepository(tx);
    const total = ledgerTotals(await ledger.forOrder(orderId)).total;
    if (total + amount < 0) throw conflict(`A credit cannot exceed the order's total of ${formatPounds(total)}`);
    // A cleaning job never costs this much: a slip of the keyboard, refused before anyone is asked to pay it.
    if (total + amount > MAX_ADJUSTED_TOTAL) throw conflict(`An order cannot cost more than ${formatPounds(MAX_ADJUSTED_TOTAL)}`);
    const settings = await editableRulesRepository(tx).settings();
    await ledger.add({
      orderId, kind: 'adjustment', name: ADJUSTMENT_NAME, amount, vatPercent: settingsVatPercent(settings?.vat_percent),
      reason, actorId: admin.id, actor: admin.name, at: deps.now,
    });
    // Invoiced on its own, or credited by a credit note, once the order has an invoice (decision 059).
    await documentLaterCharges(tx, orderId, deps.outbox, deps.now, reason);
    await auditRepository(tx).record({
      orderId, actorId: admin.id, actor: admin.name, action: 'order.adjustment', from: formatPounds(total),
      // Old total → new total, then the change and the reason (issue 33 row 5): "£122.00 → £132.00 (+£10.00: …)".
      to: `${formatPounds(total + amount)} (${amount > 0 ? '+' : ''}${formatPounds(amount)}: ${reason})`, at: deps.now,
    });
  });
  if (amount > 0) {
    try {
      await collectBalance(deps, orderId);
    } catch {
      // The provider could not open the payment now: the balance stays due with Pay now on My orders.
    }
  } else {
    // A credit on a card-paid order gives the money back through the provider (decision 045): what
    // the ledger now owes the customer (a refund an earlier credit lost to a concurrent one
    // included), never more than was paid. A provider that cannot refund now leaves the refund due
    // for staff (payment.refundDue), as before.
    try {
      await refundCardPayments(deps, orderId, Number.POSITIVE_INFINITY);
    } catch {
      // Shown as a refund due on the order page; the next credit or cancellation refunds it too.
    }
  }
  return getOrder(deps.db, orderId);
}
