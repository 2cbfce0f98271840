import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { MailOutbox } from '../../server/queue';
import type { Mail } from '../../server/queue/mail';
import { addClosure, removeClosure } from '../../server/services/closures';
import { MOVE_LINK_USED, visitsOnDay } from '../../server/services/closure-moves';
import { rescheduleOrder } from '../../server/services/reschedule';
import { addTimeOff, listTimeOffVisits } from '../../server/services/teams';
import { closureMovesRepository } from '../../server/repositories/closure-moves';
import { createOrder } from '../../server/services/orders';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * Visits set aside by a closure or a team's time off (decisions 048 and 057) through the services,
 * on a real seeded database: the close dialog's list of a UK day's visits (checked out, not
 * cancelled, earliest first, the day's bounds in UK time), a team's visits over its days off, the
 * signed link each customer is mailed, which moves the visit free once, and only the newest link.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)
const SECRET = 'closure-moves-secret';

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let john: AuthUser;
let admin: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
let teams: Record<'A' | 'B' | 'C', number>;
const { book } = bookings(() => db, NOW);
const mails: Mail[] = [];
const outbox: MailOutbox = { add: async (_tx, mail) => void mails.push(mail), site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } };

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
  const [row] = await db.query<AuthUser>(
    `INSERT INTO users (name, email, password_hash, roles) VALUES ('John Closure', 'john@closure.test', 'x', ARRAY['ROLE_USER']) RETURNING id, name, email, roles`,
  );
  john = row!;
  const rows = await db.query<{ id: number; name: string }>("SELECT id, name FROM teams WHERE name IN ('Team A', 'Team B', 'Team C')");
  const id = (name: string) => Number(rows.find((team) => team.name === name)!.id);
  teams = { A: id('Team A'), B: id('Team B'), C: id('Team C') };
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

/** A one-hour booking (two bedrooms, £50) at `date` `time` UK, checked out at NOW. */
const booked = (user: AuthUser, date: string, time: string) => book(user, serviceId, twoBedrooms, { date, time, now: NOW });
const set = (id: number, assignments: string, ...values: unknown[]) => db.query(`UPDATE orders SET ${assignments} WHERE id = $1`, [id, ...values]);
const referenceOf = async (id: number) => (await db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [id]))[0]!.reference;
const teamOf = async (id: number) => (await db.query<{ team_id: number | null }>('SELECT team_id FROM orders WHERE id = $1', [id]))[0]!.team_id;
const dueOf = async (id: number) => (await db.query<{ due_at: Date }>('SELECT due_at FROM orders WHERE id = $1', [id]))[0]!.due_at.toISOString();
const aside = async (id: number) =>
  (await db.query<{ closed_day: string; created_at: Date; used_at: Date | null; version: number }>(
    "SELECT to_char(closed_day, 'YYYY-MM-DD') AS closed_day, created_at, used_at, version FROM closure_moves WHERE order_id = $1", [id],
  ))[0] ?? null;
/** The token of the newest move link mailed for the order. */
async function moveToken(id: number): Promise<string> {
  const subject = `Please choose a new time: order #${await referenceOf(id)}`;
  const mail = mails.filter((sent) => sent.subject === subject).at(-1);
  if (!mail) throw new Error(`No move mail for order ${id}`);
  return decodeURIComponent(/\/profile-services\?move=([^\s]+)/.exec(mail.text)![1]!);
}
const move = (user: AuthUser, id: number, date: string, time: string, token: string, now = NOW) =>
  rescheduleOrder({ db, outbox, now, secret: SECRET }, user, id, { due_date: date, due_time: time, fee: 0, move: token });
const closing = () => ({ db, outbox, secret: SECRET });

