import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { availabilityFor, bookableWindow, claimTeam, SLOT_TAKEN_MESSAGE } from '../../server/services/availability';
import {
  checkStart,
  datesFrom,
  dayTimes,
  toMinutes,
  toTime,
  weekdayOf,
  type BookedJob,
  type CapacityData,
  type Hours,
  type Team,
} from '../../domain/capacity/availability-rules';
import { assertBookableTime } from '../../server/services/bookable-time';
import { availabilityRepository } from '../../server/repositories/availability-repository';
import { checkoutRepository } from '../../server/repositories/checkout';
import { assertWithinBookingHorizon } from '../../server/services/booking-horizon';
import { latestBookableStart } from '../../domain/terms/booking-horizon';
import { checkoutOrder, type CheckoutDeps } from '../../server/services/checkout';
import { addClosure, listClosures, removeClosure } from '../../server/services/closures';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { createOrder } from '../../server/services/orders';
import type { TestDatabase } from '../api/support/test-database';
import { ownDatabase, seededUser, serviceNamed } from './support/own-database';
import { refused } from './support/refused';

/**
 * The capacity rule (decision 015, R-BOOK) and the bookable window (R-PAY-1: 24 hours' notice, 12
 * months ahead): first on hand-made data (teams, hours, closures, jobs), then on a real seeded
 * PGlite with the product's three teams, 07:00–20:00 every day, as checkout and the calendar use it.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)
const WEDNESDAY = '2030-01-09';

const hours = (opens: string, closes: string, open = true): Hours => ({ open, opens: toMinutes(opens), closes: toMinutes(closes) });
const everyDay = (day: Hours) => new Map([0, 1, 2, 3, 4, 5, 6].map((weekday) => [weekday, day]));
const team = (id: number, own: Partial<Pick<Team, 'hours' | 'daysOff'>> = {}): Team => ({ id, name: `Team ${id}`, hours: new Map(), daysOff: new Set(), ...own });
const job = (orderId: number, teamId: number | null, date: string, from: string, to: string): BookedJob => ({
  orderId, teamId, start: londonLocalToInstant(date, from).getTime(), end: londonLocalToInstant(date, to).getTime(), area: null,
});
/** No travel gap here: travel-gap.test.ts adds it to these same rules. */
function capacity(partial: Partial<CapacityData> = {}): CapacityData {
  return { teams: [team(1), team(2), team(3)], openingHours: everyDay(hours('07:00', '20:00')), closures: new Map(), jobsByDay: new Map(), travel: { sameArea: 0, otherArea: 0 }, ...partial };
}

