import type { SeriesActionResult } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../jobs';
import { conflict, notFound } from '../lib/http-error';
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
import { toPence, toPounds } from '../../domain/money/money';
import { recordCancellationRequest } from './refunds';
import { seriesCalendar } from './series-calendar';
import { skipUndoneMail, visitSkippedMail } from './series-mails';

/**
 * "Skip" and "Undo" on a visit of a series (issue 25, decision 031): a visit nothing was paid for
 * is skipped at once — cancelled, its team freed, no request for the office — because the terms
 * give it no fee and there is no money to return; Undo books it again while its time is free. A
 * paid visit's skip stays the cancellation request (decision 021): its refund is the office's.
 */
export const VISIT_SKIPPED_MESSAGE = 'Visit skipped';
export const SKIP_REQUESTED_MESSAGE = 'Skip requested: the visit was paid, so the office refunds it';
export const SKIP_UNDONE_MESSAGE = 'Visit booked again';
export const SKIP_REASON = 'Skip this visit';
export const ALREADY_SKIPPED_MESSAGE = 'This visit is already skipped';
export const NOT_SKIPPED_MESSAGE = 'This visit is not skipped';
export const UNDO_TOO_LATE_MESSAGE = 'This visit has started: it can no longer be brought back';
export const UNDO_ENDED_MESSAGE = 'This series has ended: its visits can no longer be brought back';

type Deps = { db: Database; outbox: MailOutbox; now: Date };

async function lockedVisit(tx: Database, user: AuthUser, orderId: number): Promise<OrderRow & { series_id: number }> {
  // The account before the order, as erasure takes them (account-lock.ts, issue 24 row 2).
  await lockOwnAccountFirst(tx, user.id);
  const order = await orderRepository(tx).find(orderId, { forUpdate: true });
  if (!order || order.user_id !== user.id || order.series_id === null) throw notFound('Visit not found');
  return order as OrderRow & { series_id: number };
}

export async function skipVisit(deps: Deps, user: AuthUser, orderId: number): Promise<SeriesActionResult> {
  return deps.db.transaction(async (tx) => {
    const visit = await lockedVisit(tx, user, orderId);
    if (visit.skipped_at !== null) throw conflict(ALREADY_SKIPPED_MESSAGE);
    if (visit.paid_amount !== null) {
      const fee = await recordCancellationRequest(tx, deps.outbox, user, visit, SKIP_REASON, deps.now);
      return { message: SKIP_REQUESTED_MESSAGE, fee, visits: 1 };
    }
    const terms = cancellationTerms(
      { status: visit.status, total: toPence(visit.total), dueAt: visit.due_at, hasRefundRequest: visit.refund_status !== null, paid: false },
      deps.now,
    );
    if (!terms.allowed) throw conflict(terms.reason);
    await tx.query(
      `UPDATE orders SET status = 'cancelled', skipped_at = $2, skipped_from = status, version = version + 1 WHERE id = $1`,
      [visit.id, deps.now],
    );
    await auditRepository(tx).record({
      orderId: visit.id, actorId: user.id, actor: user.name, action: 'order.skip', from: visit.status, to: 'cancelled', at: deps.now,
    });
    const series = await seriesRepository(tx).touchCalendar(visit.series_id);
    const calendar = await seriesCalendar(tx, series, deps.outbox.site, deps.now);
    await deps.outbox.add(tx, visitSkippedMail(visit, series, toPounds(terms.fee), calendar, deps.outbox.site));
    return { message: VISIT_SKIPPED_MESSAGE, fee: toPounds(terms.fee), visits: 1 };
  });
}

/**
 * Undo: the visit is booked again at its own time if a team is free then (its own first), in the
 * day's lock like a checkout; otherwise 409 "That time was just taken".
 */
export async function undoSkipVisit(deps: Deps, user: AuthUser, orderId: number): Promise<SeriesActionResult> {
  return deps.db.transaction(async (tx) => {
    const visit = await lockedVisit(tx, user, orderId);
    if (visit.skipped_at === null || visit.status !== 'cancelled' || visit.due_at === null) throw conflict(NOT_SKIPPED_MESSAGE);
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

    const [restored] = await tx.query<{ status: OrderRow['status'] }>(
      `UPDATE orders SET status = COALESCE(skipped_from, 'awaiting_validation'), skipped_at = NULL, skipped_from = NULL, version = version + 1
        WHERE id = $1 RETURNING status`,
      [visit.id],
    );
    await auditRepository(tx).record({
      orderId: visit.id, actorId: user.id, actor: user.name, action: 'order.skip_undone', from: 'cancelled', to: restored!.status, at: deps.now,
    });
    const series = await seriesRows.touchCalendar(visit.series_id);
    const calendar = await seriesCalendar(tx, series, deps.outbox.site, deps.now);
    await deps.outbox.add(tx, skipUndoneMail(visit, series, calendar, deps.outbox.site));
    return { message: SKIP_UNDONE_MESSAGE, fee: 0, visits: 1 };
  });
}
