import type { RefundRequest, RefundRequestResult, RefundStatusUpdate } from '../../openapi/schema';
import { ledgerRepository } from '../repositories/ledger';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { orderRepository, touchOrder, type OrderRow } from '../repositories/orders';
import type { Page, PageRequest } from '../repositories/paging';
import { refundRepository, type RefundListQuery, type RefundRow } from '../repositories/refunds';
import { lockAccountFirst, lockOwnAccountFirst } from './account-lock';
import { cancellationTerms } from '../../domain/terms/cancellation-terms';
import { creditableByRate, documentLaterCharges } from './later-documents';
import { spreadOverRates } from '../../domain/money/credit-split';
import { toPounds, type Pence } from '../../domain/money/money';
import { iso } from './orders-views';
import type { PaymentProvider } from './payment-provider';
import { ledgerTotals, type LedgerTotals } from '../../domain/money/ledger';
import { refundFigures, settleCancellation, type CancellationSettlement } from '../../domain/money/cancellation-settlement';
import { refundCardPayments } from './card-refunds';
import { expirePayments } from './payment-expiry';
import type { MailOutbox } from '../queue';
import { cancellationRequestMail, refundDecisionMail } from '../mails/manage-mails';
import { orderName } from '../../domain/orders/order-reference';
import { canChangeStatus, CANCELLED_STATUS } from '../../domain/orders/order-statuses';


export const REFUND_REQUESTED_MESSAGE = 'Order refund sent successfully, we will contact you asap !';

/**
 * A customer cancels one of their orders: the request waits for an administrator, with the fee
 * the terms give at this moment (kept, so a later decision cannot change the price).
 */
export async function requestRefund(
  db: Database,
  outbox: MailOutbox,
  user: AuthUser,
  orderId: number,
  reason: string,
  now: Date,
): Promise<RefundRequestResult> {
  if (reason.trim() === '') throw badRequest('Please tell us why you cancel the order');
  return db.transaction(async (tx) => {
    // The account before the order, as erasure takes them (account-lock.ts).
    await lockOwnAccountFirst(tx, user.id);
    const order = await orderRepository(tx).find(orderId, { forUpdate: true });
    if (!order || order.user_id !== user.id) throw notFound('Order not found');
    const fee = await recordCancellationRequest(tx, outbox, user, order, reason.trim(), now);
    return { message: REFUND_REQUESTED_MESSAGE, fee: toPounds(fee) };
  });
}

/**
 * The cancellation of one order locked by the caller's transaction, on the terms as of `now`
 * (409 with their reason when they refuse it): the request with its fee, the history, the mail.
 * Single cancellations and a series's "Skip this visit" / "Cancel all future visits" share it.
 * Answers the fee (pence).
 */
export async function recordCancellationRequest(
  tx: Database, outbox: MailOutbox, user: AuthUser, order: OrderRow, reason: string, now: Date,
  options: { mail?: boolean } = {},
): Promise<number> {
  // The ledger's figures (decision 045): a late fee paid since checkout is part of what was paid.
  const totals = ledgerTotals(await ledgerRepository(tx).forOrder(order.id));
  const terms = cancellationTerms(
    {
      status: order.status, total: totals.total, dueAt: order.due_at,
      hasRefundRequest: order.refund_status !== null, paid: totals.paid > 0,
    },
    now,
  );
  if (!terms.allowed) throw conflict(terms.reason);
  const fee = terms.fee;
  const inserted = await refundRepository(tx).insert({ orderId: order.id, reason, fee, requestedAt: now });
  if (!inserted) throw conflict('A cancellation was already requested for this order');
  await touchOrder(tx, order.id);
  await auditRepository(tx).record({
    orderId: order.id, actorId: user.id, actor: user.name, action: 'order.refund_request', from: null, to: 'pending', at: now,
  });
  // Ending a series writes one mail for all its visits instead.
  if (options.mail !== false) await outbox.add(tx, cancellationRequestMail(order, fee, outbox.site));
  return fee;
}


/**
 * An administrator accepts or rejects a pending request. Accepting cancels the order, credits it
 * down to the fee it keeps and owes what was paid beyond that fee (nothing when the order was never
 * paid; decision 065); the provider refunds it after the
 * decision is stored, under a key of the order, so accepting again retries without paying twice.
 * Only what the provider refunded counts in Total Refound. Rejecting leaves the order as it was.
 */
