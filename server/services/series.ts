import type { BookingSeries, SeriesActionResult } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { conflict, notFound } from '../lib/http-error';
import type { MailOutbox } from '../queue';
import { orderRepository } from '../repositories/orders';
import { seriesRepository } from '../repositories/series';
import { lockOwnAccountFirst } from './account-lock';
import { toPounds } from '../../domain/money/money';
import { myOrderView } from './orders-views';
import { directDebitViews, seriesMandates, settlingVisits, stillShown } from './direct-debit-views';
import { ledgerRepository } from '../repositories/ledger';
import { ledgerTotals } from '../../domain/money/ledger';
import { auditRepository } from '../repositories/audit';
import { recordCancellationRequest } from './refunds';
import { seriesCalendar } from './series-calendar';
import { seriesEndedMail } from '../mails/series-mails';
import { chargeUnearnedDiscount, unearnedDiscount } from './unearned-discount';
import { canChangeStatus, CANCELLED_STATUS } from '../../domain/orders/order-statuses';


export const SERIES_CANCELLED_MESSAGE = 'Series ended';
/** The reason ending a series gives on a paid visit's request (the office reads it). */
export const CANCEL_FUTURE_REASON = 'Cancel all future visits';
export const SERIES_ENDED_MESSAGE = 'The future visits of this series are already cancelled';

/** Visits shown from this long ago, so today's visit stays in sight after it started; a Direct Debit visit longer while its money moves (decision 108). */
const SHOWN_SINCE_MS = 24 * 60 * 60 * 1000;

/** GET /services/series: the customer's series, newest first, each with its visits soonest first. */
export async function listMySeries(db: Database, user: AuthUser, now: Date, cardAvailable = true): Promise<BookingSeries[]> {
  const repository = seriesRepository(db);
  const series = await repository.byUser(user.id);
  if (series.length === 0) return [];
  const since = new Date(now.getTime() - SHOWN_SINCE_MS);
  // A series by Direct Debit: its mandate, and where each visit's collection stands (decision 100).
  const mandates = await seriesMandates(db, series.map((row) => row.id));
  // Its older visits whose money is still moving, or moved lately, stay listed (decision 108).
  const older = await settlingVisits(db, [...mandates.keys()], since, now);
  const recent = await repository.visits(series.map((row) => row.id), since);
  const ledgers = await ledgerRepository(db).forOrders([...older, ...recent].map((visit) => visit.id));
  const directDebit = await directDebitViews(db, [...older, ...recent], ledgers, mandates);
  const visits = [...older.filter((visit) => stillShown(visit, ledgers.get(visit.id) ?? [], directDebit.get(visit.id), now)), ...recent];
  // What "End the series" would charge now, by the rule that charges it (decision 037).
  // One series at a time: db may be a transaction's single client (pg deprecates overlapping queries).
  const endingCosts: number[] = [];
  for (const row of series) endingCosts.push(row.ended_at === null ? (await unearnedDiscount(db, row.id, now))?.amount ?? 0 : 0);
  return series.map((row, index) => ({
    id: row.id,
    service: row.service_name,
    frequency: row.frequency,
    frequencyName: row.frequency_name,
    time: row.first_time,
    active: row.ended_at === null,
    savedCard: row.card_saved,
    ...(mandates.has(row.id) ? { directDebit: mandates.get(row.id)! } : {}),
    endingCost: toPounds(endingCosts[index] ?? 0),
    visits: visits.filter((visit) => visit.series_id === row.id).map((visit) => myOrderView(visit, ledgerTotals(ledgers.get(visit.id) ?? []), now, cardAvailable, directDebit.get(visit.id))),
  }));
}

/**
 * "End the series" (issue 25): every visit not started yet is cancelled at once when nothing was
 * paid for it (nothing to keep or return, as a skip), or gets the single cancellation's request
 * when it was paid (its refund is the office's); started, cancelled or completed visits and those
 * already asked for stay as they are; the series ends, so the planning job adds none, and one
 * mail carries the series' calendar entry, now ending. The series row is locked first, the order
 * the planner takes, so a plan running now finishes before or sees the end. Ended before its
 * discount was earned, the visits done give it back (unearned-discount.ts, decision 037).
 */
export async function cancelSeries(db: Database, outbox: MailOutbox, user: AuthUser, seriesId: number, now: Date): Promise<SeriesActionResult> {
  return db.transaction(async (tx) => {
    await lockOwnAccountFirst(tx, user.id);
    const repository = seriesRepository(tx);
    const series = await repository.find(seriesId, { forUpdate: true });
    if (!series || series.user_id !== user.id) throw notFound('Series not found');
    if (series.ended_at !== null) throw conflict(SERIES_ENDED_MESSAGE);
    const orders = orderRepository(tx);
    let fees = 0;
    let visits = 0;
    for (const visit of await repository.visits([seriesId], now)) {
      const order = await orders.find(visit.id, { forUpdate: true });
      if (!order || order.due_at === null || order.due_at.getTime() <= now.getTime()) continue;
      // The customer cancels only visits still to be done (the transition table); a refund asked for stays with the office.
      if (!canChangeStatus(order.status, CANCELLED_STATUS, 'customer') || order.refund_status !== null) continue;
      visits += 1;
      if (order.paid_amount !== null) {
        fees += await recordCancellationRequest(tx, outbox, user, order, CANCEL_FUTURE_REASON, now, { mail: false });
        continue;
      }
      await orders.setStatus(order.id, CANCELLED_STATUS, now);
      await auditRepository(tx).record({
        orderId: order.id, actorId: user.id, actor: user.name, action: 'order.status', from: order.status, to: CANCELLED_STATUS, at: now,
      });
    }
    // Ended before its discount was earned: the done visits pay the one-off price (decision 037).
    await chargeUnearnedDiscount(tx, seriesId, outbox, now);
    await repository.end(seriesId, now);
    const ended = await repository.touchCalendar(seriesId);
    const calendar = await seriesCalendar(tx, ended, outbox.site, now);
    await outbox.add(tx, seriesEndedMail(user, ended, { visits, fee: fees }, calendar, outbox.site));
    return { message: SERIES_CANCELLED_MESSAGE, fee: toPounds(fees), visits };
  });
}

