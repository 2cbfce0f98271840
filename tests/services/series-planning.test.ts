import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { planAllSeries, planSeries, SERIES_PLANNER } from '../../server/services/series-planning';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, orderHistory } from './support/booking';
import { houseKeepingDatabase, newAccount } from './support/own-database';

/**
 * Planning a recurring series's visits (decision 021): each visit claims a team like a checkout, or
 * is planned unassigned when none is free; visits that are past or outside the day's hours are not
 * made; a series that ended, or whose customer was erased, plans nothing.
 * On a real seeded PGlite with the product's three teams.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)
const DAY = 86_400_000;

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, NOW);

interface Visit { occurrence: number; due: string; team: number | null }
const seriesOf = async (firstOrder: number) =>
  (await db.query<{ id: number; planned_through: number; ended_at: Date | null }>(
    'SELECT id, planned_through, ended_at FROM booking_series WHERE first_order_id = $1', [firstOrder],
  ))[0]!;
const plannedThrough = async (seriesId: number) =>
  (await db.query<{ planned_through: number }>('SELECT planned_through FROM booking_series WHERE id = $1', [seriesId]))[0]!.planned_through;
const visits = async (seriesId: number): Promise<Visit[]> =>
  (await db.query<{ series_occurrence: number; due_at: Date; team_id: number | null }>(
    'SELECT series_occurrence, due_at, team_id FROM orders WHERE series_id = $1 ORDER BY series_occurrence', [seriesId],
  )).map((row) => ({ occurrence: row.series_occurrence, due: row.due_at.toISOString(), team: row.team_id }));
/** A weekly series from `date` at `time` UK, booked at NOW by `customer`; answers the series. */
async function weekly(date: string, time: string, customer: AuthUser = jane) {
  const first = await book(customer, serviceId, twoBedrooms, { date, time, now: NOW, frequency: 'weekly' });
  return seriesOf(first);
}

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('planning a series', () => {
  it('plans 8 visits ahead at the same UK time, each with a team, in its history; a full time is planned unassigned', async () => {
    // Every team is booked at 09:00 on the third Wednesday: that visit waits for the office.
    for (let team = 0; team < 3; team += 1) await book(jane, serviceId, twoBedrooms, { date: '2030-01-23', time: '09:00', now: NOW });
    const series = await weekly('2030-01-09', '09:00');
    const planned = await visits(series.id);
    expect(planned.map((visit) => visit.due)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((week) => new Date(Date.parse('2030-01-09T09:00:00.000Z') + week * 7 * DAY).toISOString()),
    );
    expect(planned.filter((visit) => visit.team === null).map((visit) => visit.occurrence)).toEqual([2]);
    expect(series.planned_through).toBe(7);
    expect(await orderHistory(db, (await db.query<{ id: number }>('SELECT id FROM orders WHERE series_id = $1 AND series_occurrence = 1', [series.id]))[0]!.id, 'order.checkout'))
      .toEqual([[SERIES_PLANNER, null, 'cash']]);
  });

  it('after a long outage plans only what is still ahead, and moves its mark past the visits it missed', async () => {
    const series = await weekly('2030-01-10', '11:00');
    // Nine weeks later: occurrences 8 and 9 were never planned and are past now.
    const later = new Date(Date.parse('2030-03-14T11:00:00.000Z') + 60_000);
    expect(await planSeries(db, series.id, later)).toBe(8);
    const planned = await visits(series.id);
    expect(planned.map((visit) => visit.occurrence)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(await plannedThrough(series.id)).toBe(17);
    // Run again at once: nothing more to plan.
    expect(await planSeries(db, series.id, later)).toBe(0);
  });

  it('passes over a date whose hours no longer fit the job', async () => {
    const series = await weekly('2030-01-11', '18:30');
    // From now on Fridays close at 18:00: the next planned Friday cannot take an 18:30 job.
    await db.query("UPDATE opening_hours SET closes = '18:00' WHERE weekday = 5");
    try {
      const before = (await visits(series.id)).length;
      const later = new Date(Date.parse('2030-01-11T18:30:00.000Z') + 60_000);
      expect(await planSeries(db, series.id, later)).toBe(0);
      expect((await visits(series.id)).length).toBe(before);
      expect(await plannedThrough(series.id)).toBe(8);
    } finally {
      await db.query("UPDATE opening_hours SET closes = '20:00' WHERE weekday = 5");
    }
  });

  it('plans nothing for an ended series, an unknown one, or a customer who was erased (whose series then ends)', async () => {
    const ended = await weekly('2030-01-15', '14:00');
    await db.query('UPDATE booking_series SET ended_at = $2 WHERE id = $1', [ended.id, NOW]);
    const later = new Date(Date.parse('2030-01-15T14:00:00.000Z') + 60_000);
    expect(await planSeries(db, ended.id, later)).toBe(0);
    expect(await planSeries(db, 987_654, later)).toBe(0);

    const leaving = await newAccount(db, 'leaving@series.test', 'a-good-password-1', 'Lena Leaving');
    const theirs = await weekly('2030-01-16', '15:00', { id: leaving.id, name: 'Lena Leaving', email: leaving.email, roles: ['ROLE_USER'] });
    await db.query('UPDATE users SET anonymised_at = $2 WHERE id = $1', [leaving.id, NOW]);
    const afterFirst = new Date(Date.parse('2030-01-16T15:00:00.000Z') + 60_000);
    expect(await planSeries(db, theirs.id, afterFirst)).toBe(0);
    const row = (await db.query<{ ended_at: Date | null }>('SELECT ended_at FROM booking_series WHERE id = $1', [theirs.id]))[0]!;
    expect(row.ended_at?.toISOString()).toBe(afterFirst.toISOString());
  });

  it('the scheduled job brings every active series up to its horizon', async () => {
    const series = await weekly('2030-01-17', '16:00');
    const later = new Date(Date.parse('2030-01-24T16:00:00.000Z') + 60_000);
    // A week on, two visits have started: the job plans the next two for this series (and others' too).
    expect(await planAllSeries(db, later)).toBeGreaterThanOrEqual(2);
    expect((await visits(series.id)).map((visit) => visit.occurrence)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