export async function decideRefund(
  deps: { db: Database; payments: PaymentProvider | null; outbox: MailOutbox },
  admin: AuthUser,
  decision: RefundStatusUpdate,
  now: Date,
): Promise<RefundRequest> {
  const decided = await deps.db.transaction(async (tx) => {
    const orders = orderRepository(tx);
    const refunds = refundRepository(tx);
    // The customer's account, then the order, then its request: the lock order of a customer's
    // request and of erasure (account-lock.ts). An order never changes hands, so its owner read
    // unlocked is the one to lock.
    const owner = await orders.find(decision.order);
    if (owner) await lockAccountFirst(tx, owner.user_id);
    const order = await orders.find(decision.order, { forUpdate: true });
    const refund = order ? await refunds.find(decision.order, { forUpdate: true }) : null;
    if (!order || !refund) throw notFound('Refund request not found');
    if (refund.status === decision.status) return { order, refund };
    if (refund.status !== 'pending') throw conflict(`This refund request was already ${refund.status}`);
    if (decision.version !== undefined && decision.version !== refund.version) {
      throw conflict('This refund request was changed by someone else, reload and try again');
    }

    const accepted = decision.status === 'accepted';
    // Under the order's lock, so a staff charge sent at the same moment is either in the ledger
    // here (and credited) or refused as the order is cancelled (decision 065).
    const settled = accepted
      ? await settleAcceptedCancellation(tx, deps.outbox, order, refund.fee, { id: admin.id, name: admin.name }, `Refund accepted: ${refund.reason}`, now)
      : null;
    const due = settled ? settled.refund : null;
    await refunds.decide({
      orderId: order.id, status: decision.status, refundDue: due, refundedAmount: due === 0 ? 0 : null, decidedAt: now, decidedBy: admin.id,
    });
    const audit = auditRepository(tx);
    await audit.record({
      orderId: order.id, actorId: admin.id, actor: admin.name, action: 'refund.status', from: 'pending', to: decision.status, at: now,
    });
    // An accepted request cancels the order (the office's move in the transition table), once.
    if (accepted && canChangeStatus(order.status, CANCELLED_STATUS, 'admin')) {
      await orders.setStatus(order.id, CANCELLED_STATUS, now);
      await audit.record({
        orderId: order.id, actorId: admin.id, actor: admin.name, action: 'order.status', from: order.status, to: CANCELLED_STATUS, at: now,
      });
    }
    // The decision is mailed with it (a repeated decision, answered above, mails nothing).
    await deps.outbox.add(tx, refundDecisionMail(order, { status: decision.status, fee: settled ? settled.fee : refund.fee, refundDue: due }, deps.outbox.site));
    return { order, refund: (await refunds.find(order.id))! };
  });

  const { order, refund } = decided;
  // The cancelled order's payment pages can no longer be paid (decision 071).
  if (refund.status === 'accepted') await expirePayments(deps, order.id, [order.payment_ref, order.balance_payment_ref]);
  // What the provider has not given back yet: accepting again after a failure refunds the rest.
  const left = (refund.refund_due ?? 0) - (refund.refunded_amount ?? 0);
  if (refund.status === 'accepted' && left > 0) {
    await refundCardPayments({ ...deps, now }, order.id, left, (tx, refunded) => refundRepository(tx).recordProviderRefund(order.id, refunded));
    return refundRequestView((await refundRepository(deps.db).find(order.id))!, await totalsOf(deps.db, order.id));
  }
  return refundRequestView(refund, await totalsOf(deps.db, order.id));
}

const totalsOf = async (db: Database, orderId: number): Promise<LedgerTotals> => ledgerTotals(await ledgerRepository(db).forOrder(orderId));

/**
 * The money of a cancellation once accepted (an office's acceptance, a paid visit's skip), in the
 * caller's transaction with the order locked (decision 065): a paid order is credited down to the
 * fee it keeps — every charge on it, a staff charge or late fee paid or not included, by credit
 * notes against their invoices — and what was paid beyond that fee is due back, so nothing is left
 * owing on the cancelled order. The caller records the refund as due and has the provider make it
 * after the commit. An unpaid order is left as it is (its fee is owed, decision 032).
 */
