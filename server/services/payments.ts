import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { conflict, HttpError, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { awaitsCardPayment } from './card-awaiting';
import { issueInvoice } from './receipts';
import { vatInvoiceLines } from '../mails/invoice-mails';
import { paymentFailedMail, paymentReceiptMail } from '../mails/checkout-mails';
import { paymentEventsRepository } from '../repositories/payment-events';
import { toPence, toPounds, type Pence } from '../../domain/money/money';
import { ledgerRepository } from '../repositories/ledger';
import { ledgerTotals } from '../../domain/money/ledger';
import { balancePayment, cardBalanceOwed, owesCardBalance, recordBalancePayment } from './balance-collection';
import { savedCardRepository } from '../repositories/saved-cards';
import { isSeriesFrequency } from '../../domain/time/series-dates';
import type { IncomingNotification, PaymentNotification, PaymentProvider } from './payment-provider';
import type { MailOutbox } from '../queue';
import { orderName } from '../../domain/orders/order-reference';
import { awaitsPayment, PAID_STATUS } from '../../domain/orders/order-statuses';
import { expirePayments } from './payment-expiry';
import { recordLatePayment, refundLatePayments } from './late-payments';

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

export { awaitsCardPayment } from './card-awaiting';

/**
 * The payment page of an order that awaits card payment: the same payment however often it is asked
 * for (the provider dedupes on the order's key), so a retried checkout, a double-tapped Pay now or 50
 * parallel requests make one payment. Call it only after the checkout transaction committed.
 */
export async function startPayment(deps: Pick<PaymentDeps, 'db' | 'payments'>, order: OrderRow): Promise<string> {
  if (!deps.payments) throw conflict(CARD_UNAVAILABLE_MESSAGE);
  const ledger = await ledgerRepository(deps.db).forOrder(order.id);
  // Paid once, owing a later fee or adjustment: Pay now pays the balance (decision 036).
  if (owesCardBalance(order, ledger)) return balancePayment(deps, order, ledger);
  if (!awaitsCardPayment(order)) throw conflict(NOT_AWAITING_PAYMENT_MESSAGE);
  // The first visit of a series whose customer consented saves the card (decision 038); one query, series only.
  const saveCard = Boolean(deps.payments.savedCardOf) && isSeriesFrequency(order.frequency) && (await savedCardRepository(deps.db).wantedFor(order.id));
  let session;
  try {
    session = await deps.payments.createPayment({
      orderId: order.id,
      // What the ledger owes: the amount the provider is asked for is the one every page shows.
      amount: toPounds(ledgerTotals(ledger).balanceDue),
      description: `${order.service_name}, ${orderName(order)}`,
      customerEmail: order.user_email,
      idempotencyKey: `order-${order.id}`,
      ...(saveCard ? { saveCard } : {}),
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, PAYMENT_START_FAILED_MESSAGE);
  }
  if (order.payment_ref !== session.id) {
    await orderRepository(deps.db).setPaymentRef(order.id, session.id);
    // A page for an older total (a late fee added before it was paid) is ended (decision 071).
    await expirePayments(deps, order.id, [order.payment_ref]);
  }
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
  // Read from the provider before the transaction (no lock held across a network call); kept only
  // where the customer consented, in the transaction that records the payment.
  const savedCard = notification.type === 'payment.succeeded' && notification.savedCardFrom && provider.savedCardOf
    ? await provider.savedCardOf(notification.savedCardFrom)
    : null;

  const late = await deps.db.transaction(async (tx) => {
    if (notification.eventId !== undefined) {
      const orderId = notification.type === 'ignored' ? null : notification.orderId;
      const first = await paymentEventsRepository(tx).claim({ id: notification.eventId, orderId, type: notification.type, at: deps.now });
      if (!first) return null;
    }
    if (notification.type === 'ignored') return null;
    if (notification.type === 'payment.failed') {
      await recordFailedPayment(deps, tx, notification);
      return null;
    }
    const orders = orderRepository(tx);
    const order = await orders.find(notification.orderId, { forUpdate: true });
    if (!order) throw notFound('Order not found');
    const lines = await ledgerRepository(tx).forOrder(order.id);
    // Recorded once per provider payment, however often the provider tells it.
    if (lines.some((line) => line.kind === 'payment' && line.reference === notification.paymentId)) return null;
    if (order.paid_amount !== null && order.payment_ref === notification.paymentId) return null;
    const amount = toPence(notification.amount);
    const owed = ledgerTotals(lines).balanceDue;
    // The balance's own page, for what Pay now collects now: the balance of a standing job, or the
    // fee a cancelled order owes (decision 070).
    const balance = cardBalanceOwed(order, lines);
    if (order.balance_payment_ref === notification.paymentId && balance > 0 && amount === balance) {
      await recordBalancePayment(deps, tx, order, { paymentId: notification.paymentId, amount }, balance);
      return null;
    }
    // The page the order was checked out with, for what it owes: paid (a cancellation asked for
    // meanwhile and not decided yet is then settled as a paid order's, decision 065).
    if (order.payment_ref === notification.paymentId && amount === owed
      && (await recordPayment(deps, tx, provider, order, { amount, paymentRef: notification.paymentId }))) {
      if (savedCard) await savedCardRepository(tx).save(order.id, savedCard, deps.now);
      return null;
    }
    // Money received is never refused (decision 071): recorded, and given back after the commit.
    return (await recordLatePayment(deps, tx, provider, order, { paymentId: notification.paymentId, amount })) ? order.id : null;
  });
  // Every event of an order with money still to give back retries it (a provider that failed before).
  const orderId = late ?? (notification.type === 'payment.succeeded' ? notification.orderId : null);
  if (orderId !== null) await refundLatePayments(deps, orderId);
  return { received: true };
}

/**
 * Marks a card order paid, in the caller's transaction with the order locked, with its history, VAT
 * invoice and receipt mail: the one way a payment is recorded, from a notification or from a saved
 * card charged before a visit (visit-charges.ts). False when the order no longer awaits payment.
 */
export async function recordPayment(
  deps: Pick<PaymentDeps, 'outbox' | 'now'>, tx: Database, provider: Pick<PaymentProvider, 'name'>, order: OrderRow, payment: { amount: Pence; paymentRef: string },
): Promise<boolean> {
  // The transition table: only an order the provider may move to paid is (its UPDATE checks again).
  if (!awaitsPayment(order.status)) return false;
  const orders = orderRepository(tx);
  const marked = await orders.markPaid(order.id, { amount: payment.amount, at: deps.now, paymentRef: payment.paymentRef });
  if (!marked) return false;
  const ledger = ledgerRepository(tx);
  // The money that moved is a ledger line, once per provider reference (decision 036).
  await ledger.add({
    orderId: order.id, kind: 'payment', name: 'Card payment', amount: payment.amount, vatPercent: null,
    reference: payment.paymentRef, actorId: null, actor: provider.name, at: deps.now,
  });
  await auditRepository(tx).record({
    orderId: order.id, actorId: null, actor: provider.name, action: 'order.paid', from: order.status, to: PAID_STATUS, at: deps.now,
  });
  // The receipt exists exactly when the payment is recorded: a resent notification writes none.
  const paidOrder = await orders.find(order.id);
  if (paidOrder) {
    // One mail: the receipt, with the VAT invoice issued with it (decision 018).
    const lines = await ledger.forOrder(order.id);
    const invoice = await issueInvoice(tx, paidOrder, deps.outbox, deps.now, false);
    await deps.outbox.add(tx, paymentReceiptMail(paidOrder, lines, deps.outbox.site, vatInvoiceLines(paidOrder, lines, invoice, deps.outbox.site)));
  }
  return true;
}

/**
 * A card attempt failed: the order stays awaiting payment with the failure kept for staff, and the
 * customer is asked to pay again with Pay now. An order paid, cancelled or unknown meanwhile changes
 * nothing (a late event about an old attempt must not ask a paid customer to pay).
 */
export async function recordFailedPayment(
  deps: Pick<PaymentDeps, 'outbox' | 'now'>, tx: Database, failure: Pick<Extract<PaymentNotification, { type: 'payment.failed' }>, 'orderId' | 'reason'>,
): Promise<void> {
  const orders = orderRepository(tx);
  const order = await orders.find(failure.orderId, { forUpdate: true });
  if (!order || !awaitsCardPayment(order)) return;
  if (!(await orders.markPaymentFailed(order.id, { reason: failure.reason, at: deps.now }))) return;
  await deps.outbox.add(tx, paymentFailedMail(order, await ledgerRepository(tx).forOrder(order.id), failure.reason, deps.outbox.site));
}

