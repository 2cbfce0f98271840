import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRepository } from '../../server/repositories/ledger';
import { ledgerTotals } from '../../domain/money/ledger';
import { poundsText } from '../../domain/money/money';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { FREQUENCY_DISCOUNT_TERMS } from '../../domain/terms/booking-terms';
import { cancelSeries, listMySeries } from '../../server/services/series';
import { LAST_VISIT_SKIPPED_MESSAGE, skipVisit, undoSkipVisit, UNDO_ENDED_MESSAGE, VISIT_SKIPPED_MESSAGE } from '../../server/services/series-skip';
import { EARNED_AFTER_VISITS, UNEARNED_DISCOUNT_NAME } from '../../server/services/unearned-discount';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { ownDatabase, seededUser, serviceNamed } from './support/own-database';

/**
 * A frequency discount is earned, not had (issue 23 row 7, decision 037): a series ended before its
 * 4th visit gives back the discount of the visits done, as one line on the latest of them; ended
 * after, it costs nothing. On a real seeded PGlite, through "End the series".
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const DAY = 86_400_000;
let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let houseKeeping: { id: number; items: Map<string, number> };
const { deps, book, mails } = bookings(() => db, NOW);

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  jane = await seededUser(db, 'customer@sparkle.test');
  houseKeeping = await serviceNamed(db, 'House Keeping');
}, 60_000);
afterAll(async () => testDb?.dispose());

/** A Weekly series of two bedrooms (£50 less 15% = £42.50 a visit) from `date` 10:00 UK. */
async function weeklySeries(date: string): Promise<{ seriesId: number; visits: Array<{ id: number; due_at: Date }> }> {
  const first = await book(jane, houseKeeping.id, [{ id: houseKeeping.items.get('Bedroom')!, quantity: 2 }], { date, time: '10:00', now: NOW, frequency: 'weekly' });
  const seriesId = Number((await db.query<{ id: number }>('SELECT id FROM booking_series WHERE first_order_id = $1', [first]))[0]!.id);
  const visits = await db.query<{ id: number; due_at: Date }>('SELECT id, due_at FROM orders WHERE series_id = $1 ORDER BY due_at', [seriesId]);
  return { seriesId, visits };
}
/** The order's total column and its ledger's figures (decision 036): what every page and invoice shows. */
const priceOf = async (id: number) => {
  const [row] = await db.query<{ total: number }>('SELECT total FROM orders WHERE id = $1', [id]);
  const lines = await ledgerRepository(db).forOrder(id);
  const totals = ledgerTotals(lines);
  return { total: poundsText(row!.total), vat: (totals.vat / 100).toFixed(2), lines: lines.filter((line) => line.vatPercent !== null).map((line) => [line.kind, line.name, line.amount]) };
};

describe('a frequency discount is earned by the 4th visit (decision 037)', () => {
  it('a Weekly series ended after its first visit (done and paid) charges that visit the discount it took: £7.50', async () => {
    const { seriesId, visits } = await weeklySeries('2030-01-09');
    // The rule was said before any visit was done, in the series's confirmation.
    expect(mails.filter((mail) => mail.text.includes(FREQUENCY_DISCOUNT_TERMS))).toHaveLength(1);
    expect(FREQUENCY_DISCOUNT_TERMS).toBe('A Weekly, Fortnightly or Monthly discount is earned once 4 visits of the series have taken place: ending the series before then charges the visits already done the discount they had.');
    await db.query("UPDATE orders SET status = 'completed', paid_amount = total, payment_method = 'card' WHERE id = $1", [visits[0]!.id]);
    const after = new Date(visits[0]!.due_at.getTime() + DAY);
    expect((await priceOf(visits[0]!.id)).total).toBe('42.50');
    // The series' answer says what ending costs before Confirm, by the rule that charges it (decision 045).
    const endingCost = async () => (await listMySeries(db, jane, after)).find((series) => series.id === seriesId)!.endingCost;
    expect(await endingCost()).toBe(7.5);
    await cancelSeries(db, deps().outbox, jane, seriesId, after);
    expect(await endingCost()).toBe(0);
    expect(await priceOf(visits[0]!.id)).toEqual({
      total: '50.00',
      vat: '8.33',
      lines: [['item', 'Bedroom', 5000], ['discount', 'Weekly discount (15%)', -750], ['fee', UNEARNED_DISCOUNT_NAME, 750]],
    });
    // The later visits were cancelled and cost nothing.
    expect((await priceOf(visits[1]!.id)).total).toBe('42.50');
  });

  it(`ended after ${EARNED_AFTER_VISITS} visits done, the discount is earned: ending costs nothing`, async () => {
    const { seriesId, visits } = await weeklySeries('2030-02-06');
    const after = new Date(visits[EARNED_AFTER_VISITS - 1]!.due_at.getTime() + DAY);
    expect((await listMySeries(db, jane, after)).find((series) => series.id === seriesId)!.endingCost).toBe(0);
    await cancelSeries(db, deps().outbox, jane, seriesId, after);
    for (const visit of visits.slice(0, EARNED_AFTER_VISITS)) expect((await priceOf(visit.id)).total).toBe('42.50');
    expect(EARNED_AFTER_VISITS).toBe(4);
  });
});

describe('skipping every visit still to come is an ending (decision 060)', () => {
  it('the last skip charges back the unearned discount as "End the series" does, and ends the series; the ones before it do not', async () => {
    const { seriesId, visits } = await weeklySeries('2030-03-06');
    await db.query("UPDATE orders SET status = 'completed', paid_amount = total, payment_method = 'card' WHERE id = $1", [visits[0]!.id]);
    const after = new Date(visits[0]!.due_at.getTime() + DAY);
    const mine = async () => (await listMySeries(db, jane, after)).find((series) => series.id === seriesId)!;
    const skip = (id: number) => skipVisit(deps(after), jane, id);
    const rest = visits.slice(1);
    for (const visit of rest.slice(0, -1)) {
      expect((await skip(visit.id)).message).toBe(VISIT_SKIPPED_MESSAGE);
      // Still a series: nothing charged back yet, and the cost of ending is still said.
      expect(await mine()).toMatchObject({ active: true, endingCost: 7.5 });
      expect((await priceOf(visits[0]!.id)).total).toBe('42.50');
    }
    // The last one: the dialog's figure (endingCost) is what it charges.
    const last = await skip(rest.at(-1)!.id);
    expect(last).toEqual({ message: `${VISIT_SKIPPED_MESSAGE}. ${LAST_VISIT_SKIPPED_MESSAGE}`, fee: 0, visits: 1 });
    expect(await mine()).toMatchObject({ active: false, endingCost: 0 });
    expect(await priceOf(visits[0]!.id)).toEqual({
      total: '50.00',
      vat: '8.33',
      lines: [['item', 'Bedroom', 5000], ['discount', 'Weekly discount (15%)', -750], ['fee', UNEARNED_DISCOUNT_NAME, 750]],
    });
    // Ended: no skipped visit comes back, and "End the series" has nothing left to do.
    await expect(undoSkipVisit(deps(after), jane, rest[0]!.id)).rejects.toMatchObject({ statusCode: 409, message: UNDO_ENDED_MESSAGE });
    await expect(cancelSeries(db, deps(after).outbox, jane, seriesId, after)).rejects.toMatchObject({ statusCode: 409 });
  });
});