export async function settleAcceptedCancellation(
  tx: Database, outbox: MailOutbox, order: OrderRow, fee: Pence, actor: { id: number; name: string }, reason: string, now: Date,
  feeName: string = LATE_CANCELLATION_FEE_NAME,
): Promise<CancellationSettlement> {
  const ledger = ledgerRepository(tx);
  const lines = await ledger.forOrder(order.id);
  const settled = settleCancellation(ledgerTotals(lines), fee);
  if (settled.credit > 0) await creditCancellation(tx, outbox, order, settled.credit, actor, reason, now);
  if (settled.owed > 0) {
    // Decision 070: the fee of an order not paid is a line of its own, owed, at the job's rate.
    const rate = lines.find((line) => line.vatPercent !== null)?.vatPercent ?? 0;
    await ledger.add({ orderId: order.id, kind: 'fee', name: feeName, amount: settled.owed, vatPercent: rate, reason, actorId: actor.id, actor: actor.name, at: now });
  }
  return settled;
}

/** The fee lines a late cancellation or skip of an order not paid leaves owed (decision 070). */
export const LATE_CANCELLATION_FEE_NAME = 'Late cancellation fee';
export const LATE_SKIP_FEE_NAME = 'Late skip fee';

/**
 * What is given back of an invoiced order is credited against its invoices (issue 23 row 6,
 * decision 059). The ledger is credited with what is given back, spread over the VAT rates its
 * documents billed and did not credit yet (or at the job's rate when the order had no invoice), and
 * the credit notes for those lines are issued in the same transaction: the order then costs what
 * was kept. An accepted refund and a paid visit's skip (series-skip.ts) both credit through here.
 */
async function creditCancellation(
  tx: Database, outbox: MailOutbox, order: OrderRow, due: Pence, actor: { id: number; name: string }, reason: string, now: Date,
): Promise<void> {
  const ledger = ledgerRepository(tx);
  const spread = spreadOverRates(due, await creditableByRate(tx, order.id));
  const credits = spread.length > 0
    ? spread
    : [{ amount: due, rate: (await ledger.forOrder(order.id)).find((line) => line.vatPercent !== null)?.vatPercent ?? 0 }];
  for (const credit of credits) {
    await ledger.add({
      orderId: order.id, kind: 'adjustment', name: `Cancellation of ${orderName(order)}`, amount: -credit.amount, vatPercent: credit.rate,
      reason, actorId: actor.id, actor: actor.name, at: now,
    });
  }
  await documentLaterCharges(tx, order.id, outbox, now, `Refund on the cancellation of ${orderName(order)}`);
}

/**
 * The refund a request stands for and what it keeps, in pounds, as staff and the customer are shown
 * them beside the fee (domain's refundFigures, decisions 065 and 070): while pending what accepting
 * would give back and keep, once accepted what was given back and is kept, nothing once refused.
 */
export function refundFiguresOf(status: RefundRow['status'], totals: LedgerTotals, fee: Pence): { amount: number; kept: number } {
  const figures = refundFigures(status, totals, fee);
  return { amount: toPounds(figures.refunded), kept: toPounds(figures.kept) };
}

/** One page of refund requests in the table's sort and filter. */
export async function listRefunds(db: Database, query: RefundListQuery, page: PageRequest): Promise<Page<RefundRequest>> {
  const found = await refundRepository(db).page(query, page);
  const ledgers = await ledgerRepository(db).forOrders(found.rows.map((row) => row.order_id));
  return { total: found.total, rows: found.rows.map((row) => refundRequestView(row, ledgerTotals(ledgers.get(row.order_id) ?? []))) };
}

/** A request as the office's list shows it, with what it refunds and keeps from the order's ledger. */
export function refundRequestView(row: RefundRow, totals: LedgerTotals): RefundRequest {
  return {
    ...refundFiguresOf(row.status, totals, row.fee),
    order_id: row.order_id,
    reference: row.reference,
    reason: row.reason,
    status: row.status,
    order_date: iso(row.order_date),
    refund_date: iso(row.requested_at),
    name: row.name,
    fee: toPounds(row.fee),
    refunded: row.refunded_amount === null ? null : toPounds(row.refunded_amount),
    version: row.version,
  };
}
