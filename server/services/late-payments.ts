import { refundRepository } from '../repositories/refunds';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { auditRepository } from '../repositories/audit';
import { latePaymentRepository, type LatePaymentReason, type LatePaymentRow } from '../repositories/late-payments';
import { ledgerRepository } from '../repositories/ledger';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { formatPounds, toPence, toPounds, type Pence } from '../../domain/money/money';
import { isCancelled } from '../../domain/orders/order-statuses';
import type { PaymentProvider } from './payment-provider';
import { issueInvoice } from './receipts';
import { settleAcceptedCancellation } from './refunds';

/**
 * Money received is never refused (issue 33 row 2, decision 071). A card payment the provider
 * completed for an order that no longer awaited it — cancelled meanwhile, or paid on a page the
 * order no longer asked for (a newer balance page replaced it, or its amount is not the one owed) —
 * is recorded in the order's ledger and in its history, and given back at once through the
 * provider under a key derived from the payment, so a repeated event or a retry never refunds
 * twice. Into a cancelled order it is settled as if it had come before the cancellation was
 * accepted (decision 065): the VAT invoice its receipt creates, credited down to the fee the terms
 * keep with its credit note, and the rest refunded. The office reads it on the order's page.
 */
export interface LatePaymentDeps {
  db: Database;
  payments: PaymentProvider | null;
  outbox: MailOutbox;
  now: Date;
}

export const LATE_PAYMENT_NAME = 'Card payment after the order stopped awaiting it';
export const LATE_REFUND_NAME = 'Card refund of the late payment';

export const latePaymentRefundKey = (paymentRef: string): string => `late-payment-${paymentRef}`;

/**
 * In the notification's transaction with the order locked: the payment is a ledger line, once per
 * provider reference; answers false when it was recorded before (a resent event). Refund it after
 * the commit with `refundLatePayments`.
 */
export async function recordLatePayment(
  deps: Pick<LatePaymentDeps, 'outbox' | 'now'>, tx: Database, provider: Pick<PaymentProvider, 'name'>, order: OrderRow,
  payment: { paymentId: string; amount: Pence },
): Promise<boolean> {
  const ledger = ledgerRepository(tx);
  const added = await ledger.add({
    orderId: order.id, kind: 'payment', name: LATE_PAYMENT_NAME, amount: payment.amount, vatPercent: null,
    reference: payment.paymentId, actorId: null, actor: provider.name, at: deps.now,
  });
  if (!added) return false;
  const reason: LatePaymentReason = isCancelled(order.status) ? 'cancelled' : 'replaced';
  let refund = payment.amount;
  if (reason === 'cancelled') {
    // Its receipt is a tax point: the order's VAT invoice, then credited as a paid order's cancellation is.
    await orderRepository(tx).markPaidAfterCancellation(order.id, { amount: payment.amount, at: deps.now });
    const paidOrder = (await orderRepository(tx).find(order.id))!;
    await issueInvoice(tx, paidOrder, deps.outbox, deps.now);
    const fee = order.refund_status === 'accepted' ? order.refund_fee ?? 0 : 0;
    // The credit is the cancellation's: in the name of whoever decided it (the customer, for a skip).
    const decided = await refundRepository(tx).find(order.id);
    const settled = await settleAcceptedCancellation(
      tx, deps.outbox, paidOrder, fee, { id: decided?.decided_by ?? order.user_id, name: provider.name }, 'Card payment after the cancellation, refunded', deps.now,
    );
    refund = Math.min(settled.refund, payment.amount);
  }
  await latePaymentRepository(tx).insert({
    paymentRef: payment.paymentId, orderId: order.id, reason, amount: payment.amount, refundAmount: refund, at: deps.now,
  });
  await auditRepository(tx).record({
    orderId: order.id, actorId: null, actor: provider.name, action: 'order.late_payment', from: null,
    to: `${formatPounds(payment.amount)} received ${reason === 'cancelled' ? 'after the order was cancelled' : 'on a payment page the order no longer asked for'}`,
    at: deps.now,
  });
  return true;
}

/**
 * Gives back what late payments are owed back through the provider — of one order, or of every order
 * (the hourly retry) — each under its own key, each a refund line of the ledger and a history
 * entry once. A provider that fails leaves the row to the next try; nothing is thrown.
 */
export async function refundLatePayments(deps: LatePaymentDeps, orderId: number | null): Promise<number> {
  const provider = deps.payments;
  if (!provider) return 0;
  let done = 0;
  for (const row of await latePaymentRepository(deps.db).unrefunded(orderId)) {
    let refunded: { id: string; amount: number };
    try {
      // The provider is asked and answers in pounds (payment-provider.ts).
      refunded = await provider.refund({ paymentId: row.payment_ref, amount: toPounds(row.refund_amount), idempotencyKey: latePaymentRefundKey(row.payment_ref) });
    } catch {
      continue;
    }
    const amount = toPence(refunded.amount);
    await deps.db.transaction(async (tx) => {
      if (!(await latePaymentRepository(tx).markRefunded(row.payment_ref, refunded.id, deps.now))) return;
      await ledgerRepository(tx).add({
        orderId: row.order_id, kind: 'refund', name: LATE_REFUND_NAME, amount, vatPercent: null,
        reference: refunded.id, actorId: null, actor: provider.name, at: deps.now,
      });
      await auditRepository(tx).record({
        orderId: row.order_id, actorId: null, actor: provider.name, action: 'order.late_payment', from: null,
        to: `${formatPounds(amount)} refunded`, at: deps.now,
      });
    });
    done += 1;
  }
  return done;
}

/** The order's late payments, as the back office shows them. */
export function latePaymentsOf(db: Database, orderId: number): Promise<LatePaymentRow[]> {
  return latePaymentRepository(db).forOrder(orderId);
}

