import type { SeriesActionResult } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { conflict, HttpError, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { availabilityRepository } from '../repositories/availability-repository';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { lockOwnAccountFirst } from './account-lock';
import { seriesRepository } from '../repositories/series';
import { checkStart } from '../../domain/capacity/availability-rules';
import { postcodeArea } from '../../domain/capacity/travel-gap';
import { SLOT_TAKEN_MESSAGE } from './availability';
import { cancellationTerms } from '../../domain/terms/cancellation-terms';
import { londonParts } from '../../domain/time/london-time';
import { canChangeStatus, CANCELLED_STATUS, FIRST_STATUS, isCancelled } from '../../domain/orders/order-statuses';
import { formatPounds, toPounds, type Pence } from '../../domain/money/money';
import { LATE_SKIP_FEE_NAME, settleAcceptedCancellation } from './refunds';
import { refundCardPayments } from './card-refunds';
import { ledgerTotals } from '../../domain/money/ledger';
import { refundRepository } from '../repositories/refunds';
import { ledgerRepository } from '../repositories/ledger';
import type { PaymentProvider } from './payment-provider';
import { seriesCalendar } from './series-calendar';
import { skipUndoneMail, visitSkippedMail } from '../mails/series-mails';
import { chargeUnearnedDiscount } from './unearned-discount';
import { directDebitStatesRepository } from '../repositories/direct-debit-states';
import { directDebitFeeHistory, directDebitFeeText, type MandateState } from '../../domain/money/direct-debit';

/**
 * "Skip" and "Undo" on a visit of a series (issue 25, decisions 031 and 043): skipping is immediate
 * on the single cancellation's terms (domain/terms), paid or not — no request for the office. A
 * visit nothing was paid for is cancelled and its team freed; a paid one is also given back what
 * was paid less the terms' fee, at once: the refund is recorded accepted, credited on the ledger
 * and against its invoice (credit note) in the skip's transaction, and sent through the payment
 * provider after it under the order's key, so two skips of one visit refund once. Undo books an
 * unpaid visit again while its time is free; a refunded one stays skipped (decision 043).
 */
export const VISIT_SKIPPED_MESSAGE = 'Visit skipped';
export const SKIP_UNDONE_MESSAGE = 'Visit booked again';
export const SKIP_REASON = 'Skip this visit';
/** The reason on the ledger lines of an unpaid visit's late skip (its credit and its fee), and on their reversal by Undo. */
export const SKIP_FEE_REASON = `Visit skipped: ${SKIP_REASON}`;
export const SKIP_FEE_UNDONE_REASON = 'Skip undone: the visit is booked again';
export const ALREADY_SKIPPED_MESSAGE = 'This visit is already skipped';
export const NOT_SKIPPED_MESSAGE = 'This visit is not skipped';
export const UNDO_TOO_LATE_MESSAGE = 'This visit has started: it can no longer be brought back';
export const UNDO_ENDED_MESSAGE = 'This series has ended: its visits can no longer be brought back';
/** Added to the skip's message when it was the last visit to come (decision 060). */
export const LAST_VISIT_SKIPPED_MESSAGE = 'It was the last visit to come, so the series has ended';
export const UNDO_REFUNDED_MESSAGE = 'This visit was refunded when you skipped it: it can no longer be brought back, please book a new visit';

/** What a paid visit's skip cost, in one sentence: the fee the terms kept (or none) and the refund. */
export function paidSkipMessage(fee: Pence, refund: Pence): string {
  const cost = fee > 0 ? `for a ${formatPounds(fee)} late fee` : 'at no cost';
  return refund > 0 ? `Visit skipped ${cost}: ${formatPounds(refund)} is refunded to your card` : `Visit skipped ${cost}`;
}

/** An unpaid visit's late skip, in one sentence: the fee written down as owed and where it is paid (decisions 070 and 109). */
export function unpaidSkipMessage(visit: Pick<OrderRow, 'payment_method'>, fee: Pence, mandate: MandateState | null = null): string {
  if (visit.payment_method === 'direct_debit') return `Visit skipped: a ${formatPounds(fee)} late fee is due; ${directDebitFeeText(mandate)}`;
  return `Visit skipped: a ${formatPounds(fee)} late fee is due${visit.payment_method === 'cash' ? ', in cash at your next visit' : ', by card with Pay now on My orders'}`;
}

type Deps = { db: Database; outbox: MailOutbox; now: Date };

async function lockedVisit(tx: Database, user: AuthUser, orderId: number): Promise<OrderRow & { series_id: number }> {
  // The account before the order, as erasure takes them (account-lock.ts, issue 24 row 2); then
  // its series before the order, the order "End the series" and the planner take them in, as the
  // last skip ends the series (decision 060). A visit never changes series: read unlocked first.
  await lockOwnAccountFirst(tx, user.id);
  const orders = orderRepository(tx);
  const seriesId = (await orders.find(orderId))?.series_id ?? null;
  if (seriesId !== null) await seriesRepository(tx).find(seriesId, { forUpdate: true });
  const order = await orders.find(orderId, { forUpdate: true });
  if (!order || order.user_id !== user.id || order.series_id === null) throw notFound('Visit not found');
  return order as OrderRow & { series_id: number };
}

/**
 * A paid visit's refund, decided at once by the terms: the request is stored accepted (one per
 * order, so a second skip could not add another), its history, the ledger's credit and the credit
 * note. Answers what the provider must give back (pence).
 */
async function acceptPaidSkip(tx: Database, outbox: MailOutbox, user: AuthUser, visit: OrderRow, fee: Pence, now: Date): Promise<Pence> {
  const refunds = refundRepository(tx);
  if (!(await refunds.insert({ orderId: visit.id, reason: SKIP_REASON, fee, requestedAt: now }))) throw conflict(ALREADY_SKIPPED_MESSAGE);
  const settled = await settleAcceptedCancellation(tx, outbox, visit, fee, { id: user.id, name: user.name }, `Visit skipped: ${SKIP_REASON}`, now);
  const due = settled.refund;
  await refunds.decide({ orderId: visit.id, status: 'accepted', refundDue: due, refundedAmount: due === 0 ? 0 : null, decidedAt: now, decidedBy: user.id });
  await auditRepository(tx).record({
    orderId: visit.id, actorId: user.id, actor: user.name, action: 'refund.status', from: null, to: 'accepted', at: now,
  });
  return settled.refund;
}

export async function skipVisit(deps: Deps & { payments: PaymentProvider | null }, user: AuthUser, orderId: number): Promise<SeriesActionResult> {
  const skipped = await deps.db.transaction(async (tx) => {
    const visit = await lockedVisit(tx, user, orderId);
    if (visit.skipped_at !== null) throw conflict(ALREADY_SKIPPED_MESSAGE);
    // The ledger's figures, as a cancellation reads them (decision 045): a skip is a cancellation.
    const totals = ledgerTotals(await ledgerRepository(tx).forOrder(visit.id));
    const paid = totals.paid > 0;
    // The terms ask the transition table whether the customer may cancel it (a skip is that cancellation).
    const terms = cancellationTerms(
      { status: visit.status, total: totals.total, dueAt: visit.due_at, hasRefundRequest: visit.refund_status !== null, paid },
      deps.now,
    );
    if (!terms.allowed) throw conflict(terms.reason);
    await seriesRepository(tx).skipVisit(visit.id, deps.now);
    await auditRepository(tx).record({
      orderId: visit.id, actorId: user.id, actor: user.name, action: 'order.skip', from: visit.status, to: CANCELLED_STATUS, at: deps.now,
    });
    const refund = paid ? await acceptPaidSkip(tx, deps.outbox, user, visit, terms.fee, deps.now) : null;
    // Not paid: the fee is written down as owed, the visit's price credited (decision 070).
    if (!paid && terms.fee > 0) {
      await settleAcceptedCancellation(tx, deps.outbox, visit, terms.fee, { id: user.id, name: user.name }, SKIP_FEE_REASON, deps.now, LATE_SKIP_FEE_NAME);
    }
    // By Direct Debit, the fee owed is collected by Direct Debit after the visit's time (decision 109); the history says so.
    const mandate = visit.payment_method === 'direct_debit' ? ((await directDebitStatesRepository(tx).mandatesOf([visit.series_id])).get(visit.series_id) ?? null) : null;
    if (!paid && terms.fee > 0 && visit.payment_method === 'direct_debit') {
      await auditRepository(tx).record({
        orderId: visit.id, actorId: user.id, actor: user.name, action: 'order.direct_debit', from: null, to: directDebitFeeHistory(terms.fee, mandate), at: deps.now,
      });
    }
    const ended = await endIfLastVisit(tx, deps.outbox, visit.series_id, deps.now);
    const series = await seriesRepository(tx).touchCalendar(visit.series_id);
    const calendar = await seriesCalendar(tx, series, deps.outbox.site, deps.now);
    await deps.outbox.add(tx, visitSkippedMail(visit, series, { fee: terms.fee, refund, mandate }, calendar, deps.outbox.site));
    return { visit, fee: terms.fee, refund, ended, mandate };
  });
  const { visit, fee, refund, ended, mandate } = skipped;
  if (refund !== null && refund > 0) {
    // After the commit, as an accepted refund is: a provider that fails leaves it accepted and
    // unrefunded in the office's list, where accepting it again retries under the same key.
    try {
      await refundCardPayments(deps, visit.id, refund, (tx, refunded) => refundRepository(tx).recordProviderRefund(visit.id, refunded));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
  }
  const message = refund !== null ? paidSkipMessage(fee, refund) : fee > 0 ? unpaidSkipMessage(visit, fee, mandate) : VISIT_SKIPPED_MESSAGE;
  return { message: ended ? `${message}. ${LAST_VISIT_SKIPPED_MESSAGE}` : message, fee: toPounds(fee), visits: 1 };
}

/**
 * The last skip is an ending (decision 060): when no visit of the series is left to come (each one
 * not started is cancelled, completed or asked to be cancelled, as "End the series" leaves them),
 * the series ends as "End the series" ends it: the discount the done visits had and did not earn
 * is charged back (unearned-discount.ts, the figure the dialog said) and no more visits are planned.
 * Call with the series row locked. Answers whether it ended.
 */
async function endIfLastVisit(tx: Database, outbox: MailOutbox, seriesId: number, now: Date): Promise<boolean> {
  const series = seriesRepository(tx);
  if ((await series.find(seriesId))?.ended_at !== null) return false;
  if ((await series.visitsLeft(seriesId, now)) > 0) return false;
  await chargeUnearnedDiscount(tx, seriesId, outbox, now);
  await series.end(seriesId, now);
  return true;
}

/**
 * Undo: the visit is booked again at its own time if a team is free then (its own first), in the
 * day's lock like a checkout; otherwise 409 "That time was just taken".
 */
export async function undoSkipVisit(deps: Deps, user: AuthUser, orderId: number): Promise<SeriesActionResult> {
  return deps.db.transaction(async (tx) => {
    const visit = await lockedVisit(tx, user, orderId);
    // The status it had before the skip, which the transition table must let the customer bring it back to.
    const restoring = visit.skipped_from ?? FIRST_STATUS;
    if (visit.skipped_at === null || !isCancelled(visit.status) || visit.due_at === null || !canChangeStatus(visit.status, restoring, 'customer')) {
      throw conflict(NOT_SKIPPED_MESSAGE);
    }
    // Its money went back and its credit note was issued: bringing it back would need a second
    // payment and refund of one order, which the one-request-per-order rule keeps out (043).
    if (visit.refund_status !== null) throw conflict(UNDO_REFUNDED_MESSAGE);
    if (new Date(visit.due_at).getTime() <= deps.now.getTime()) throw conflict(UNDO_TOO_LATE_MESSAGE);
    const seriesRows = seriesRepository(tx);
    const current = await seriesRows.find(visit.series_id, { forUpdate: true });
    if (!current || current.ended_at !== null) throw conflict(UNDO_ENDED_MESSAGE);

    const p = londonParts(new Date(visit.due_at));
    const date = `${p.year}-${p.month}-${p.day}`;
    const availability = availabilityRepository(tx);
    const { minutes, teamId: own, postcode } = await availability.orderJob(visit.id);
    await availability.lockDay(date);
    const check = checkStart(await availability.load(date, date), date, `${p.hour}:${p.minute}`, minutes, visit.id, postcodeArea(postcode));
    if (check.kind !== 'free') throw conflict(SLOT_TAKEN_MESSAGE);
    await availability.assign(visit.id, own !== null && check.teams.includes(own) ? own : check.teams[0]!, minutes);

    await takeSkipFeeAway(tx, visit.id, user, deps.now);
    await seriesRepository(tx).unskipVisit(visit.id, restoring);
    await auditRepository(tx).record({
      orderId: visit.id, actorId: user.id, actor: user.name, action: 'order.skip_undone', from: visit.status, to: restoring, at: deps.now,
    });
    const series = await seriesRows.touchCalendar(visit.series_id);
    const calendar = await seriesCalendar(tx, series, deps.outbox.site, deps.now);
    await deps.outbox.add(tx, skipUndoneMail(visit, series, calendar, deps.outbox.site));
    return { message: SKIP_UNDONE_MESSAGE, fee: 0, visits: 1 };
  });
}

/**
 * Undo takes a late skip's fee away again (decision 070): the lines the skip wrote on the ledger
 * (the visit's price credited, the fee owed) are reversed by lines of their own, so the visit costs
 * its price again and owes no fee. Lines are never changed (030): what skips and undos left, net,
 * per kind, is what is reversed, so skip, undo, skip, undo nets to nothing.
 */
async function takeSkipFeeAway(tx: Database, orderId: number, actor: AuthUser, now: Date): Promise<void> {
  const ledger = ledgerRepository(tx);
  const lines = (await ledger.forOrder(orderId)).filter((line) => line.reason === SKIP_FEE_REASON || line.reason === SKIP_FEE_UNDONE_REASON);
  for (const kind of ['adjustment', 'fee'] as const) {
    const own = lines.filter((line) => line.kind === kind);
    const net = own.reduce((sum, line) => sum + line.amount, 0);
    if (net === 0) continue;
    await ledger.add({
      orderId, kind, name: kind === 'fee' ? LATE_SKIP_FEE_NAME : 'Skip undone', amount: -net, vatPercent: own[0]!.vatPercent,
      reason: SKIP_FEE_UNDONE_REASON, actorId: actor.id, actor: actor.name, at: now,
    });
  }
}