describe('when a team is free (decision 015)', () => {
  it('a start is free while a team is free for the whole job, best team first', () => {
    expect(checkStart(capacity(), WEDNESDAY, '10:00', 120)).toEqual({ kind: 'free', teams: [1, 2, 3] });
    const jobs = new Map([[WEDNESDAY, [job(10, 1, WEDNESDAY, '11:00', '12:00'), job(11, 3, WEDNESDAY, '08:00', '10:00')]]]);
    // Team 1's job at 11:00 overlaps 10:00–12:00; team 3's ends as this one starts.
    expect(checkStart(capacity({ jobsByDay: jobs }), WEDNESDAY, '10:00', 120)).toEqual({ kind: 'free', teams: [2, 3] });
    // Ending as team 1's job starts is no overlap either.
    expect(checkStart(capacity({ jobsByDay: jobs }), WEDNESDAY, '10:00', 60)).toEqual({ kind: 'free', teams: [1, 2, 3] });
    // The job being moved does not stand in its own way.
    expect(checkStart(capacity({ jobsByDay: jobs }), WEDNESDAY, '10:00', 120, 10)).toEqual({ kind: 'free', teams: [1, 2, 3] });
    // Jobs of other days do not count.
    expect(checkStart(capacity({ jobsByDay: jobs }), '2030-01-10', '11:00', 60)).toEqual({ kind: 'free', teams: [1, 2, 3] });
  });

  it('each unassigned job at that time takes one team from the count; none left is full', () => {
    const jobs = (...list: BookedJob[]) => capacity({ jobsByDay: new Map([[WEDNESDAY, list]]) });
    expect(checkStart(jobs(job(20, null, WEDNESDAY, '10:30', '11:30')), WEDNESDAY, '10:00', 60)).toEqual({ kind: 'free', teams: [1, 2] });
    expect(checkStart(jobs(job(20, null, WEDNESDAY, '11:00', '12:00')), WEDNESDAY, '10:00', 60)).toEqual({ kind: 'free', teams: [1, 2, 3] });
    const busy = jobs(job(20, null, WEDNESDAY, '10:00', '11:00'), job(21, null, WEDNESDAY, '10:00', '11:00'), job(22, 3, WEDNESDAY, '09:00', '10:30'));
    expect(checkStart(busy, WEDNESDAY, '10:00', 60)).toEqual({ kind: 'full' });
    expect(checkStart(busy, WEDNESDAY, '10:00', 60, 22)).toEqual({ kind: 'free', teams: [1] });
  });

  it('a team off that day, not working that weekday, or outside its own hours is not free', () => {
    const data = capacity({
      teams: [
        team(1, { daysOff: new Set([WEDNESDAY]) }),
        team(2, { hours: new Map([[3, hours('07:00', '20:00', false)]]) }),
        team(3, { hours: new Map([[3, hours('12:00', '16:00')]]) }),
        // Its own hours are wider than the company's: it still works the company's.
        team(4, { hours: new Map([[3, hours('06:00', '22:00')]]) }),
      ],
    });
    expect(weekdayOf(WEDNESDAY)).toBe(3);
    expect(checkStart(data, WEDNESDAY, '12:00', 240)).toEqual({ kind: 'free', teams: [3, 4] });
    expect(checkStart(data, WEDNESDAY, '11:30', 60)).toEqual({ kind: 'free', teams: [4] });
    expect(checkStart(data, WEDNESDAY, '15:30', 60)).toEqual({ kind: 'free', teams: [4] });
    expect(checkStart(data, '2030-01-10', '11:30', 60)).toEqual({ kind: 'free', teams: [1, 2, 3, 4] });
    expect(checkStart(capacity({ teams: [team(4, { hours: new Map([[3, hours('06:00', '22:00')]]) })], openingHours: everyDay(hours('08:00', '18:00')) }), WEDNESDAY, '17:30', 60))
      .toEqual({ kind: 'outsideHours', opens: 480, lastStart: 1020 });
  });

  it('a job must start and end within opening hours, however short', () => {
    const data = capacity({ openingHours: everyDay(hours('08:00', '18:00')) });
    expect(checkStart(data, WEDNESDAY, '07:30', 60)).toEqual({ kind: 'outsideHours', opens: 480, lastStart: 1020 });
    expect(checkStart(data, WEDNESDAY, '17:00', 60)).toEqual({ kind: 'free', teams: [1, 2, 3] });
    expect(checkStart(data, WEDNESDAY, '17:01', 60)).toEqual({ kind: 'outsideHours', opens: 480, lastStart: 1020 });
    expect(checkStart(data, WEDNESDAY, '08:00', 60)).toEqual({ kind: 'free', teams: [1, 2, 3] });
    // A job of no length still takes 30 minutes.
    expect(checkStart(data, WEDNESDAY, '17:45', 0)).toEqual({ kind: 'outsideHours', opens: 480, lastStart: 1050 });
  });

  it('nothing is free on a closed weekday or a closure, which says its reason', () => {
    const sundayShut = everyDay(hours('07:00', '20:00'));
    sundayShut.set(0, hours('07:00', '20:00', false));
    expect(checkStart(capacity({ openingHours: sundayShut }), '2030-01-13', '10:00', 60)).toEqual({ kind: 'closed', reason: 'Closed' });
    expect(checkStart(capacity({ openingHours: new Map() }), WEDNESDAY, '10:00', 60)).toEqual({ kind: 'closed', reason: 'Closed' });
    const closures = new Map([[WEDNESDAY, 'Staff training'], ['2030-12-25', '']]);
    expect(checkStart(capacity({ closures }), WEDNESDAY, '10:00', 60)).toEqual({ kind: 'closed', reason: 'Staff training' });
    expect(checkStart(capacity({ closures }), '2030-12-25', '10:00', 60)).toEqual({ kind: 'closed', reason: 'Closed' });
  });

  it("a day's times: every half hour the job fits in, inside the bookable window, with the teams free", () => {
    const data = capacity({ openingHours: everyDay(hours('07:15', '10:00')), jobsByDay: new Map([[WEDNESDAY, [job(1, 2, WEDNESDAY, '08:00', '09:00')]]]) });
    const wide = { earliest: new Date('2030-01-01T00:00:00Z'), latest: new Date('2031-01-01T00:00:00Z') };
    expect(dayTimes(data, WEDNESDAY, 60, wide)).toEqual({
      date: WEDNESDAY,
      closed: null,
      times: [{ time: '07:30', free: 2 }, { time: '08:00', free: 2 }, { time: '08:30', free: 2 }, { time: '09:00', free: 3 }],
    });
    const window = { earliest: londonLocalToInstant(WEDNESDAY, '08:00'), latest: londonLocalToInstant(WEDNESDAY, '08:30') };
    expect(dayTimes(data, WEDNESDAY, 60, window).times.map((slot) => slot.time)).toEqual(['08:00', '08:30']);
    expect(dayTimes(data, WEDNESDAY, 0, window).times.map((slot) => slot.time)).toEqual(['08:00', '08:30']);
    expect(dayTimes(capacity({ closures: new Map([[WEDNESDAY, 'Flood']]) }), WEDNESDAY, 60, wide)).toEqual({ date: WEDNESDAY, closed: 'Flood', times: [] });
  });

  it('counts UK dates, minutes and clock times', () => {
    expect(datesFrom('2030-01-30', 4)).toEqual(['2030-01-30', '2030-01-31', '2030-02-01', '2030-02-02']);
    expect([toMinutes('07:05'), toMinutes('20:00'), toTime(425), toTime(1200), toTime(0)]).toEqual([425, 1200, '07:05', '20:00', '00:00']);
    expect(['2030-01-06', '2030-01-12', '2030-03-31'].map(weekdayOf)).toEqual([0, 6, 0]);
  });
});

