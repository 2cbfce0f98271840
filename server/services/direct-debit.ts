import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { HttpError, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { ledgerRepository } from '../repositories/ledger';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { paymentEventsRepository } from '../repositories/payment-events';
import { directDebitRepository } from '../repositories/direct-debit';
import { directDebitFeesRepository } from '../repositories/direct-debit-fees';
import { directDebitCollectionDue } from '../../domain/money/direct-debit';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';
import { ledgerTotals } from '../../domain/money/ledger';
import { formatPounds, type Pence } from '../../domain/money/money';
import { orderReference } from '../../domain/orders/order-reference';
import { directDebitCustomerMail, directDebitOfficeMail, type DirectDebitProblem } from '../mails/direct-debit-mails';
import { paymentReceiptMail } from '../mails/checkout-mails';
import { vatInvoiceLines } from '../mails/invoice-mails';
import { issueInvoice } from './receipts';
import type { DirectDebitEvent, DirectDebitProvider } from './gocardless';

/**
 * Direct Debit for series (issue 38 part 1, decision 093). The customer sets up a mandate on
 * GoCardless's hosted page after the checkout; each visit is collected once it is done (a GoCardless
 * payment on the mandate); the money is a ledger line when GoCardless confirms it, and a failure
 * after a collection, or a chargeback, is a line that gives it back. A failed collection is retried
 * once; a second failure, a chargeback or a cancelled mandate mails the customer and the office.
 */
export interface DirectDebitDeps {
  db: Database;
  directDebit: DirectDebitProvider | null | undefined;
  outbox: MailOutbox;
  now: Date;
  /** Where the office is told (ADMIN_EMAIL); null: the order's history only. */
  office: string | null;
}

export const DIRECT_DEBIT_UNAVAILABLE_MESSAGE = 'Direct Debit is not available at the moment, please choose Pay cash or Pay by card';
export const DIRECT_DEBIT_SERIES_ONLY_MESSAGE = 'Direct Debit is for a series only (Weekly, Fortnightly or Monthly)';
export const MANDATE_START_FAILED_MESSAGE = 'The Direct Debit page could not be opened just now: your booking is placed, please try again from My orders';
export const DIRECT_DEBIT_RETURN_PATH = '/payments/direct-debit/return';

const ACTOR = 'GoCardless';

async function history(tx: Database, orderId: number, to: string, at: Date): Promise<void> {
  await auditRepository(tx).record({ orderId, actorId: null, actor: ACTOR, action: 'order.direct_debit', from: null, to, at });
}

/**
 * After the checkout of a series by Direct Debit committed: the billing request for its mandate and
 * the hosted page to send the browser to (the same one however often it is asked: the idempotency
 * key is the series').
 */
export async function startMandate(deps: { db: Database; directDebit?: DirectDebitProvider | null }, seriesId: number, email: string, publicUrl: string): Promise<string> {
  if (!deps.directDebit) throw new HttpError(409, DIRECT_DEBIT_UNAVAILABLE_MESSAGE);
  let started;
  try {
    started = await deps.directDebit.startMandate({
      seriesId, email, redirectUri: `${publicUrl}${DIRECT_DEBIT_RETURN_PATH}/${seriesId}`, exitUri: `${publicUrl}/profile-services`,
    });
  } catch {
    throw new HttpError(502, MANDATE_START_FAILED_MESSAGE);
  }
  await directDebitRepository(deps.db).setBillingRequest(seriesId, started.billingRequestId);
  return started.url;
}

/**
 * The customer is back from the hosted page (or GoCardless says the billing request is fulfilled):
 * the mandate it gave is kept on the series. Answers whether the series has a mandate now.
 */
export async function completeMandate(deps: Pick<DirectDebitDeps, 'db' | 'directDebit' | 'now'>, seriesId: number): Promise<boolean> {
  const series = await directDebitRepository(deps.db).mandateOfSeries(seriesId);
  if (!series) throw notFound('Series not found');
  if (series.dd_mandate) return true;
  if (!series.dd_billing_request || !deps.directDebit) return false;
  const mandate = await deps.directDebit.mandateOf(series.dd_billing_request);
  if (!mandate) return false;
  await directDebitRepository(deps.db).setMandate(seriesId, mandate, deps.now);
  return true;
}

/**
 * Every visit of a series by Direct Debit that is done (completed), owes its price and has no
 * collection yet, on a mandate still standing: a GoCardless payment for what the ledger says is due.
 * So is every visit cancelled late that owes its fee, once its time has passed (decision 109): what
 * is collected, and when, is the domain's rule (`directDebitCollectionDue`). The key
 * `visit-order-<id>-<pence>` makes a rerun, or two runs at once, collect once. Answers the
 * collections asked for.
 */
export async function collectDoneVisits(deps: DirectDebitDeps): Promise<number> {
  if (!deps.directDebit) return 0;
  const done = [
    ...(await directDebitRepository(deps.db).doneUncollected(100)),
    ...(await directDebitFeesRepository(deps.db).cancelledOwingUncollected(100)),
  ];
  let asked = 0;
  for (const { id, mandate } of done) {
    const order = await orderRepository(deps.db).find(id);
    if (!order) continue;
    const totals = ledgerTotals(await ledgerRepository(deps.db).forOrder(id));
    const due = directDebitCollectionDue({ status: order.status, dueAt: order.due_at === null ? null : new Date(order.due_at) }, totals, deps.now);
    if (due <= 0) continue;
    const fee = order.status === CANCELLED_STATUS;
    let payment;
    try {
      payment = await deps.directDebit.createPayment({
        mandate, amountPence: due, orderId: id, idempotencyKey: `visit-order-${id}-${due}`,
        // The customer's bank statement names the order by the number the customer reads (decision 073).
        description: `Order ${orderReference(order)}: ${fee ? 'late fee' : 'visit'}`,
      });
    } catch {
      // GoCardless could not be reached or refused: the next run asks again with the same key.
      continue;
    }
    await deps.db.transaction(async (tx) => {
      if (await directDebitRepository(tx).addPayment({ id: payment.id, orderId: id, amount: due, status: payment.status, at: deps.now })) {
        await history(tx, id, `Collection of ${fee ? `the late fee, ${formatPounds(due)},` : formatPounds(due)} asked for (${payment.id})`, deps.now);
        asked += 1;
      }
    });
  }
  return asked;
}

/**
 * GoCardless's webhook: verified by the SDK (498 Token Invalid when the signature does not verify, as
 * GoCardless documents), each event applied once (its id kept with what it did), in the order the
 * events happened, an event older than the last one applied to its payment changing nothing.
 * Retries are asked for after the events' transactions committed (no lock across the network).
 */
export async function applyDirectDebitWebhook(deps: DirectDebitDeps, body: string, signature: string | undefined): Promise<{ received: true }> {
  if (!deps.directDebit) throw notFound('Direct Debit is not configured');
  const events = deps.directDebit.verifyWebhook(body, signature);
  if (!events) throw new HttpError(498, 'The webhook signature does not verify');
  const retries: string[] = [];
  for (const event of events) {
    const retry = await deps.db.transaction(async (tx) => {
      if (!(await paymentEventsRepository(tx).claim({ id: event.id, orderId: null, type: `${event.resourceType}.${event.action}`, at: deps.now }))) return null;
      if (event.resourceType === 'payments' && event.payment) return applyPaymentEvent(deps, tx, event, event.payment);
      // The customer set the mandate up, whether or not the browser comes back to the shop.
      if (event.resourceType === 'billing_requests' && event.action === 'fulfilled' && event.billingRequest && event.mandateRequestMandate) {
        await directDebitRepository(tx).setMandateOfBillingRequest(event.billingRequest, event.mandateRequestMandate, deps.now);
      }
      if (event.resourceType === 'mandates' && event.mandate && ['cancelled', 'failed', 'expired'].includes(event.action)) {
        await endMandate(deps, tx, event, event.mandate);
      }
      return null;
    });
    if (retry) retries.push(retry);
  }
  for (const paymentId of retries) {
    try {
      await deps.directDebit.retryPayment(paymentId);
    } catch {
      // GoCardless refused or could not be reached: the history says the retry was asked for; the
      // office sees the failure there and can retry from GoCardless's dashboard.
    }
  }
  return { received: true };
}

/** One event of a payment; answers the payment to retry, if any. */
async function applyPaymentEvent(deps: DirectDebitDeps, tx: Database, event: DirectDebitEvent, paymentId: string): Promise<string | null> {
  const payments = directDebitRepository(tx);
  const payment = await payments.paymentForUpdate(paymentId);
  if (!payment) return null;
  // Older than what was applied already (GoCardless does not promise the order of delivery).
  if (payment.last_event_at && new Date(payment.last_event_at).getTime() > event.createdAt.getTime()) return null;
  const order = await orderRepository(tx).find(payment.order_id, { forUpdate: true });
  if (!order) return null;
  const ledger = ledgerRepository(tx);
  const lines = await ledger.forOrder(order.id);
  const collected = lines.some((line) => line.kind === 'payment' && line.reference === paymentId);
  const givenBack = lines.some((line) => line.kind === 'refund' && line.reference === paymentId);
  const amount = Number(payment.amount);
  const detail = event.description ?? event.cause ?? event.action;
  const failures = payment.failures + (event.action === 'failed' ? 1 : 0);
  await payments.updatePayment(paymentId, { status: event.action, lastEventAt: event.createdAt, failures });

  if (event.action === 'confirmed' && !collected) {
    await ledger.add({
      orderId: order.id, kind: 'payment', name: 'Direct Debit collection', amount, vatPercent: null,
      reference: paymentId, actorId: null, actor: ACTOR, at: deps.now,
    });
    await payments.markCollected(order.id, { amount, at: deps.now, ref: paymentId });
    await history(tx, order.id, `Collected ${formatPounds(amount)} (${paymentId})`, deps.now);
    // One mail, as for a card: the receipt, with the VAT invoice issued with the collection (its time
    // of supply the visit done, decision 042), so the visit is revenue and in its quarter's VAT return.
    const collectedOrder = (await orderRepository(tx).find(order.id)) ?? order;
    const lines = await ledger.forOrder(order.id);
    const invoice = await issueInvoice(tx, collectedOrder, deps.outbox, deps.now, false);
    await deps.outbox.add(tx, paymentReceiptMail(collectedOrder, lines, deps.outbox.site, vatInvoiceLines(collectedOrder, lines, invoice, deps.outbox.site), amount));
    return null;
  }
  if (event.action === 'failed') {
    // A failure after GoCardless had confirmed it (a late failure) gives the money back on the ledger.
    if (collected && !givenBack) await giveBack(deps, tx, order, paymentId, amount, 'Direct Debit collection failed');
    if (failures === 1) {
      await history(tx, order.id, `Collection of ${formatPounds(amount)} failed (${detail}): tried again (${paymentId})`, deps.now);
      return paymentId;
    }
    await history(tx, order.id, `Collection of ${formatPounds(amount)} failed again (${detail}): customer mailed, office told (${paymentId})`, deps.now);
    await tell(deps, tx, order, 'failed', amount, detail);
    return null;
  }
  if (event.action === 'charged_back' && collected && !givenBack) {
    await giveBack(deps, tx, order, paymentId, amount, 'Direct Debit chargeback');
    await history(tx, order.id, `Charged back ${formatPounds(amount)} (${detail}): customer mailed, office told (${paymentId})`, deps.now);
    await tell(deps, tx, order, 'charged_back', amount, detail);
  }
  return null;
}

async function giveBack(deps: DirectDebitDeps, tx: Database, order: OrderRow, paymentId: string, amount: Pence, name: string): Promise<void> {
  await ledgerRepository(tx).add({
    orderId: order.id, kind: 'refund', name, amount, vatPercent: null, reference: paymentId, actorId: null, actor: ACTOR, at: deps.now,
  });
}

async function tell(deps: DirectDebitDeps, tx: Database, order: OrderRow, problem: DirectDebitProblem, amount: Pence, detail: string): Promise<void> {
  await deps.outbox.add(tx, directDebitCustomerMail(order, problem, amount, deps.outbox.site));
  if (deps.office) await deps.outbox.add(tx, directDebitOfficeMail(deps.office, order, problem, amount, detail, deps.outbox.site));
}

/**
 * The mandate was cancelled (by the customer at their bank), failed or expired: the series is
 * collected no more. Its visits not collected yet say so in their history; customer and office are
 * told once, on the next visit.
 */
async function endMandate(deps: DirectDebitDeps, tx: Database, event: DirectDebitEvent, mandate: string): Promise<void> {
  const seriesId = await directDebitRepository(tx).endMandate(mandate, deps.now);
  if (seriesId === null) return;
  const open = await directDebitRepository(tx).uncollectedOfSeries(seriesId);
  const detail = event.description ?? event.cause ?? event.action;
  for (const [index, id] of open.entries()) {
    await history(tx, id, `Mandate ${event.action} (${detail}): not collected by Direct Debit${index === 0 ? '; customer mailed, office told' : ''} (${mandate})`, deps.now);
  }
  const next = open[0] !== undefined ? await orderRepository(tx).find(open[0]) : null;
  if (next) await tell(deps, tx, next, 'mandate_ended', ledgerTotals(await ledgerRepository(tx).forOrder(next.id)).balanceDue, detail);
}
