import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { rescheduleOrder, RESCHEDULED_MESSAGE } from '../../server/services/reschedule';
import { rescheduleTerms, STARTED_MESSAGE, UNPAID_LATE_MESSAGE, type ReschedulableOrder } from '../../domain/terms/reschedule-terms';
import { cancelSeries, CANCEL_FUTURE_REASON, listMySeries, SERIES_CANCELLED_MESSAGE, SERIES_ENDED_MESSAGE } from '../../server/services/series';
import {
  ALREADY_SKIPPED_MESSAGE, paidSkipMessage, skipVisit as skip, SKIP_REASON, undoSkipVisit, VISIT_SKIPPED_MESSAGE,
} from '../../server/services/series-skip';
import { planAllSeries, planSeries, SERIES_PLANNER } from '../../server/services/series-planning';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, orderHistory } from './support/booking';
import { ownDatabase, seededUser, serviceNamed } from './support/own-database';
import { refused } from './support/refused';
import { ledgerRepository } from '../../server/repositories/ledger';
import { poundsText } from '../../domain/money/money';

/**
 * Moving a booking (R-TERMS-1: free with 24 hours' notice, 30% of the job's price within them,
 * refused once started) and recurring series (decision 021: the next 8 visits planned at the first
 * one's UK time, "Skip this visit", "Cancel all future visits"), on a real seeded PGlite.
 */
const HOUR = 3_600_000;
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)
const at = (iso: string) => new Date(iso);

describe('the rescheduling terms (R-TERMS-1)', () => {
  const order = (over: Partial<ReschedulableOrder> = {}): ReschedulableOrder => ({
    status: 'awaiting_validation', price: 5000, dueAt: at('2030-01-09T10:00:00Z'), hasRefundRequest: false, awaitsCardPayment: false, ...over,
  });

  it('free with 24 hours’ notice, until 24 hours before the job', () => {
    expect(rescheduleTerms(order(), NOW)).toEqual({ allowed: true, fee: 0, freeUntil: at('2030-01-08T10:00:00Z') });
    expect(rescheduleTerms(order(), at('2030-01-08T10:00:00Z'))).toEqual({ allowed: true, fee: 0, freeUntil: at('2030-01-08T10:00:00Z') });
  });

  it('30% of the job’s price within 24 hours, to the penny, once paid for when paid by card', () => {
    expect(rescheduleTerms(order(), at('2030-01-08T10:00:01Z'))).toEqual({ allowed: true, fee: 1500, freeUntil: null });
    expect(rescheduleTerms(order({ price: 4675 }), at('2030-01-09T09:59:00Z'))).toEqual({ allowed: true, fee: 1403, freeUntil: null });
    expect(rescheduleTerms(order({ awaitsCardPayment: true }), at('2030-01-08T12:00:00Z'))).toEqual({ allowed: false, fee: 0, reason: UNPAID_LATE_MESSAGE });
    expect(rescheduleTerms(order({ awaitsCardPayment: true }), NOW)).toMatchObject({ allowed: true, fee: 0 });
  });

  it('refused once started, cancelled, completed, asked to cancel, or without a time', () => {
    const refusedWith = (reason: string) => ({ allowed: false, fee: 0, reason });
    expect(rescheduleTerms(order(), at('2030-01-09T10:00:00Z'))).toEqual(refusedWith(STARTED_MESSAGE));
    expect(rescheduleTerms(order({ status: 'cancelled' }), NOW)).toEqual(refusedWith('This order is cancelled'));
    expect(rescheduleTerms(order({ status: 'completed' }), NOW)).toEqual(refusedWith('This order is already completed'));
    expect(rescheduleTerms(order({ hasRefundRequest: true }), NOW)).toEqual(refusedWith('A cancellation was requested for this order'));
    expect(rescheduleTerms(order({ dueAt: null }), NOW)).toEqual(refusedWith('This order has no booking time yet'));
    expect(STARTED_MESSAGE).toBe('The booking cannot be rescheduled once the job has started');
    expect(UNPAID_LATE_MESSAGE).toBe('Within 24 hours of the job, please pay for the order (Pay now) before rescheduling it');
  });
});

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let john: AuthUser;
let houseKeeping: { id: number; items: Map<string, number> };
const { mails, deps, book } = bookings(() => db, NOW);
const twoBedrooms = () => [{ id: houseKeeping.items.get('Bedroom')!, quantity: 2 }];