describe('the bookable window (R-PAY-1)', () => {
  it("bookings need 24 hours' notice, to the minute, named in UK time", async () => {
    await expect(assertBookableTime({} as Database, { orderId: 1, dueAt: new Date('2030-01-08T12:00:00Z') }, NOW)).resolves.toBeUndefined();
    await refused(
      assertBookableTime({} as Database, { orderId: 1, dueAt: new Date('2030-01-08T11:59:00Z') }, NOW),
      400,
      "Online bookings need 24 hours' notice: please choose 2030-01-08 12:00 (UK time) or later",
    );
    // In summer the time named is BST; a now between minutes rounds up to the next whole one.
    await refused(
      assertBookableTime({} as Database, { orderId: 1, dueAt: new Date('2030-07-02T08:00:00Z') }, new Date('2030-07-01T08:00:30Z')),
      400,
      "Online bookings need 24 hours' notice: please choose 2030-07-02 09:01 (UK time) or later",
    );
  });

  it('and reach 12 months ahead at most', async () => {
    expect(latestBookableStart(NOW).toISOString()).toBe('2031-01-07T12:00:00.000Z');
    expect(() => assertWithinBookingHorizon(new Date('2031-01-07T12:00:00Z'), NOW)).not.toThrow();
    await refused(
      () => assertWithinBookingHorizon(new Date('2031-01-07T12:01:00Z'), NOW),
      400,
      'Online bookings can be made up to 12 months ahead: please choose 2031-01-07 12:00 (UK time) or earlier',
    );
    await refused(() => assertWithinBookingHorizon(new Date('x'), NOW), 400, 'Online bookings can be made up to 12 months ahead: please choose 2031-01-07 12:00 (UK time) or earlier');
    await refused(
      assertBookableTime({} as Database, { orderId: 1, dueAt: new Date('2031-02-01T10:00:00Z') }, NOW),
      400,
      'Online bookings can be made up to 12 months ahead: please choose 2031-01-07 12:00 (UK time) or earlier',
    );
    expect(bookableWindow(NOW)).toEqual({ earliest: new Date('2030-01-08T12:00:00Z'), latest: new Date('2031-01-07T12:00:00Z') });
  });
});

