import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Schedule, Team } from '../../openapi/schema';
import { londonDate, londonLocalToInstant } from '../../domain/time/london-time';
import { bookedOrder, catalogue, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * The schedule board's API (issue 15 section 1) over real HTTP: the day's and week's jobs (placed
 * orders only), assigning to a team with the clash refused in UK words, assignments racing for one
 * team, moves under the customers' rules, and the order's history. On PostgreSQL (DATABASE_URL) the
 * racing requests really run in parallel on pooled connections.
 */

let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;
let teams: Team[];

const DAY = 86_400_000;
/** A UK calendar day `n` days from now: each test books on its own days, so teams never meet across tests. */
const ukDay = (n: number) => londonDate(new Date(Date.now() + n * DAY));
const at = (day: string, time: string) => londonLocalToInstant(day, time);
const teamNamed = (name: string) => teams.find((team) => team.name === name)!.id;

async function schedule(from: string, days?: number): Promise<Schedule> {
  const answer = await send(server, 'GET', `/admin/schedule?from=${from}${days ? `&days=${days}` : ''}`, { token: admin });
  expect(answer.status).toBe(200);
  return answer.body;
}
const assign = (id: number, team: number | null, token = admin) => send(server, 'PUT', `/admin/schedule/jobs/${id}/team`, { token, body: { team } });
const move = (id: number, due_date: string, due_time: string) => send(server, 'PUT', `/admin/schedule/jobs/${id}/time`, { token: admin, body: { due_date, due_time } });
const history = async (id: number) => (await send(server, 'GET', `/admin/order/${id}`, { token: admin })).body.history as AuditEntry[];
const job = async (id: number, day: string) => (await schedule(day)).jobs.find((row) => row.id === id)!;

/**
 * A placed job with no team, as the orders booked before teams existed are (checkout now gives
 * every new job one): the board's Unassigned lane, for the tests of assigning by hand.
 */
async function unassignedJob(due: Date) {
  const order = await bookedOrder(server, jane.token, house, { due });
  await server.db.query('UPDATE orders SET team_id = NULL WHERE id = $1', [order.id]);
  // Such an order's history has no team either (checkout now writes the team it claimed).
  await server.db.query(`DELETE FROM audit_log WHERE order_id = $1 AND action = 'order.team'`, [order.id]);
  return order;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Schedule' });
  house = await catalogue(server, jane.token);
  const { body } = await send(server, 'GET', `/admin/schedule?from=${ukDay(0)}`, { token: admin });
  teams = body.teams;
});
afterAll(async () => server?.close());