/** A booking of two bedrooms (£50, one hour) at `date` `time` UK, checked out at `now`. */
async function booked(date: string, time: string, options: { payment?: 'cash' | 'card'; frequency?: 'weekly' | 'monthly'; customer?: AuthUser; now?: Date } = {}) {
  const customer = options.customer ?? jane;
  const now = options.now ?? NOW;
  return book(customer, houseKeeping.id, twoBedrooms(), { date, time, now, ...(options.payment ? { payment: options.payment } : {}), ...(options.frequency ? { frequency: options.frequency } : {}) });
}
const orderRow = async (id: number) =>
  (await db.query<{ due_at: Date; total: number; reschedule_fees: number; team_id: number | null; status: string }>(
    'SELECT due_at, total, reschedule_fees, team_id, status FROM orders WHERE id = $1', [id],
  ).then((rows) => rows.map((row) => ({ ...row, total: poundsText(row.total), reschedule_fees: poundsText(row.reschedule_fees) }))))[0]!;
const history = (id: number, action: string) => orderHistory(db, id, action);
const skipVisit = (database: Database, outbox: ReturnType<typeof deps>['outbox'], user: AuthUser, id: number, now: Date) => skip({ db: database, outbox, payments: null, now }, user, id);

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  jane = await seededUser(db, 'customer@sparkle.test');
  const [row] = await db.query<AuthUser>(
    `INSERT INTO users (name, email, password_hash, roles) VALUES ('John Other', 'john.other@services.test', 'x', ARRAY['ROLE_USER']) RETURNING id, name, email, roles`,
  );
  john = row!;
  houseKeeping = await serviceNamed(db, 'House Keeping');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('a customer reschedules a booking (issue 14)', () => {
  it('free with notice: the new time, its history and a mail, the total unchanged', async () => {
    const id = await booked('2030-01-09', '10:00');
    mails.length = 0;
    const result = await rescheduleOrder({ db, outbox: deps().outbox, now: NOW }, jane, id, { due_date: '2030-01-10', due_time: '14:30', fee: 0 });
    expect(result).toEqual({ message: RESCHEDULED_MESSAGE, fee: 0, due: '2030-01-10T14:30:00.000Z', total: 50 });
    expect(RESCHEDULED_MESSAGE).toBe('Booking rescheduled');
    const row = await orderRow(id);
    expect([row.due_at.toISOString(), row.total, row.reschedule_fees]).toEqual(['2030-01-10T14:30:00.000Z', '50.00', '0.00']);
    expect(await history(id, 'order.reschedule')).toEqual([[jane.name, '2030-01-09T10:00:00.000Z', '2030-01-10T14:30:00.000Z']]);
    expect(mails.map((mail) => [mail.to, mail.text.includes('It was made at least 24 hours before the job: rescheduling is free.'), mail.text.includes('Was: 2030-01-09 10:00 (UK time)')])).toEqual([[jane.email, true, true]]);
  });

  it('within 24 hours: 30% of the job’s price is added, never on an earlier fee, and must be the fee agreed', async () => {
    const id = await booked('2030-01-09', '10:00');
    const late = at('2030-01-08T12:00:00Z');
    const outbox = deps().outbox;
    await refused(
      rescheduleOrder({ db, outbox, now: late }, jane, id, { due_date: '2030-01-10', due_time: '10:00', fee: 0 }),
      409,
      'A rescheduling fee of £15.00 (30%) applies now: please confirm again',
    );
    expect((await orderRow(id)).due_at.toISOString()).toBe('2030-01-09T10:00:00.000Z');
    const first = await rescheduleOrder({ db, outbox, now: late }, jane, id, { due_date: '2030-01-10', due_time: '10:00', fee: 15 });
    expect([first.fee, first.total, first.due]).toEqual([15, 65, '2030-01-10T10:00:00.000Z']);
    expect(mails.at(-1)?.text).toContain("a fee of £15.00 (30% of the price) applies.\nThe fee was added: the order's total is now £65.00.");
    // Moved again within 24 hours: 30% of £50, not of £65.
    const second = await rescheduleOrder({ db, outbox, now: at('2030-01-09T12:00:00Z') }, jane, id, { due_date: '2030-01-11', due_time: '10:00', fee: 15 });
    expect([second.fee, second.total]).toEqual([15, 80]);
    const row = await orderRow(id);
    expect([row.total, row.reschedule_fees]).toEqual(['80.00', '30.00']);
  });

  it('a fee agreed when it is free now is refused too', async () => {
    const id = await booked('2030-01-09', '10:00');
    await refused(
      rescheduleOrder({ db, outbox: deps().outbox, now: NOW }, jane, id, { due_date: '2030-01-10', due_time: '10:00', fee: 15 }),
      409,
      'Rescheduling is free now: please confirm again',
    );
  });

  it('refuses another customer’s order, the same time, too little notice, a started job and an unpaid card order within 24 hours', async () => {
    const id = await booked('2030-01-09', '10:00');
    const outbox = deps().outbox;
    const move = (now: Date, date: string, time: string, fee = 0, who = jane) => rescheduleOrder({ db, outbox, now }, who, id, { due_date: date, due_time: time, fee });
    await refused(move(NOW, '2030-01-10', '10:00', 0, john), 404, 'Order not found');
    await refused(move(NOW, '2030-01-09', '10:00'), 400, "This is the booking's time already: please choose another");
    await refused(move(NOW, '2030-01-08', '11:00'), 400, "Online bookings need 24 hours' notice: please choose 2030-01-08 12:00 (UK time) or later");
    await refused(move(NOW, '2030-01-11', '21:00'), 400, 'This job of 60 minutes can start between 07:00 and 19:00 (UK time) on 2030-01-11');
    await refused(move(at('2030-01-09T10:00:00Z'), '2030-01-11', '10:00'), 409, STARTED_MESSAGE);
    const card = await booked('2030-01-09', '10:00', { payment: 'card' });
    await refused(
      rescheduleOrder({ db, outbox, now: at('2030-01-08T12:00:00Z') }, jane, card, { due_date: '2030-01-10', due_time: '10:00', fee: 15 }),
      409,
      UNPAID_LATE_MESSAGE,
    );
    // With notice, an unpaid card order moves for free.
    expect((await rescheduleOrder({ db, outbox, now: NOW }, jane, card, { due_date: '2030-01-10', due_time: '11:00', fee: 0 })).fee).toBe(0);
  });

  it('keeps its team when that team is free at the new time', async () => {
    const id = await booked('2030-01-16', '10:00');
    const team = (await orderRow(id)).team_id;
    await rescheduleOrder({ db, outbox: deps().outbox, now: NOW }, jane, id, { due_date: '2030-01-16', due_time: '10:30', fee: 0 });
    expect((await orderRow(id)).team_id).toBe(team);
  });
});