describe("the close dialog's list of a day's visits", () => {
  it('lists the UK day’s checked-out visits (not cancelled, not drafts), earliest first, with team and total', async () => {
    const day = '2030-06-12'; // summer: the UK day runs from 23:00 UTC the evening before
    const late = await booked(jane, day, '15:00');
    const early = await booked(john, day, '09:00');
    const sameTime = await booked(jane, day, '09:00');
    const midnight = await booked(john, day, '12:00');
    await set(midnight, "due_at = '2030-06-11T23:00:00Z', team_id = NULL");
    const eveBefore = await booked(jane, '2030-06-11', '19:00');
    await set(eveBefore, "due_at = '2030-06-11T22:59:00Z'");
    const nextMidnight = await booked(jane, '2030-06-13', '09:00');
    await set(nextMidnight, "due_at = '2030-06-12T23:00:00Z'");
    const cancelled = await booked(john, day, '11:00');
    await set(cancelled, "status = 'cancelled'");
    const draft = (await createOrder(db, jane, { service: serviceId, items: twoBedrooms }, NOW)).id;
    await set(draft, "due_at = '2030-06-12T10:00:00Z'");

    const row = async (id: number, customer: AuthUser, team: string | null) => ({
      order_id: id, due: await dueOf(id), customer: customer.name, service: 'House Keeping', team, total: 50,
    });
    const listed = await visitsOnDay(db, day);
    expect(listed).toEqual([
      await row(midnight, john, null),
      await row(early, john, 'Team A'),
      await row(sameTime, jane, 'Team B'),
      await row(late, jane, 'Team A'),
    ]);
    expect(listed[1]!.due).toBe('2030-06-12T08:00:00.000Z');
    // What the mails need as well: the order's reference and the customer's address.
    expect((await closureMovesRepository(db).visitsOn(day)).map((visit) => [visit.orderId, visit.reference, visit.email, visit.teamId])).toEqual([
      [midnight, await referenceOf(midnight), john.email, null],
      [early, await referenceOf(early), john.email, teams.A],
      [sameTime, await referenceOf(sameTime), jane.email, teams.B],
      [late, await referenceOf(late), jane.email, teams.A],
    ]);
    expect(await visitsOnDay(db, '2030-06-14')).toEqual([]);
  });
});

describe('closing a day with visits booked', () => {
  it('sets each visit aside and mails a link that moves it free of charge, once; the other visit’s link still works', async () => {
    const day = '2030-01-15';
    const janes = await booked(jane, day, '10:00');
    const johns = await booked(john, day, '11:00');
    // An erased customer's visit: set aside, listed without an address, and nobody mailed.
    const [erased] = await db.query<AuthUser>(
      `INSERT INTO users (name, email, password_hash, roles) VALUES ('Erased Customer', 'erased@closure.test', 'x', ARRAY['ROLE_USER']) RETURNING id, name, email, roles`,
    );
    const erasedVisit = await booked(erased!, day, '12:00');
    await db.query('UPDATE users SET email = NULL WHERE id = $1', [erased!.id]);
    expect((await closureMovesRepository(db).visitsOn(day)).map((visit) => visit.email)).toEqual([jane.email, john.email, '']);
    mails.length = 0;
    const closed = await addClosure(closing(), { date: day, reason: 'Staff training' }, NOW);
    expect(closed.visits!.map((visit) => visit.order_id)).toEqual([janes, johns, erasedVisit]);
    expect(mails.map((mail) => mail.to)).toEqual([jane.email, john.email]);
    expect(await aside(erasedVisit)).toEqual({ closed_day: day, created_at: NOW, used_at: null, version: 1 });
    expect(await aside(janes)).toEqual({ closed_day: day, created_at: NOW, used_at: null, version: 1 });
    const [janesToken, johnsToken] = [await moveToken(janes), await moveToken(johns)];
    expect(janesToken.startsWith(`${janes}.`)).toBe(true);

    // Within 24 hours of the visit, the company's move is still free.
    const late = new Date('2030-01-15T08:00:00.000Z');
    const moved = await move(jane, janes, '2030-01-17', '10:00', janesToken, late);
    expect([moved.fee, moved.due]).toEqual([0, '2030-01-17T10:00:00.000Z']);
    expect(await aside(janes)).toEqual({ closed_day: day, created_at: NOW, used_at: late, version: 1 });
    await refused(move(jane, janes, '2030-01-18', '10:00', janesToken, late), 409, MOVE_LINK_USED);
    expect(await dueOf(janes)).toBe('2030-01-17T10:00:00.000Z');
    // Another order's link is not this one's; John's own is unspent.
    await refused(move(jane, janes, '2030-01-18', '10:00', johnsToken, late), 409, MOVE_LINK_USED);
    expect((await aside(johns))!.used_at).toBeNull();
    expect((await move(john, johns, '2030-01-17', '11:00', johnsToken, late)).fee).toBe(0);
  });

  it('closing again after reopening mails a new link; only the newest works, and a visit moved by its link can be set aside again', async () => {
    const day = '2030-01-22';
    const order = await booked(jane, day, '11:00');
    mails.length = 0;
    await addClosure(closing(), { date: day }, NOW);
    const first = await moveToken(order);
    await removeClosure(db, day, NOW);
    const later = new Date('2030-01-08T09:00:00.000Z');
    await addClosure(closing(), { date: day, reason: 'Flood' }, later);
    const second = await moveToken(order);
    expect(second).not.toBe(first);
    expect(await aside(order)).toEqual({ closed_day: day, created_at: later, used_at: null, version: 2 });
    await refused(move(jane, order, '2030-01-24', '11:00', first), 409, MOVE_LINK_USED);
    await move(jane, order, '2030-01-24', '11:00', second);
    expect((await aside(order))!.used_at).toEqual(NOW);

    // Its new day closes too: set aside again, with a fresh, unspent link.
    await addClosure(closing(), { date: '2030-01-24' }, later);
    expect(await aside(order)).toEqual({ closed_day: '2030-01-24', created_at: later, used_at: null, version: 3 });
    await move(jane, order, '2030-01-25', '11:00', await moveToken(order));
    expect(await dueOf(order)).toBe('2030-01-25T11:00:00.000Z');
    expect(await closureMovesRepository(db).openVersion(order)).toBeNull();
  });
});

