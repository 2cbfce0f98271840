import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { conflict, HttpError, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { issueInvoice, vatInvoiceLines } from './receipts';
import { paymentFailedMail, paymentReceiptMail } from './checkout-mail';
import { paymentEventsRepository } from '../repositories/payment-events';
import { toPence } from '../../domain/money/money';
import type { IncomingNotification, PaymentNotification, PaymentProvider } from './payment-provider';
import type { MailOutbox } from '../jobs';

/**
 * The shop's side of card payments (decision 008): start one payment per order, and mark an order
 * paid only from the provider's signed notification. The provider may be absent (production without
 * one): card payment is then unavailable, never free.
 */
export const CARD_UNAVAILABLE_MESSAGE = 'Card payment is not available at the moment, please choose Pay cash';
export const NOT_AWAITING_PAYMENT_MESSAGE = 'This order does not await a card payment';
export const PAYMENT_START_FAILED_MESSAGE =
  'The payment page could not be opened. Your order is kept: try Pay now on My orders in a moment';

export interface PaymentDeps {
  db: Database;
  payments: PaymentProvider | null;
  /** The receipt is written in the transaction that marks the order paid, and sent after it. */
  outbox: MailOutbox;
  now: Date;
}

/** A checked-out card order that nobody has paid, cancelled or asked to cancel yet. */
export function awaitsCardPayment(order: Pick<OrderRow, 'payment_method' | 'checked_out_at' | 'status' | 'paid_amount' | 'refund_status'>): boolean {
  return (
    order.payment_method === 'card' &&
    order.checked_out_at !== null &&
    order.status === 'awaiting_validation' &&
    order.paid_amount === null &&
    order.refund_status === null
  );
}

/**
 * The payment page of an order that awaits card payment: the same payment however often it is asked
 * for (the provider dedupes on the order's key), so a retried checkout, a double-tapped Pay now or 50
 * parallel requests make one payment. Call it only after the checkout transaction committed.
 */
export async function startPayment(deps: Pick<PaymentDeps, 'db' | 'payments'>, order: OrderRow): Promise<string> {
  if (!deps.payments) throw conflict(CARD_UNAVAILABLE_MESSAGE);
  if (!awaitsCardPayment(order)) throw conflict(NOT_AWAITING_PAYMENT_MESSAGE);
  let session;
  try {
    session = await deps.payments.createPayment({
      orderId: order.id,
      amount: order.total,
      description: `${order.service_name}, order #${order.id}`,
      customerEmail: order.user_email,
      idempotencyKey: `order-${order.id}`,
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, PAYMENT_START_FAILED_MESSAGE);
  }
  if (order.payment_ref !== session.id) await orderRepository(deps.db).setPaymentRef(order.id, session.id);
  return session.url;
}

/** "Pay now" on My orders: the customer's own order, same amount, same payment. */
export async function payOrder(deps: Pick<PaymentDeps, 'db' | 'payments'>, user: AuthUser, orderId: number): Promise<{ shippingInfo: string }> {
  const order = await orderRepository(deps.db).find(orderId);
  if (!order || order.user_id !== user.id) throw notFound('Order not found');
  return { shippingInfo: await startPayment(deps, order) };
}

/**
 * The provider's notification: verified by its signature, then applied once (a repeated notification
 * changes nothing, as providers resend): a payment marks the order paid and the customer gets a
 * receipt; a declined card or one needing authentication mails the customer a Pay now link and shows
 * staff the balance due (decision 034); any other event is acknowledged and ignored.
 */
export async function confirmPayment(deps: PaymentDeps, incoming: IncomingNotification): Promise<{ received: true }> {
  if (!deps.payments) throw notFound('No payment provider is configured');
  const notification = deps.payments.verifyNotification(incoming);
  if (!notification) throw new HttpError(400, 'The notification signature does not verify');
  const provider = deps.payments;

  await deps.db.transaction(async (tx) => {
    if (notification.eventId !== undefined) {
      const orderId = notification.type === 'ignored' ? null : notification.orderId;
      const first = await paymentEventsRepository(tx).claim({ id: notification.eventId, orderId, type: notification.type, at: deps.now });
      if (!first) return;
    }
    if (notification.type === 'ignored') return;
    if (notification.type === 'payment.failed') {
      await recordFailedPayment(deps, tx, notification);
      return;
    }
    const orders = orderRepository(tx);
    const order = await orders.find(notification.orderId, { forUpdate: true });
    if (!order) throw notFound('Order not found');
    if (order.paid_amount !== null && order.payment_ref === notification.paymentId) return;
    if (order.payment_ref !== notification.paymentId) throw conflict('This payment is not the one the order was checked out with');
    if (toPence(notification.amount) !== toPence(order.total)) throw conflict('The amount paid does not match the order total');
    const marked = await orders.markPaid(order.id, { amount: notification.amount, at: deps.now, paymentRef: notification.paymentId });
    if (!marked) throw conflict(NOT_AWAITING_PAYMENT_MESSAGE);
    await auditRepository(tx).record({
      orderId: order.id, actorId: null, actor: provider.name, action: 'order.paid', from: order.status, to: 'payment_validated', at: deps.now,
    });
    // The receipt exists exactly when the payment is recorded: a resent notification writes none.
    const paidOrder = await orders.find(order.id);
    if (paidOrder) {
      // One mail: the receipt, with the VAT invoice issued with it (decision 018).
      const items = await orders.items(order.id);
      const invoice = await issueInvoice(tx, paidOrder, deps.outbox, deps.now, false);
      await deps.outbox.add(tx, paymentReceiptMail(paidOrder, items, deps.outbox.site, vatInvoiceLines(paidOrder, items, invoice, deps.outbox.site)));
    }
  });
  return { received: true };
}

/**
 * A card attempt failed: the order stays awaiting payment with the failure kept for staff, and the
 * customer is asked to pay again with Pay now. An order paid, cancelled or unknown meanwhile changes
 * nothing (a late event about an old attempt must not ask a paid customer to pay).
 */
async function recordFailedPayment(deps: PaymentDeps, tx: Database, failure: Extract<PaymentNotification, { type: 'payment.failed' }>): Promise<void> {
  const orders = orderRepository(tx);
  const order = await orders.find(failure.orderId, { forUpdate: true });
  if (!order || !awaitsCardPayment(order)) return;
  if (!(await orders.markPaymentFailed(order.id, { reason: failure.reason, at: deps.now }))) return;
  await deps.outbox.add(tx, paymentFailedMail(order, failure.reason, deps.outbox.site));
}