describe('recurring series (decision 021)', () => {
  const visitsOf = async (seriesId: number) =>
    db.query<{ id: number; due_at: Date; status: string; team_id: number | null }>(
      'SELECT id, due_at, status, team_id FROM orders WHERE series_id = $1 ORDER BY due_at', [seriesId],
    );
  const seriesOf = async (firstOrder: number) =>
    Number((await db.query<{ id: number }>('SELECT id FROM booking_series WHERE first_order_id = $1', [firstOrder]))[0]!.id);

  it('a Weekly checkout plans the next 8 visits at the same UK time, across the clock change', async () => {
    const first = await booked('2030-03-13', '09:00', { frequency: 'weekly', customer: john });
    const seriesId = await seriesOf(first);
    const visits = await visitsOf(seriesId);
    expect(visits.map((visit) => visit.due_at.toISOString())).toEqual([
      '2030-03-13T09:00:00.000Z', '2030-03-20T09:00:00.000Z', '2030-03-27T09:00:00.000Z',
      // British Summer Time from 31 March: 09:00 UK is 08:00 UTC.
      '2030-04-03T08:00:00.000Z', '2030-04-10T08:00:00.000Z', '2030-04-17T08:00:00.000Z', '2030-04-24T08:00:00.000Z', '2030-05-01T08:00:00.000Z',
    ]);
    expect(visits.every((visit) => visit.team_id !== null && visit.status === 'awaiting_validation')).toBe(true);
    expect(await history(visits[1]!.id, 'order.checkout')).toEqual([[SERIES_PLANNER, null, 'cash']]);
    // Planned already: planning again adds nothing until a visit has passed.
    expect(await planSeries(db, seriesId, NOW)).toBe(0);
    expect(await planSeries(db, seriesId, at('2030-03-13T09:00:01Z'))).toBe(1);
    expect((await visitsOf(seriesId)).at(-1)?.due_at.toISOString()).toBe('2030-05-08T08:00:00.000Z');

    const [listed] = await listMySeries(db, john, NOW);
    expect(listed).toMatchObject({ id: seriesId, service: 'House Keeping', frequency: 'weekly', frequencyName: 'Weekly', time: '09:00', active: true });
    expect(listed!.visits).toHaveLength(9);
    expect(await listMySeries(db, { ...john, id: 999_999 }, NOW)).toEqual([]);
  });

  it('passes over a closed day and plans a visit with no team free as unassigned', async () => {
    await db.query("INSERT INTO closures (day, reason) VALUES ('2030-06-12', 'Staff training')");
    const first = await booked('2030-06-05', '11:00', { frequency: 'weekly', customer: john });
    const seriesId = await seriesOf(first);
    // Every team busy at 11:00 on 19 June.
    await db.query('UPDATE teams SET active = false WHERE position > 1');
    await db.query('UPDATE orders SET due_at = $2 WHERE id = $1', [await booked('2030-06-20', '11:00'), at('2030-06-19T10:00:00Z')]);
    await db.query('UPDATE booking_series SET planned_through = 1 WHERE id = $1', [seriesId]);
    await db.query('DELETE FROM orders WHERE series_id = $1 AND due_at > $2', [seriesId, at('2030-06-13T00:00:00Z')]);
    expect(await planAllSeries(db, NOW)).toBeGreaterThanOrEqual(6);
    await db.query('UPDATE teams SET active = true');
    const visits = await visitsOf(seriesId);
    const dates = visits.map((visit) => visit.due_at.toISOString().slice(0, 10));
    expect(dates.slice(0, 3)).toEqual(['2030-06-05', '2030-06-19', '2030-06-26']);
    expect(dates).not.toContain('2030-06-12');
    expect(visits[1]!.team_id).toBeNull();
    expect(visits[2]!.team_id).not.toBeNull();
  });

  it('"Skip" cancels an unpaid visit at once (no request), frees its team and mails it; "End the series" cancels every unpaid one not started and ends the series', async () => {
    const first = await booked('2030-09-04', '10:00', { frequency: 'monthly' });
    const seriesId = await seriesOf(first);
    const visits = await visitsOf(seriesId);
    // The same day of each month, as far as 12 months ahead of now reaches for 8 visits.
    expect(visits.map((visit) => visit.due_at.toISOString().slice(0, 10))).toEqual([
      '2030-09-04', '2030-10-04', '2030-11-04', '2030-12-04', '2031-01-04',
    ]);
    const single = await booked('2030-09-05', '10:00');
    mails.length = 0;
    const outbox = deps().outbox;
    expect(await skipVisit(db, outbox, jane, visits[1]!.id, NOW)).toEqual({ message: VISIT_SKIPPED_MESSAGE, fee: 0, visits: 1 });
    expect(VISIT_SKIPPED_MESSAGE).toBe('Visit skipped');
    expect(await orderRow(visits[1]!.id)).toMatchObject({ status: 'cancelled' });
    expect(await db.query('SELECT 1 FROM refund_requests WHERE order_id = $1', [visits[1]!.id])).toEqual([]);
    expect(await history(visits[1]!.id, 'order.skip')).toEqual([[jane.name, 'awaiting_validation', 'cancelled']]);
    expect(mails.map((mail) => mail.subject)).toEqual(['Visit skipped: House Keeping on 2030-10-04 10:00 (UK time)']);
    expect(mails[0]!.attachments?.map((file) => file.filename)).toEqual([`series-${seriesId}.ics`]);
    await refused(skipVisit(db, outbox, john, visits[2]!.id, NOW), 404, 'Visit not found');
    await refused(skipVisit(db, outbox, jane, single, NOW), 404, 'Visit not found');
    await refused(skipVisit(db, outbox, jane, visits[1]!.id, NOW), 409, ALREADY_SKIPPED_MESSAGE);

    await refused(cancelSeries(db, outbox, john, seriesId, NOW), 404, 'Series not found');
    // The first visit has started by then: it stays; the skipped one is cancelled already.
    const later = at('2030-09-04T10:30:00Z');
    mails.length = 0;
    expect(await cancelSeries(db, outbox, jane, seriesId, later)).toEqual({ message: SERIES_CANCELLED_MESSAGE, fee: 0, visits: 3 });
    expect(SERIES_CANCELLED_MESSAGE).toBe('Series ended');
    const statuses = await Promise.all(visits.map(async (visit) => (await orderRow(visit.id)).status));
    expect(statuses).toEqual(['awaiting_validation', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(await db.query('SELECT 1 FROM refund_requests WHERE order_id = ANY($1::integer[])', [visits.map((visit) => visit.id)])).toEqual([]);
    // One mail for the whole series, with its calendar entry.
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[jane.email, 'Series ended: House Keeping (Monthly)']]);
    await refused(cancelSeries(db, outbox, jane, seriesId, later), 409, SERIES_ENDED_MESSAGE);
    // An ended series plans nothing more, and its skipped visit cannot come back.
    expect(await planSeries(db, seriesId, at('2031-06-01T00:00:00Z'))).toBe(0);
    expect((await listMySeries(db, jane, later)).find((series) => series.id === seriesId)?.active).toBe(false);
    await refused(undoSkipVisit({ db, outbox, now: later }, jane, visits[1]!.id), 409, 'This series has ended: its visits can no longer be brought back');
  });

  it('"Cancel all future visits" passes over cancelled and completed visits and keeps 30% of a paid one within 24 hours', async () => {
    const first = await booked('2030-07-03', '15:00', { frequency: 'monthly', customer: john });
    const seriesId = await seriesOf(first);
    const visits = await visitsOf(seriesId);
    await db.query("UPDATE orders SET paid_amount = total, payment_method = 'card' WHERE id = $1", [visits[1]!.id]);
    await db.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [visits[2]!.id]);
    await db.query("UPDATE orders SET status = 'completed' WHERE id = $1", [visits[3]!.id]);
    const soon = new Date(visits[1]!.due_at.getTime() - HOUR);
    // Seven visits, to 3 January (12 months ahead). Monthly: £47.50; 30% of the paid visit is £14.25; the later ones are free (unpaid).
    expect(visits).toHaveLength(7);
    expect(await cancelSeries(db, deps().outbox, john, seriesId, soon)).toEqual({ message: SERIES_CANCELLED_MESSAGE, fee: 14.25, visits: 4 });
    // Only the paid visit is a request (its refund is the office's); the unpaid ones are cancelled.
    const asked = await db.query<{ order_id: number; reason: string }>('SELECT order_id, reason FROM refund_requests WHERE order_id = ANY($1::integer[]) ORDER BY order_id', [visits.map((visit) => visit.id)]);
    expect(asked.map((row) => [visits.findIndex((visit) => visit.id === Number(row.order_id)), row.reason])).toEqual([[1, CANCEL_FUTURE_REASON]]);
    expect(await Promise.all([4, 5, 6].map(async (index) => (await orderRow(visits[index]!.id)).status))).toEqual(['cancelled', 'cancelled', 'cancelled']);
    // A visit stays listed for a day after it started, with its own series only.
    const listed = async (now: Date) => (await listMySeries(db, john, now)).find((series) => series.id === seriesId)!.visits.map((visit) => visit.id);
    expect((await listed(new Date(visits[1]!.due_at.getTime() + 23 * HOUR)))[0]).toBe(visits[1]!.id);
    expect(await listed(new Date(visits[1]!.due_at.getTime() + 25 * HOUR))).not.toContain(visits[1]!.id);
    const all = await listMySeries(db, john, soon);
    for (const series of all) {
      const own = (await visitsOf(series.id)).map((visit) => visit.id);
      expect(series.visits.every((visit) => own.includes(visit.id)), `series ${series.id}`).toBe(true);
    }
  });

  it('a paid visit skipped within 24 hours keeps 30% as the fee', async () => {
    // Monthly: £50 less 5% = £47.50; 30% of it is £14.25.
    const first = await booked('2030-10-02', '10:00', { frequency: 'monthly', customer: john });
    const [, second] = await visitsOf(await seriesOf(first));
    await db.query("UPDATE orders SET paid_amount = total, payment_method = 'card' WHERE id = $1", [second!.id]);
    // The money that moved is a ledger line (decision 036): what a skip refunds is read from there (045).
    await ledgerRepository(db).add({
      orderId: second!.id, kind: 'payment', name: 'Card payment', amount: 4_750, vatPercent: null,
      reference: 'pi_paid_visit', actorId: null, actor: 'test', at: new Date(second!.due_at.getTime() - 2 * HOUR),
    });
    const result = await skipVisit(db, deps().outbox, john, second!.id, new Date(second!.due_at.getTime() - HOUR));
    // Immediate (decision 043): the fee kept, the rest owed back at once (no provider here: it stays accepted for the office to retry).
    expect(result).toEqual({ message: paidSkipMessage(1425, 3325), fee: 14.25, visits: 1 });
    expect(result.message).toBe('Visit skipped for a £14.25 late fee: £33.25 is refunded to your card');
    expect((await db.query<{ reason: string; status: string; refund_due: number }>('SELECT reason, status, refund_due FROM refund_requests WHERE order_id = $1', [second!.id]))[0])
      .toEqual({ reason: SKIP_REASON, status: 'accepted', refund_due: 3325 });
  });
});