describe("a team's time off over its visits (decision 057)", () => {
  it("lists and acts on that team's visits of those UK days only, earliest first; a visit no team is free for is set aside", async () => {
    // 2030-02-05 and 06: Team A has visits at 09:00 (all three teams busy on the 5th) and 14:00.
    const [a1, b1, c1] = [await booked(jane, '2030-02-05', '09:00'), await booked(john, '2030-02-05', '09:00'), await booked(jane, '2030-02-05', '09:00')];
    expect([await teamOf(a1), await teamOf(b1), await teamOf(c1)]).toEqual([teams.A, teams.B, teams.C]);
    const a2 = await booked(john, '2030-02-06', '14:00');
    const before = await booked(jane, '2030-02-04', '14:00');
    const after = await booked(jane, '2030-02-07', '14:00');
    expect([await teamOf(a2), await teamOf(before), await teamOf(after)]).toEqual([teams.A, teams.A, teams.A]);

    const preview = await listTimeOffVisits(db, teams.A, { starts_on: '2030-02-05', ends_on: '2030-02-06' }, NOW);
    expect(preview.map((visit) => [visit.order_id, visit.team, visit.moved_to])).toEqual([[a1, 'Team A', null], [a2, 'Team A', 'Team B']]);
    expect((await closureMovesRepository(db).teamVisits(teams.B, '2030-02-05', '2030-02-06')).map((visit) => visit.orderId)).toEqual([b1]);

    mails.length = 0;
    const given = await addTimeOff({ db, outbox, secret: SECRET, admin }, teams.A, { starts_on: '2030-02-05', ends_on: '2030-02-06' }, NOW);
    expect(given.visits).toEqual(preview);
    expect([await teamOf(a1), await teamOf(a2), await teamOf(before), await teamOf(after)]).toEqual([teams.A, teams.B, teams.A, teams.A]);
    expect(await aside(a1)).toEqual({ closed_day: '2030-02-05', created_at: NOW, used_at: null, version: 1 });
    expect(await aside(a2)).toBeNull();
    expect(mails.map((mail) => mail.to)).toEqual([jane.email]);
    expect((await move(jane, a1, '2030-02-08', '10:00', await moveToken(a1))).fee).toBe(0);
  });
});
