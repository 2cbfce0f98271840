import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { conflict, HttpError } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { paymentReceiptMail } from '../mails/checkout-mails';
import { chargeSavedCard } from './saved-cards';
import { ledgerRepository } from '../repositories/ledger';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { isCharge, ledgerTotals, type LedgerLine } from '../../domain/money/ledger';
import { toPounds, type Pence } from '../../domain/money/money';
import { balanceDueMail } from '../mails/balance-mails';
import type { PaymentProvider } from './payment-provider';
import { orderName } from '../../domain/orders/order-reference';
import { expirePayments } from './payment-expiry';
import { balanceDueOf } from '../../domain/money/balance-due';
import { isCancelled } from '../../domain/orders/order-statuses';

/**
 * Collecting what a card-paid order owes after its payment (issue 23 row 5, decision 036): a late
 * rescheduling fee or a staff adjustment leaves a balance due on the ledger. The balance is paid
 * through its own provider payment, keyed by the last charge it covers, so asking again (Pay now
 * pressed twice, the mail and My orders) answers the same payment, and a newer charge a new one.
 * Cash orders are not collected: their balance is due on the day.
 */
export interface BalanceDeps {
  db: Database;
  payments: PaymentProvider | null;
  outbox: MailOutbox;
  now: Date;
}

export type BalanceOutcome = 'nothing_due' | 'due_on_the_day' | 'charged' | 'asked';

export const BALANCE_PAYMENT_FAILED_MESSAGE = 'The payment page for the balance could not be opened: try Pay now on My orders in a moment';

/**
 * What a card order owes that Pay now collects: the balance of an order paid once that owes more
 * since while the job stands, or the fee a cancelled order owes (an unpaid visit's late skip,
 * decision 070: money owed is collected like any balance). Zero otherwise.
 */
export function cardBalanceOwed(order: Pick<OrderRow, 'payment_method' | 'status'>, ledger: readonly LedgerLine[]): Pence {
  if (order.payment_method !== 'card') return 0;
  const totals = ledgerTotals(ledger);
  if (isCancelled(order.status)) return balanceDueOf(order, totals);
  return totals.paid > 0 ? Math.max(0, totals.balanceDue) : 0;
}

/** A card order owes a balance Pay now collects (above). */
export function owesCardBalance(order: Pick<OrderRow, 'payment_method' | 'status'>, ledger: readonly LedgerLine[]): boolean {
  return cardBalanceOwed(order, ledger) > 0;
}

/**
 * Asks the customer for the balance of an order: opens the provider payment for it and mails a
 * Pay now link. Call after the transaction that added the charge committed (the provider is called).
 * A saved card is tried first; Pay now is mailed only when there is none or it is refused.
 */
export async function collectBalance(deps: BalanceDeps, orderId: number): Promise<BalanceOutcome> {
  const order = await orderRepository(deps.db).find(orderId);
  if (!order) return 'nothing_due';
  const ledger = await ledgerRepository(deps.db).forOrder(orderId);
  const due = ledgerTotals(ledger).balanceDue;
  if (due <= 0 || isCancelled(order.status)) return 'nothing_due';
  if (order.payment_method !== 'card') return 'due_on_the_day';
  if (!owesCardBalance(order, ledger)) return 'nothing_due';
  // A series' saved card (decision 038) pays it without the customer; the last charge names the key,
  // so asking again never charges twice. Refused by the bank (or no card): Pay now is mailed.
  const lastCharge = [...ledger].reverse().find(isCharge);
  const charged = await chargeSavedCard(deps, orderId, due, `balance-${lastCharge?.id ?? 0}`);
  if (charged.status === 'paid') {
    await deps.db.transaction(async (tx) => {
      const locked = await orderRepository(tx).find(orderId, { forUpdate: true });
      if (locked) await recordBalancePayment(deps, tx, locked, { paymentId: charged.paymentId, amount: charged.amountPence }, due);
    });
    return 'charged';
  }
  await balancePayment(deps, order, ledger);
  // Mailed under the order's lock: a cancellation accepted since the charge owes nothing (decision 065).
  const mailed = await deps.db.transaction(async (tx) => {
    const locked = await orderRepository(tx).find(orderId, { forUpdate: true });
    if (!locked || isCancelled(locked.status)) return false;
    await deps.outbox.add(tx, balanceDueMail(order, due, deps.outbox.site));
    return true;
  });
  return mailed ? 'asked' : 'nothing_due';
}

/**
 * The provider payment for an order's balance, the same one however often it is asked for; the
 * order names it (balance_payment_ref) so its notification is recognised. Answers its page.
 */
export async function balancePayment(deps: Pick<BalanceDeps, 'db' | 'payments'>, order: OrderRow, ledger: readonly LedgerLine[]): Promise<string> {
  if (!deps.payments) throw new HttpError(409, 'Card payment is not available at the moment: the balance is due on the day');
  const lastCharge = [...ledger].reverse().find((line) => line.kind !== 'payment' && line.kind !== 'refund');
  let session;
  try {
    session = await deps.payments.createPayment({
      orderId: order.id,
      amount: toPounds(cardBalanceOwed(order, ledger)),
      description: `${order.service_name}, ${isCancelled(order.status) ? 'fee owed on' : 'balance of'} ${orderName(order)}`,
      customerEmail: order.user_email,
      idempotencyKey: `order-${order.id}-balance-${lastCharge?.id ?? 0}`,
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, BALANCE_PAYMENT_FAILED_MESSAGE);
  }
  const replaced = await orderRepository(deps.db).replaceBalancePaymentRef(order.id, session.id);
  // The page it replaces asked for less than is owed now: it is ended (decision 071).
  if (replaced) await expirePayments(deps, order.id, [replaced]);
  return session.url;
}

/**
 * The balance of a card-paid order was paid (by Pay now, or charged to the series' saved card): a
 * payment line, once (the ledger keeps one line per provider reference), its history and a receipt.
 */
export async function recordBalancePayment(
  deps: Pick<BalanceDeps, 'outbox' | 'now'> & { payments: Pick<PaymentProvider, 'name'> | null },
  tx: Database,
  order: OrderRow,
  payment: { paymentId: string; amount: Pence },
  owed: Pence,
): Promise<void> {
  const ledger = ledgerRepository(tx);
  if ((await ledger.forOrder(order.id)).some((line) => line.kind === 'payment' && line.reference === payment.paymentId)) return;
  if (payment.amount !== owed) throw conflict('The amount paid does not match the balance due');
  const actor = deps.payments?.name ?? 'Card';
  await ledger.add({
    orderId: order.id, kind: 'payment', name: isCancelled(order.status) ? 'Card payment of the fee owed' : 'Card payment of the balance', amount: owed, vatPercent: null,
    reference: payment.paymentId, actorId: null, actor, at: deps.now,
  });
  await auditRepository(tx).record({
    orderId: order.id, actorId: null, actor, action: 'order.balance_paid', from: null, to: String(toPounds(owed)), at: deps.now,
  });
  await deps.outbox.add(tx, paymentReceiptMail(order, await ledger.forOrder(order.id), deps.outbox.site, [], owed));
}