describe('availability and claiming a team on the database (decision 015)', () => {
  let testDb: TestDatabase;
  let db: Database;
  let jane: AuthUser;
  let houseKeeping: { id: number; items: Map<string, number> };
  const mails: string[] = [];
  const deps = (): CheckoutDeps => ({ db, payments: null, outbox: { add: async (_tx, mail) => void mails.push(mail.subject), site: { publicUrl: 'http://localhost', vatNumber: 'GB 1' } }, now: NOW });

  /** A draft order of 2 bedrooms: a one-hour job (30 minutes an item). */
  const draft = async () => createOrder(db, jane, { service: houseKeeping.id, items: [{ id: houseKeeping.items.get('Bedroom')!, quantity: 2 }] }, NOW);
  const book = async (date: string, time: string) => {
    const order = await draft();
    await checkoutOrder(deps(), jane, {
      order: order.id, due_date: date, due_time: time, address: '1 Test Street', phone: '020 7946 0000', city: 'London', code_postal: 'SE22 8AB', client_note: '', payment: 'cash',
    }, undefined);
    return order.id;
  };
  const claim = (orderId: number, date: string, time: string) => db.transaction((tx) => claimTeam(tx, orderId, date, time));
  const teamOf = async (orderId: number) => (await db.query<{ team_id: number | null; duration_minutes: number }>('SELECT team_id, duration_minutes FROM orders WHERE id = $1', [orderId]))[0];

  beforeAll(async () => {
    testDb = await ownDatabase();
    db = testDb.db;
    jane = await seededUser(db, 'customer@sparkle.test');
    houseKeeping = await serviceNamed(db, 'House Keeping');
    // Teams are counted job against job here; travel-gap.test.ts and capacity-travel.test.ts add the gap.
    await db.query('UPDATE pricing_settings SET travel_minutes = 0, travel_minutes_other_area = 0');
  }, 60_000);

  afterAll(async () => {
    await testDb?.dispose();
  });

  it('three bookings at one time take the three teams; a fourth is told the time was just taken', async () => {
    const [a, b, c] = [await book(WEDNESDAY, '10:00'), await book(WEDNESDAY, '10:30'), await book(WEDNESDAY, '10:00')];
    const teams = await db.query<{ id: number; name: string }>('SELECT id, name FROM teams ORDER BY position');
    expect([(await teamOf(a))?.team_id, (await teamOf(b))?.team_id, (await teamOf(c))?.team_id]).toEqual([teams[0]!.id, teams[1]!.id, teams[2]!.id]);
    expect((await teamOf(a))?.duration_minutes).toBe(60);
    const fourth = await draft();
    await refused(claim(fourth.id, WEDNESDAY, '10:30'), 409, SLOT_TAKEN_MESSAGE);
    expect(SLOT_TAKEN_MESSAGE).toBe('That time was just taken — please choose another');
    // 11:00 is free again for the team whose job ended.
    expect(await claim(fourth.id, WEDNESDAY, '11:00')).toEqual({ teamId: teams[0]!.id, teamName: teams[0]!.name, minutes: 60 });

    const day = (await availabilityFor(db, { service: houseKeeping.id, from: WEDNESDAY, days: 2 }, NOW)).days[0]!;
    expect(day.status).toBe('open');
    const free = Object.fromEntries(day.times.map((slot) => [slot.time, slot.free]));
    // A 30-minute job (the service's shortest item) at 10:00 or 10:30 finds every team busy.
    // (The fourth order is a draft: a team claimed for it counts once it is checked out.)
    expect([free['09:30'], free['10:00'], free['10:30'], free['11:00'], free['11:30']]).toEqual([3, 1, 0, 2, 3]);
  });

  it('a job taken back to Unassigned still holds a team in the count, read from the database', async () => {
    const day = '2030-01-16';
    const order = await book(day, '14:00');
    const freeAt = async (time: string) => (await availabilityFor(db, { service: houseKeeping.id, from: day, days: 1 }, NOW)).days[0]!.times.find((slot) => slot.time === time)?.free;
    expect(await freeAt('14:00')).toBe(2);
    // An administrator unassigns it (the schedule board's "Unassigned" lane): one team is still taken.
    await db.query('UPDATE orders SET team_id = NULL WHERE id = $1', [order]);
    expect(await freeAt('14:00')).toBe(2);
    expect(await freeAt('15:00')).toBe(3);
  });

  it("a checkout's day read brings only the jobs that can be in its way, the others none (decision 113)", async () => {
    const day = '2030-01-23';
    const [early, noon, late, after] = [await book(day, '08:00'), await book(day, '12:00'), await book(day, '16:00'), await book(day, '13:30')];
    const ids = (data: CapacityData) => (data.jobsByDay.get(day) ?? []).map((booked) => booked.orderId).sort((a, b) => a - b);
    const whole = await db.transaction((tx) => availabilityRepository(tx).load(day, day));
    expect(ids(whole)).toEqual([early, noon, late, after].sort((a, b) => a - b));
    // A draft's job of an hour from 12:30 (no travel gap here), as the checkout's read that locks
    // reads its day: 12:00–13:00 overlaps it; 13:30 starts as it ends.
    const placing = await draft();
    const around = await db.transaction(async (tx) => (await checkoutRepository(tx).read(jane.id, placing.id, null, day, londonLocalToInstant(day, '12:30'), 'NW1'))!.day);
    expect(ids(around)).toEqual([noon]);
    expect(checkStart(around, day, '12:30', 60)).toEqual(checkStart(whole, day, '12:30', 60));
  });

  it('a booking being moved keeps its team when it is free then, and never competes with its own time', async () => {
    const order = await book('2030-01-10', '10:00');
    const own = (await teamOf(order))!.team_id;
    expect(await claim(order, '2030-01-10', '10:30')).toMatchObject({ teamId: own, minutes: 60 });
  });

  it('refuses a closed day with its reason, a job longer than the day, and a start outside hours', async () => {
    const order = await draft();
    await db.query("INSERT INTO closures (day, reason) VALUES ('2030-01-11', 'Staff training')");
    await refused(claim(order.id, '2030-01-11', '10:00'), 400, 'We are closed on 2030-01-11 (Staff training): please choose another day');
    await refused(claim(order.id, '2030-01-10', '19:30'), 400, 'This job of 60 minutes can start between 07:00 and 19:00 (UK time) on 2030-01-10');
    await db.query('UPDATE orders SET duration_minutes = 800 WHERE id = $1', [order.id]);
    await refused(claim(order.id, '2030-01-10', '07:00'), 400, 'This job takes longer than our opening hours on 2030-01-10: please choose another day');
  });

  it('the calendar: per UK day open, full or closed with the reason, inside the bookable window', async () => {
    await db.query("INSERT INTO closures (day, reason) VALUES ('2030-01-15', '')");
    const calendar = await availabilityFor(db, { service: houseKeeping.id, from: '2030-01-09', days: 7, duration: 600 }, NOW);
    expect([calendar.teams, calendar.duration_minutes]).toEqual([3, 600]);
    // Wednesday's jobs from 10:00 leave no team ten free hours from 07:00 to 10:00.
    expect(calendar.days.map((day) => [day.date, day.status])).toEqual([
      ['2030-01-09', 'full'], ['2030-01-10', 'open'], ['2030-01-11', 'closed'], ['2030-01-12', 'open'],
      ['2030-01-13', 'open'], ['2030-01-14', 'open'], ['2030-01-15', 'closed'],
    ]);
    expect(calendar.days[0]!.times.map((slot) => slot.free)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(calendar.days[2]).toEqual({ date: '2030-01-11', status: 'closed', reason: 'Staff training', times: [] });
    expect(calendar.days[6]).toEqual({ date: '2030-01-15', status: 'closed', reason: 'Closed', times: [] });
    // A 10-hour job must start by 10:00.
    expect(calendar.days[3]!.times).toEqual(['07:00', '07:30', '08:00', '08:30', '09:00', '09:30', '10:00'].map((time) => ({ time, free: 3 })));
    // 24 hours' notice: on Tuesday the first start offered is 12:00.
    const tuesday = (await availabilityFor(db, { service: houseKeeping.id, from: '2030-01-08', days: 1 }, NOW)).days[0]!;
    expect([tuesday.status, tuesday.times[0], tuesday.times.at(-1)]).toEqual(['open', { time: '12:00', free: 3 }, { time: '19:30', free: 3 }]);
    expect(await availabilityFor(db, { service: houseKeeping.id, days: 1 }, NOW)).toMatchObject({ duration_minutes: 30, days: [{ date: '2030-01-07', times: [] }] });
    // With one team working, its job fills Monday 07:00–08:00 (and a 13-hour job fills the day).
    await db.query('UPDATE teams SET active = false WHERE position > 1');
    await book('2030-01-14', '07:00');
    const monday = (await availabilityFor(db, { service: houseKeeping.id, from: '2030-01-14', days: 1, duration: 30 }, NOW)).days[0]!;
    expect(monday.times.find((slot) => slot.time === '07:30')).toEqual({ time: '07:30', free: 0 });
    expect(monday.status).toBe('open');
    const full = (await availabilityFor(db, { service: houseKeeping.id, from: '2030-01-14', days: 1, duration: 780 }, NOW)).days[0]!;
    expect(full).toEqual({ date: '2030-01-14', status: 'full', times: [{ time: '07:00', free: 0 }] });
    await db.query('UPDATE teams SET active = true');
    await refused(availabilityFor(db, { service: 999_999 }, NOW), 404, 'Service not found');
  });

  it('closures (issue 15): one per day, from today on, listed and removed', async () => {
    const closing = { db, outbox: { add: async () => {}, site: { publicUrl: 'http://localhost:3000', vatNumber: '' } }, secret: 'test-secret' };
    const added = await addClosure(closing, { date: '2030-02-01', reason: '  Stocktake ' }, NOW);
    expect(added).toEqual({ date: '2030-02-01', reason: 'Stocktake', jobs: 0, visits: [] });
    await refused(addClosure(closing, { date: '2030-02-01' }, NOW), 409, 'We are already closed on 2030-02-01');
    await refused(() => addClosure(closing, { date: '2030-01-06' }, NOW), 400, 'A closure must be today (2030-01-07) or later');
    await refused(() => addClosure(closing, { date: '2032-01-08' }, NOW), 400, 'A closure can be set up to 2032-01-07');
    expect((await listClosures(db, NOW)).map((closure) => closure.date)).toContain('2030-02-01');
    const left = await removeClosure(db, '2030-02-01', NOW);
    expect(left.map((closure) => closure.date)).not.toContain('2030-02-01');
    await refused(removeClosure(db, '2030-02-01', NOW), 404, 'We are not closed on 2030-02-01');
    await refused(removeClosure(db, '2029-02-01', NOW), 404, 'We are not closed on 2029-02-01');
  });
});
