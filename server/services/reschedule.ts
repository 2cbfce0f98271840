import type { RescheduleRequest, RescheduleResult } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { lockOwnAccountFirst } from './account-lock';
import { claimTeam } from './availability';
import { assertBookableTime } from './bookable-time';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { formatPounds, toPence, toPounds } from '../../domain/money/money';
import { rescheduleMail } from '../mails/manage-mails';
import { seriesRepository } from '../repositories/series';
import { seriesCalendar } from './series-calendar';
import { awaitsCardPayment } from './card-awaiting';
import { rescheduleTerms, type RescheduleTerms } from '../../domain/terms/reschedule-terms';
import { ledgerRepository } from '../repositories/ledger';
import { collectBalance } from './balance-collection';
import type { PaymentProvider } from './payment-provider';
import { RESCHEDULING_FEE_NAME } from '../../domain/money/order-lines';
import { spendMoveLink } from './closure-moves';
import { ledgerTotals, type LedgerTotals } from '../../domain/money/ledger';
import { documentLaterCharges } from './later-documents';
import { waitlistRepository } from '../repositories/waitlist';



export const RESCHEDULED_MESSAGE = 'Booking rescheduled';

/** The terms of moving this order now; the price is the ledger's (decision 045), fees left out. */
export function termsOf(order: OrderRow, totals: LedgerTotals, now: Date, movedByCompany = false): RescheduleTerms {
  return rescheduleTerms(
    {
      movedByCompany,
      status: order.status,
      price: totals.total - totals.fees,
      dueAt: order.due_at,
      hasRefundRequest: order.refund_status !== null,
      awaitsCardPayment: awaitsCardPayment(order),
    },
    now,
  );
}

/**
 * A customer moves one of their bookings (issue 14 section 3). The new time passes the checkout's
 * own rules (assertBookableTime; a team free then, claimTeam); the fee the terms give at this moment
 * is added to the order, and must be the one the customer agreed to (`fee`): a fee that appeared since the dialog opened (the
 * job came within 24 hours) is refused with 409, never charged unseen. The change, its history
 * entry and the mail (with the new calendar entry) are written in one transaction.
 */
export async function rescheduleOrder(
  deps: { db: Database; outbox: MailOutbox; now: Date; payments?: PaymentProvider | null; secret?: string },
  user: AuthUser,
  orderId: number,
  request: RescheduleRequest,
): Promise<RescheduleResult> {
  const dueAt = londonLocalToInstant(request.due_date, request.due_time);
  const result = await deps.db.transaction(async (tx) => {
    // The account before the order, as erasure takes them (account-lock.ts).
    await lockOwnAccountFirst(tx, user.id);
    const orders = orderRepository(tx);
    const order = await orders.find(orderId, { forUpdate: true });
    if (!order || order.user_id !== user.id) throw notFound('Order not found');
    // The closure's link (decision 048): the company moved the visit, so the move is free; spent here.
    const movedByCompany = request.move !== undefined && (await spendMoveLink(tx, { secret: deps.secret ?? '', now: deps.now }, orderId, request.move));
    const ledger = ledgerRepository(tx);
    const lines = await ledger.forOrder(orderId);
    const terms = termsOf(order, ledgerTotals(lines), deps.now, movedByCompany);
    if (!terms.allowed) throw conflict(terms.reason);
    if (order.due_at && dueAt.getTime() === new Date(order.due_at).getTime()) throw badRequest('This is the booking\'s time already: please choose another');
    await assertBookableTime(tx, { orderId, dueAt }, deps.now);
    // A team free for the whole job then (its own if it can), or 409 as at checkout (decision 015).
    await claimTeam(tx, orderId, request.due_date, request.due_time);
    if (toPence(request.fee) !== terms.fee) {
      throw conflict(
        terms.fee > 0
          ? `A rescheduling fee of ${formatPounds(terms.fee)} (30%) applies now: please confirm again`
          : 'Rescheduling is free now: please confirm again',
      );
    }
    await orderRepository(tx).reschedule(orderId, dueAt, terms.fee);
    if (terms.fee > 0) {
      // The fee is a line of the order's ledger (decision 036), at the rate of the job it moved.
      const rate = lines.find((line) => line.vatPercent !== null)?.vatPercent ?? 0;
      await ledger.add({
        orderId, kind: 'fee', name: RESCHEDULING_FEE_NAME, amount: terms.fee, vatPercent: rate,
        reason: 'Rescheduled within 24 hours of the start', actorId: user.id, actor: user.name, at: deps.now,
      });
      // A fee after the order's invoice has a VAT invoice of its own (decision 059).
      await documentLaterCharges(tx, orderId, deps.outbox, deps.now);
    }
    // Moved onto a day it waited for (decision 067): that entry is used, and its hold no longer read.
    await waitlistRepository(tx).markMoved(orderId, request.due_date);
    await auditRepository(tx).record({
      orderId, actorId: user.id, actor: user.name, action: 'order.reschedule',
      from: order.due_at ? new Date(order.due_at).toISOString() : null, to: dueAt.toISOString(), at: deps.now,
    });
    const moved = (await orders.find(orderId))!;
    const mail = rescheduleMail(moved, order.due_at, terms.fee, deps.outbox.site, deps.now);
    // A visit of a series moves within the series' calendar entry (issue 25), not as an entry of its own.
    if (moved.series_id !== null) {
      const series = await seriesRepository(tx).touchCalendar(moved.series_id);
      mail.attachments = await seriesCalendar(tx, series, deps.outbox.site, deps.now);
    }
    await deps.outbox.add(tx, mail);
    return { message: RESCHEDULED_MESSAGE, fee: toPounds(terms.fee), due: dueAt.toISOString(), total: toPounds(moved.total) };
  });
  // A late fee on a card-paid job is collected (issue 23 row 5); on cash it is due on the day.
  if (result.fee > 0) {
    try {
      await collectBalance({ db: deps.db, outbox: deps.outbox, now: deps.now, payments: deps.payments ?? null }, orderId);
    } catch {
      // The provider could not open the payment now: the move stands, and My orders shows the
      // balance due with Pay now, which asks the provider again.
    }
  }
  return result;
}