describe('GET /admin/schedule (listSchedule)', () => {
  it('answers the teams in board order and the day\'s placed jobs with time, duration, customer, postcode, service and status', async () => {
    // The product's three teams first (the test server adds more, room for other suites' bookings).
    expect(teams.slice(0, 3).map((team) => team.name)).toEqual(['Team A', 'Team B', 'Team C']);
    const day = ukDay(20);
    const order = await bookedOrder(server, jane.token, house, { due: at(day, '10:00') });
    const board = await schedule(day);
    expect(board).toMatchObject({ from: day, days: 1 });
    expect(board.jobs).toEqual([
      {
        id: order.id,
        reference: expect.any(Number),
        start: at(day, '10:00').toISOString(),
        // Two units and one unit of items of 30 minutes each, copied onto the order at checkout.
        duration_minutes: 90,
        customer: 'Jane Schedule',
        postcode: 'NW1 6XE',
        service: house.serviceName,
        status: 'awaiting_validation',
        // Checkout gave it the first free team (decision 015).
        team_id: teamNamed('Team A'),
        version: expect.any(Number),
        staff_notes: [],
        // Nothing recorded by the team yet (decision 040).
        visit: { on_my_way_at: null, checked_in_at: null, checked_out_at: null, checklist_done: [] },
      },
    ]);
  });

  it("shows the customer's private staff notes on the job, oldest first (issue 15)", async () => {
    const kit = await server.createCustomer({ name: 'Kit Notes' });
    const day = ukDay(50);
    const order = await bookedOrder(server, kit.token, house, { due: at(day, '11:00') });
    for (const body of ['Key in safe 1234', 'Dog in the garden']) {
      expect((await send(server, 'POST', `/admin/customers/${kit.id}/notes`, { token: admin, body: { body } })).status).toBe(201);
    }
    expect((await job(order.id, day)).staff_notes).toEqual(['Key in safe 1234', 'Dog in the garden']);
    // Another customer's job on that day carries none of them.
    const other = await bookedOrder(server, jane.token, house, { due: at(day, '15:00') });
    expect((await job(other.id, day)).staff_notes).toEqual([]);
  });

  it('never shows drafts or cancelled orders, and a week reads seven UK days', async () => {
    const day = ukDay(21);
    await placeOrder(server, jane.token, house); // a draft: no job
    const kept = await bookedOrder(server, jane.token, house, { due: at(day, '09:00') });
    const cancelled = await bookedOrder(server, jane.token, house, { due: at(day, '12:00') });
    expect((await send(server, 'PUT', `/admin/order/update/cancelled/${cancelled.id}`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
    const later = await bookedOrder(server, jane.token, house, { due: at(ukDay(27), '09:00') });
    expect((await schedule(day)).jobs.map((row) => row.id)).toEqual([kept.id]);
    const week = await schedule(day, 7);
    expect(week.jobs.map((row) => row.id)).toEqual([kept.id, later.id]);
    expect((await schedule(day, 6)).jobs.map((row) => row.id)).toEqual([kept.id]);
  });

  it('refuses a range longer than a week and customers', async () => {
    expect((await send(server, 'GET', `/admin/schedule?from=${ukDay(0)}&days=8`, { token: admin })).status).toBe(400);
    expect((await send(server, 'GET', `/admin/schedule?from=${ukDay(0)}`, { token: jane.token })).status).toBe(403);
  });
});

describe('PUT /admin/schedule/jobs/{id}/team (assignJob)', () => {
  it('assigns a job, writes the history, and refuses an overlapping one naming the team and the clash in UK time', async () => {
    const day = ukDay(30);
    const first = await unassignedJob(at(day, '10:00'));
    const second = await unassignedJob(at(day, '10:30'));
    const assigned = await assign(first.id, teamNamed('Team B'));
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ id: first.id, team_id: teamNamed('Team B') });
    const minutes = assigned.body.duration_minutes as number;
    const end = new Date(at(day, '10:00').getTime() + minutes * 60_000);
    const endClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(end);

    const refused = await assign(second.id, teamNamed('Team B'));
    expect(refused).toEqual({ status: 409, body: { message: `Team B is already booked 10:00–${endClock}` } });
    expect((await job(second.id, day)).team_id).toBeNull();
    // Another team is free; so is Team B once the first job is unassigned.
    expect((await assign(second.id, teamNamed('Team C'))).status).toBe(200);
    expect((await assign(first.id, null)).status).toBe(200);
    expect((await assign(second.id, teamNamed('Team B'))).status).toBe(200);

    expect((await history(first.id)).filter((entry) => entry.action === 'order.team')).toEqual([
      { at: expect.any(String), actor: expect.any(String), action: 'order.team', from: 'Unassigned', to: 'Team B' },
      { at: expect.any(String), actor: expect.any(String), action: 'order.team', from: 'Team B', to: 'Unassigned' },
    ]);
    expect((await history(second.id)).filter((entry) => entry.action === 'order.team').map((entry) => [entry.from, entry.to])).toEqual([
      ['Unassigned', 'Team C'],
      ['Team C', 'Team B'],
    ]);
  });

  it('gives a team its next job only after the travel gap: 30 minutes within a postcode area, 60 between areas (decision 041)', async () => {
    const day = ukDay(31);
    const clock = (instant: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
    const first = await unassignedJob(at(day, '08:00'));
    const minutes = (await assign(first.id, teamNamed('Team A'))).body.duration_minutes as number;
    const end = new Date(at(day, '08:00').getTime() + minutes * 60_000);
    // Both jobs are at NW1 6XE (the fixtures' address): the same area.
    const backToBack = await unassignedJob(at(day, clock(end)));
    expect(await assign(backToBack.id, teamNamed('Team A'))).toEqual({
      status: 409, body: { message: `Team A is already booked 08:00–${clock(end)} and needs 30 minutes to travel between jobs` },
    });
    const afterTravel = await unassignedJob(at(day, clock(new Date(end.getTime() + 30 * 60_000))));
    expect((await assign(afterTravel.id, teamNamed('Team A'))).status).toBe(200);
    // From another area (E), the gap is an hour: 45 minutes after Team A's second job is too soon.
    const secondEnd = end.getTime() + (30 + minutes) * 60_000;
    const elsewhere = await unassignedJob(at(day, clock(new Date(secondEnd + 45 * 60_000))));
    await server.db.query(`UPDATE orders SET code_postal = 'E14 5AB' WHERE id = $1`, [elsewhere.id]);
    expect((await assign(elsewhere.id, teamNamed('Team A'))).body.message).toMatch(/needs 60 minutes to travel between jobs$/);
  });

  it('assigns the same team again without a new history entry, and refuses drafts, cancelled orders and unknown teams', async () => {
    const day = ukDay(32);
    const order = await unassignedJob(at(day, '14:00'));
    expect((await assign(order.id, teamNamed('Team A'))).status).toBe(200);
    expect((await assign(order.id, teamNamed('Team A'))).status).toBe(200);
    expect((await history(order.id)).filter((entry) => entry.action === 'order.team')).toHaveLength(1);
    expect((await assign(order.id, 999_999)).status).toBe(404);
    const draft = await placeOrder(server, jane.token, house);
    expect((await assign(draft.id, teamNamed('Team A'))).status).toBe(404);
    expect((await send(server, 'PUT', `/admin/order/update/cancelled/${order.id}`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
    expect(await assign(order.id, teamNamed('Team B'))).toEqual({ status: 409, body: { message: 'This order is cancelled: it cannot be assigned to a team' } });
  });

  it('gives a team to exactly one of five overlapping jobs assigned at the same moment', async () => {
    const day = ukDay(33);
    const orders = await Promise.all(['10:00', '10:15', '10:30', '10:45', '11:00'].map((time) => unassignedJob(at(day, time))));
    const answers = await Promise.all(orders.map((order) => assign(order.id, teamNamed('Team C'))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.message).toMatch(/^Team C is already booked \d\d:\d\d–\d\d:\d\d$/);
    }
    const board = await schedule(day);
    expect(board.jobs.filter((row) => row.team_id === teamNamed('Team C'))).toHaveLength(1);
  });

  it('refuses a team on time off that day', async () => {
    const day = ukDay(34);
    const order = await unassignedJob(at(day, '10:00'));
    await server.db.query('INSERT INTO team_time_off (team_id, starts_on, ends_on) VALUES ($1, $2, $2)', [teamNamed('Team A'), day]);
    expect(await assign(order.id, teamNamed('Team A'))).toEqual({ status: 409, body: { message: `Team A is off on ${day}` } });
  });
});

describe('PUT /admin/schedule/jobs/{id}/time (moveJob)', () => {
  it('moves a job to another UK time, keeps its team, and writes the history', async () => {
    const day = ukDay(40);
    const order = await bookedOrder(server, jane.token, house, { due: at(day, '09:00') });
    expect((await assign(order.id, teamNamed('Team A'))).status).toBe(200);
    const moved = await move(order.id, day, '15:30');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: order.id, start: at(day, '15:30').toISOString(), team_id: teamNamed('Team A') });
    expect((await history(order.id)).at(-1)).toEqual({
      at: expect.any(String), actor: expect.any(String), action: 'order.moved', from: `${day} 09:00`, to: `${day} 15:30`,
    });
  });

  it("refuses a move onto the team's other job with the clash message", async () => {
    const day = ukDay(41);
    const first = await bookedOrder(server, jane.token, house, { due: at(day, '09:00') });
    const second = await bookedOrder(server, jane.token, house, { due: at(day, '13:00') });
    expect((await assign(first.id, teamNamed('Team B'))).status).toBe(200);
    expect((await assign(second.id, teamNamed('Team B'))).status).toBe(200);
    const refused = await move(second.id, day, '09:30');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Team B is already booked 09:00–\d\d:\d\d$/);
    expect((await job(second.id, day)).start).toBe(at(day, '13:00').toISOString());
  });

  it("applies the customers' rules: 24 hours' notice, opening hours, closures; no move for completed or cancelled jobs", async () => {
    const day = ukDay(42);
    const order = await bookedOrder(server, jane.token, house, { due: at(day, '10:00') });
    const soon = await move(order.id, ukDay(0), '12:00');
    expect(soon.status).toBe(400);
    expect(soon.body.message).toMatch(/^Jobs need 24 hours' notice/);
    expect((await move(order.id, day, '19:30')).body.message).toBe(`Jobs must start and finish within opening hours on ${day}: 07:00–20:00`);
    expect((await move(order.id, day, '06:00')).status).toBe(409);
    const holiday = ukDay(43);
    await server.db.query('INSERT INTO closures (day, reason) VALUES ($1, $2)', [holiday, 'Holiday']);
    expect(await move(order.id, holiday, '10:00')).toEqual({ status: 409, body: { message: `We are closed on ${holiday}` } });
    expect((await history(order.id)).some((entry) => entry.action === 'order.moved')).toBe(false);
    expect((await send(server, 'PUT', `/admin/order/update/cancelled/${order.id}`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
    expect((await move(order.id, day, '11:00')).status).toBe(409);
  });
});
