import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { availabilityFor } from '../../server/services/availability';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { moveJob } from '../../server/services/schedule';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * UK times that do not exist (spring: 01:00–01:59 on 2027-03-28) or happen twice (autumn:
 * 01:00–01:59 on 2027-10-31) are never offered and never booked (issue 24). Reachable only when
 * the company opens before 02:00, so here Sundays open at midnight, and the teams work then.
 */
const NOW = new Date('2027-03-01T12:00:00.000Z');
const SPRING = '2027-03-28';
const AUTUMN = '2027-10-31';
const skipped = (time: string) => `${time} on ${SPRING} does not exist in the UK: the clocks go forward from 01:00 to 02:00 that night. Please choose another time`;
const twice = (time: string) => `${time} on ${AUTUMN} happens twice in the UK: the clocks go back from 02:00 to 01:00 that night. Please choose another time`;

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let admin: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db);

const offered = async (date: string) =>
  (await availabilityFor(db, { service: serviceId, from: date, days: 1, duration: 60 }, NOW)).days[0]!.times.map((slot) => slot.time).filter((time) => time < '04:00');

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
  await db.query("UPDATE opening_hours SET open = true, opens = '00:00' WHERE weekday = 0");
  await db.query("UPDATE team_hours SET works = true, opens = '00:00' WHERE weekday = 0");
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('clock changes (issue 24)', () => {
  it('availability never offers the hour the clocks skip or repeat; an ordinary Sunday offers it', async () => {
    expect(await offered('2027-03-21')).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    expect(await offered(SPRING)).toEqual(['00:00', '00:30', '02:00', '02:30', '03:00', '03:30']);
    expect(await offered(AUTUMN)).toEqual(['00:00', '00:30', '02:00', '02:30', '03:00', '03:30']);
  });

  it('a checkout at such a time is refused with the reason; 00:30 and 02:00 book, as distinct instants', async () => {
    for (const time of ['01:00', '01:30', '01:59']) {
      await refused(book(jane, serviceId, twoBedrooms, { date: SPRING, time, now: NOW }), 400, skipped(time));
      await refused(book(jane, serviceId, twoBedrooms, { date: AUTUMN, time, now: NOW }), 400, twice(time));
    }
    const early = await book(jane, serviceId, twoBedrooms, { date: SPRING, time: '00:00', now: NOW });
    const later = await book(jane, serviceId, twoBedrooms, { date: SPRING, time: '02:00', now: NOW });
    const due = async (id: number) => (await db.query<{ due_at: Date }>('SELECT due_at FROM orders WHERE id = $1', [id]))[0]!.due_at.toISOString();
    // 00:00 GMT and 02:00 BST: one hour apart on the clock, one hour apart in fact.
    expect([await due(early), await due(later)]).toEqual(['2027-03-28T00:00:00.000Z', '2027-03-28T01:00:00.000Z']);
  });

  it('an administrator cannot move a job there either', async () => {
    const id = await book(jane, serviceId, twoBedrooms, { date: '2027-03-21', time: '03:00', now: NOW });
    await refused(moveJob(db, admin, id, { due_date: SPRING, due_time: '01:30' }, NOW), 400, skipped('01:30'));
    await refused(moveJob(db, admin, id, { due_date: AUTUMN, due_time: '01:30' }, NOW), 400, twice('01:30'));
    const moved = await moveJob(db, admin, id, { due_date: AUTUMN, due_time: '02:00' }, NOW);
    expect(new Date(moved.start).toISOString()).toBe(londonLocalToInstant(AUTUMN, '02:00').toISOString());
  });
});
