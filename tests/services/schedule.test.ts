import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { assignJob, listSchedule, moveJob, UNASSIGNED } from '../../server/services/schedule';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, orderHistory } from './support/booking';
import { houseKeepingDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * The schedule board (issue 15): an administrator gives jobs to teams and moves them, on the rules
 * a customer's booking follows (decision 015), on a real seeded PGlite with the product's three
 * teams (Team A, B, C) and 07:00–20:00 every day.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)
const WEDNESDAY = '2030-01-09';

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let admin: AuthUser;
let teams: Record<'A' | 'B' | 'C', number>;
const { book } = bookings(() => db);
let twoBedrooms: Array<{ id: number; quantity: number }>;
let serviceId: number;

/** A one-hour job (two bedrooms) booked at `date` `time` UK; checkout gives it the first free team. */
const job = (date: string, time: string) => book(jane, serviceId, twoBedrooms, { date, time, now: NOW });
const teamOf = async (id: number) => (await db.query<{ team_id: number | null }>('SELECT team_id FROM orders WHERE id = $1', [id]))[0]!.team_id;
const history = (id: number, action: string) => orderHistory(db, id, action);

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
  const rows = await db.query<{ id: number; name: string }>("SELECT id, name FROM teams WHERE name IN ('Team A', 'Team B', 'Team C')");
  const id = (name: string) => Number(rows.find((row) => row.name === name)!.id);
  teams = { A: id('Team A'), B: id('Team B'), C: id('Team C') };
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the schedule board (issue 15)', () => {
  it('lists the teams and the jobs of the UK days asked for', async () => {
    const [first, second] = [await job(WEDNESDAY, '10:00'), await job(WEDNESDAY, '10:00')];
    await job('2030-01-10', '09:00');
    const board = await listSchedule(db, WEDNESDAY);
    expect(board.teams.map((team) => team.name)).toEqual(['Team A', 'Team B', 'Team C']);
    expect([board.from, board.days]).toEqual([WEDNESDAY, 1]);
    expect(board.jobs).toEqual([
      expect.objectContaining({ id: first, start: '2030-01-09T10:00:00.000Z', duration_minutes: 60, postcode: 'SE22 8AB', service: 'House Keeping', team_id: teams.A, status: 'awaiting_validation' }),
      expect.objectContaining({ id: second, start: '2030-01-09T10:00:00.000Z', team_id: teams.B }),
    ]);
    expect(board.jobs[0]!.customer).toBe(jane.name);
    expect((await listSchedule(db, WEDNESDAY, 2)).jobs).toHaveLength(3);
  });

  it('gives a job to a free team or back to Unassigned, in the history; a busy team is refused with its booking', async () => {
    const [first, second] = [await job('2030-01-16', '10:00'), await job('2030-01-16', '10:30')];
    expect([await teamOf(first), await teamOf(second)]).toEqual([teams.A, teams.B]);
    await refused(assignJob(db, admin, first, teams.B, NOW), 409, 'Team B is already booked 10:30–11:30');
    expect((await assignJob(db, admin, first, null, NOW)).team_id).toBeNull();
    // The same team again changes nothing and writes no history.
    await assignJob(db, admin, first, null, NOW);
    expect((await assignJob(db, admin, first, teams.C, NOW)).team_id).toBe(teams.C);
    expect(await history(first, 'order.team')).toEqual([
      [jane.name, null, 'Team A'],
      [admin.name, 'Team A', UNASSIGNED],
      [admin.name, UNASSIGNED, 'Team C'],
    ]);
    expect(UNASSIGNED).toBe('Unassigned');
    await refused(assignJob(db, admin, first, 999_999, NOW), 404, 'Team not found');
    await refused(assignJob(db, admin, 999_999, teams.A, NOW), 404, 'Order not found');
  });

  it('refuses a team off that day, not working that weekday, or outside its own hours', async () => {
    const id = await job('2030-01-23', '10:00');
    await assignJob(db, admin, id, null, NOW);
    await db.query("INSERT INTO team_time_off (team_id, starts_on, ends_on) VALUES ($1, '2030-01-22', '2030-01-23')", [teams.C]);
    await refused(assignJob(db, admin, id, teams.C, NOW), 409, 'Team C is off on 2030-01-23');
    await db.query("INSERT INTO team_hours (team_id, weekday, works) VALUES ($1, 3, false)", [teams.B]);
    await refused(assignJob(db, admin, id, teams.B, NOW), 409, 'Team B does not work on Wednesdays');
    await db.query("INSERT INTO team_hours (team_id, weekday, works, opens, closes) VALUES ($1, 3, true, '10:30', '16:00')", [teams.A]);
    await refused(assignJob(db, admin, id, teams.A, NOW), 409, 'Team A works 10:30–16:00 on Wednesdays');
    await db.query("UPDATE team_hours SET opens = '07:00', closes = '10:59' WHERE team_id = $1", [teams.A]);
    await refused(assignJob(db, admin, id, teams.A, NOW), 409, 'Team A works 07:00–10:59 on Wednesdays');
    await db.query("UPDATE team_hours SET closes = '11:00' WHERE team_id = $1", [teams.A]);
    expect((await assignJob(db, admin, id, teams.A, NOW)).team_id).toBe(teams.A);
    await db.query('DELETE FROM team_hours');
    await db.query('DELETE FROM team_time_off');
  });

  it('moves a job free of charge, keeping its team, in the history in UK time', async () => {
    const id = await job('2030-01-30', '10:00');
    const moved = await moveJob(db, admin, id, { due_date: '2030-01-31', due_time: '09:00' }, NOW);
    expect([moved.start, moved.team_id]).toEqual(['2030-01-31T09:00:00.000Z', teams.A]);
    // The same time again changes nothing.
    await moveJob(db, admin, id, { due_date: '2030-01-31', due_time: '09:00' }, NOW);
    const summer = await moveJob(db, admin, id, { due_date: '2030-07-03', due_time: '09:00' }, NOW);
    expect(summer.start).toBe('2030-07-03T08:00:00.000Z');
    expect(await history(id, 'order.moved')).toEqual([
      [admin.name, '2030-01-30 10:00', '2030-01-31 09:00'],
      [admin.name, '2030-01-31 09:00', '2030-07-03 09:00'],
    ]);
    const total = (await db.query<{ total: string }>('SELECT total::text FROM orders WHERE id = $1', [id]))[0]!.total;
    expect(total).toBe('5000');
  });

  it("refuses a move without 24 hours' notice, beyond 12 months, on a closed day, outside opening hours or onto the team's other job", async () => {
    const id = await job('2030-02-06', '10:00');
    const move = (due_date: string, due_time: string, order = id) => moveJob(db, admin, order, { due_date, due_time }, NOW);
    await refused(move('2030-01-08', '11:59'), 400, "Jobs need 24 hours' notice: please choose 2030-01-08 12:00 (UK time) or later");
    await refused(move('2031-01-08', '10:00'), 400, 'Online bookings can be made up to 12 months ahead: please choose 2031-01-07 12:00 (UK time) or earlier');
    await db.query("INSERT INTO closures (day, reason) VALUES ('2030-02-07', 'Staff training')");
    await refused(move('2030-02-07', '10:00'), 409, 'We are closed on 2030-02-07');
    await db.query('UPDATE opening_hours SET open = false WHERE weekday = 0');
    await refused(move('2030-02-10', '10:00'), 409, 'We are closed on Sundays');
    await db.query('UPDATE opening_hours SET open = true WHERE weekday = 0');
    await refused(move('2030-02-08', '19:30'), 409, 'Jobs must start and finish within opening hours on 2030-02-08: 07:00–20:00');
    await refused(move('2030-02-08', '06:30'), 409, 'Jobs must start and finish within opening hours on 2030-02-08: 07:00–20:00');
    expect((await move('2030-02-08', '19:00')).start).toBe('2030-02-08T19:00:00.000Z');
    const other = await job('2030-02-11', '12:00');
    expect(await teamOf(other)).toBe(teams.A);
    await refused(move('2030-02-11', '11:30'), 409, 'Team A is already booked 12:00–13:00');
    // Back to back is too close: the team needs its travel gap between the two (decision 041).
    await refused(move('2030-02-11', '11:00'), 409, 'Team A is already booked 12:00–13:00 and needs 30 minutes to travel between jobs');
    expect((await move('2030-02-11', '10:30')).start).toBe('2030-02-11T10:30:00.000Z');
    await refused(move('2030-02-12', '10:00', 999_999), 404, 'Order not found');
  });

  it('a move may start exactly at the earliest time and at opening time; an unassigned job moves without a team', async () => {
    const id = await job('2030-02-20', '10:00');
    await assignJob(db, admin, id, null, NOW);
    expect((await moveJob(db, admin, id, { due_date: '2030-01-08', due_time: '12:00' }, NOW)).start).toBe('2030-01-08T12:00:00.000Z');
    const moved = await moveJob(db, admin, id, { due_date: '2030-02-21', due_time: '07:00' }, NOW);
    expect([moved.start, moved.team_id]).toEqual(['2030-02-21T07:00:00.000Z', null]);
    // A team's own hours count from their first minute too.
    await db.query("INSERT INTO team_hours (team_id, weekday, works, opens, closes) VALUES ($1, 4, true, '07:00', '12:00')", [teams.B]);
    expect((await assignJob(db, admin, id, teams.B, NOW)).team_id).toBe(teams.B);
    await db.query('DELETE FROM team_hours');
  });

  it('a cancelled or completed job stays where it is', async () => {
    const [cancelled, completed] = [await job('2030-02-13', '10:00'), await job('2030-02-13', '10:00')];
    await db.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [cancelled]);
    await db.query("UPDATE orders SET status = 'completed' WHERE id = $1", [completed]);
    await refused(moveJob(db, admin, cancelled, { due_date: '2030-02-14', due_time: '10:00' }, NOW), 409, 'This order is cancelled: it cannot be moved');
    await refused(moveJob(db, admin, completed, { due_date: '2030-02-14', due_time: '10:00' }, NOW), 409, 'This order is completed: it cannot be moved');
    await refused(assignJob(db, admin, cancelled, teams.C, NOW), 409, 'This order is cancelled: it cannot be assigned to a team');
  });
});
