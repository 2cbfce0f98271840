import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { catalogue, checkout, checkoutBody, createClock, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Real availability (issue 14 §2, decision 015): the free start times per day with the number of
 * free teams, and checkout claiming a team in the same transaction. On PostgreSQL (DATABASE_URL)
 * the 50 checkouts really run at once on pooled connections.
 */
const clock = createClock('2027-03-20T09:00:00Z');
let server: TestServer;
let jane: TestCustomer;
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, teams: 3 });
  jane = await server.createCustomer({ name: 'Jane Slots' });
  house = await catalogue(server, jane.token);
  // These count teams job against job (decision 015); the travel gap between jobs is
  // tests/api/capacity-travel.test.ts's (decision 041).
  await server.db.query('UPDATE pricing_settings SET travel_minutes = 0, travel_minutes_other_area = 0');
});
afterAll(async () => server?.close());

async function availability(from: string, days = 1, duration?: number) {
  const { data, response } = await server.api.GET('/availability', {
    params: { query: { service: house.serviceId, from, days, ...(duration ? { duration } : {}) } },
  });
  expect(response.status).toBe(200);
  return data!;
}

async function freeAt(date: string, time: string, duration?: number) {
  const [day] = (await availability(date, 1, duration)).days;
  return day?.times.find((slot) => slot.time === time)?.free;
}

/** Books the first two items (2 + 1 units, 30 minutes each: 90 minutes) at `date` `time`. */
async function book(date: string, time: string, customer = jane) {
  const order = await placeOrder(server, customer.token, house);
  return checkout(server, customer.token, checkoutBody(order.id, londonLocalToInstant(date, time)));
}

describe('GET /api/availability', () => {
  it('offers every half hour of the opening hours that the job fits in, with 3 of 3 teams free', async () => {
    const { teams, days } = await availability('2027-04-05', 1, 90);
    expect(teams).toBe(3);
    const times = days[0]!.times;
    expect(times[0]).toEqual({ time: '07:00', free: 3 });
    // 90 minutes must end by 20:00.
    expect(times.at(-1)).toEqual({ time: '18:30', free: 3 });
    expect(times).toHaveLength(24);
    expect(days[0]!.status).toBe('open');
  });

  it('answers the duration of the order from its items', async () => {
    const order = await placeOrder(server, jane.token, house);
    expect(order.duration_minutes).toBe(90);
  });

  it('leaves out starts less than 24 hours ahead', async () => {
    const { days } = await availability('2027-03-21', 1, 60);
    expect(days[0]!.times[0]!.time).toBe('09:00');
  });

  it('counts the teams down as jobs are booked, then reads fully booked and refuses a fourth with 409', async () => {
    expect(await freeAt('2027-04-06', '10:30', 90)).toBe(3);
    expect((await book('2027-04-06', '10:30')).response.status).toBe(200);
    expect(await freeAt('2027-04-06', '10:30', 90)).toBe(2);
    // Overlapping starts lose a team too; one after the job ends does not.
    expect(await freeAt('2027-04-06', '11:30', 90)).toBe(2);
    expect(await freeAt('2027-04-06', '12:00', 90)).toBe(3);
    expect((await book('2027-04-06', '10:30')).response.status).toBe(200);
    expect((await book('2027-04-06', '10:30')).response.status).toBe(200);
    expect(await freeAt('2027-04-06', '10:30', 90)).toBe(0);
    const refused = await book('2027-04-06', '10:30');
    expect(refused.response.status).toBe(409);
    expect(refused.error).toEqual({ message: 'That time was just taken — please choose another' });
    // A typed time between the half hours follows the same rule.
    expect((await book('2027-04-06', '10:45')).response.status).toBe(409);
  });

  it('gives each booked job a team and its duration', async () => {
    const rows = await server.db.query<{ team_id: number | null; duration_minutes: number | null }>(
      `SELECT team_id, duration_minutes FROM orders WHERE due_at = $1 ORDER BY id`,
      [londonLocalToInstant('2027-04-06', '10:30')],
    );
    expect(rows.map((row) => row.duration_minutes)).toEqual([90, 90, 90]);
    expect(new Set(rows.map((row) => row.team_id)).size).toBe(3);
  });

  it("writes the team each checkout claimed to the order's history, as the admin order page shows it (issue 15)", async () => {
    const admin = await server.adminToken();
    const rows = await server.db.query<{ id: number }>(`SELECT id FROM orders WHERE due_at = $1 ORDER BY id`, [londonLocalToInstant('2027-04-06', '10:30')]);
    const teamsWritten: string[] = [];
    for (const { id } of rows) {
      const { body } = await send(server, 'GET', `/admin/order/${id}`, { token: admin });
      const team = (body.history as Array<{ actor: string; action: string; from: string | null; to: string }>).filter((entry) => entry.action === 'order.team');
      expect(team).toEqual([{ at: expect.any(String), actor: 'Jane Slots', action: 'order.team', from: null, to: expect.stringMatching(/^Team [ABC]$/) }]);
      teamsWritten.push(team[0]!.to);
    }
    // Three jobs at one time: three teams, each named in its own order's history.
    expect(teamsWritten.sort()).toEqual(['Team A', 'Team B', 'Team C']);
  });

  it('refuses a time outside opening hours and a closed day with 400', async () => {
    const night = await book('2027-04-07', '03:00');
    expect(night.response.status).toBe(400);
    expect(night.error?.message).toBe('This job of 90 minutes can start between 07:00 and 18:30 (UK time) on 2027-04-07');
    await server.db.query(`INSERT INTO closures (day, reason) VALUES ('2027-12-25', 'Christmas Day')`);
    const christmas = await book('2027-12-25', '10:00');
    expect(christmas.response.status).toBe(400);
    expect((await availability('2027-12-25')).days[0]).toEqual({ date: '2027-12-25', status: 'closed', reason: 'Christmas Day', times: [] });
  });

  it('takes a team on time off and a closed weekday out of the count', async () => {
    await server.db.query(`INSERT INTO team_time_off (team_id, starts_on, ends_on) SELECT id, '2027-04-08', '2027-04-09' FROM teams ORDER BY position LIMIT 1`);
    expect(await freeAt('2027-04-08', '10:00', 60)).toBe(2);
    expect(await freeAt('2027-04-10', '10:00', 60)).toBe(3);
    await server.db.query(`UPDATE opening_hours SET open = false WHERE weekday = 0`);
    try {
      expect((await availability('2027-04-11')).days[0]).toMatchObject({ status: 'closed', reason: 'Closed' });
    } finally {
      await server.db.query(`UPDATE opening_hours SET open = true WHERE weekday = 0`);
    }
  });

  it("counts a team by its own hours of that weekday: one that does not work Saturdays is free on Friday only", async () => {
    const [{ id: team } = { id: 0 }] = await server.db.query<{ id: number }>('SELECT id FROM teams ORDER BY position LIMIT 1');
    const saved = await server.db.query<{ weekday: number }>('SELECT weekday FROM team_hours WHERE team_id = $1 AND weekday = 6', [team]);
    await server.db.query(`INSERT INTO team_hours (team_id, weekday, works) VALUES ($1, 6, false) ON CONFLICT (team_id, weekday) DO UPDATE SET works = false`, [team]);
    try {
      expect(await freeAt('2027-04-17', '10:00', 60)).toBe(2);
      expect(await freeAt('2027-04-16', '10:00', 60)).toBe(3);
    } finally {
      if (saved.length > 0) await server.db.query('UPDATE team_hours SET works = true WHERE team_id = $1 AND weekday = 6', [team]);
      else await server.db.query('DELETE FROM team_hours WHERE team_id = $1 AND weekday = 6', [team]);
    }
  });

  it('keeps UK times across the clock change of 2027-03-28', async () => {
    const { days } = await availability('2027-03-27', 3, 60);
    for (const day of days) expect(day.times[0]!.time).toBe('07:00');
    expect((await book('2027-03-28', '07:00')).response.status).toBe(200);
    const [row] = await server.db.query<{ due_at: Date }>(`SELECT due_at FROM orders WHERE checked_out_at IS NOT NULL ORDER BY id DESC LIMIT 1`);
    // 07:00 BST is 06:00 UTC; the day before it was 07:00 GMT.
    expect(new Date(row!.due_at).toISOString()).toBe('2027-03-28T06:00:00.000Z');
    expect(await freeAt('2027-03-28', '07:00', 90)).toBe(2);
  });

  it('flags a day with no team free at any time as full', async () => {
    await server.db.query(`INSERT INTO team_time_off (team_id, starts_on, ends_on) SELECT id, '2027-04-13', '2027-04-13' FROM teams`);
    expect((await availability('2027-04-13')).days[0]!.status).toBe('full');
  });

  it('answers 404 for an unknown service and 400 for a bad day', async () => {
    expect((await send(server, 'GET', '/availability?service=999999')).status).toBe(404);
    expect((await send(server, 'GET', `/availability?service=${house.serviceId}&from=2027-02-30`)).status).toBe(400);
    expect((await send(server, 'GET', `/availability?service=${house.serviceId}&days=43`)).status).toBe(400);
  });
});

describe('the race for the last teams', () => {
  it('lets exactly as many of 50 simultaneous checkouts for one time succeed as there are teams', async () => {
    const customers = await Promise.all(Array.from({ length: 5 }, (_, index) => server.createCustomer({ name: `Racer ${index}` })));
    const orders = [];
    for (const customer of customers) {
      for (let index = 0; index < 10; index += 1) orders.push({ customer, order: await placeOrder(server, customer.token, house) });
    }
    const due = londonLocalToInstant('2027-04-14', '14:00');
    const answers = await Promise.all(
      orders.map(({ customer, order }) =>
        send(server, 'POST', '/services/order/checkout', { token: customer.token, body: checkoutBody(order.id, due) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toEqual({ message: 'That time was just taken — please choose another' });
    }
    expect(await freeAt('2027-04-14', '14:00', 90)).toBe(0);
  });
});

describe('a booking moved by its customer (issue 14 §3 with decision 015)', () => {
  const teamOf = async (id: number) => (await server.db.query<{ team_id: number }>('SELECT team_id FROM orders WHERE id = $1', [id]))[0]!.team_id;
  const reschedule = (id: number, date: string, time: string) =>
    send(server, 'POST', `/services/order/${id}/reschedule`, { token: jane.token, body: { due_date: date, due_time: time, fee: 0 } });

  it('keeps its team when free, never competes with its own old time, takes another team when its own is busy, and refuses a full time', async () => {
    const order = await placeOrder(server, jane.token, house);
    expect((await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2027-04-20', '10:00')))).response.status).toBe(200);
    const own = await teamOf(order.id);
    // Half an hour later overlaps only its own old time: allowed, same team.
    expect((await reschedule(order.id, '2027-04-20', '10:30')).status).toBe(200);
    expect(await teamOf(order.id)).toBe(own);

    // Its team is busy then (the first free team takes the other job): another team takes it.
    expect((await book('2027-04-21', '12:00')).response.status).toBe(200);
    const [other] = await server.db.query<{ team_id: number }>(`SELECT team_id FROM orders WHERE due_at = $1`, [londonLocalToInstant('2027-04-21', '12:00')]);
    expect(other!.team_id).toBe(own);
    expect((await reschedule(order.id, '2027-04-21', '12:00')).status).toBe(200);
    expect(await teamOf(order.id)).not.toBe(own);

    // Every team busy: refused as at checkout, and the booking stays where it was.
    for (let n = 0; n < 3; n += 1) expect((await book('2027-04-22', '09:00')).response.status).toBe(200);
    expect(await reschedule(order.id, '2027-04-22', '09:30')).toEqual({ status: 409, body: { message: 'That time was just taken — please choose another' } });
    const [kept] = await server.db.query<{ due_at: Date }>('SELECT due_at FROM orders WHERE id = $1', [order.id]);
    expect(new Date(kept!.due_at).toISOString()).toBe(londonLocalToInstant('2027-04-21', '12:00').toISOString());

    // Outside the opening hours or on a closure: 400, as at checkout.
    expect((await reschedule(order.id, '2027-04-23', '19:30')).status).toBe(400);
    await server.db.query(`INSERT INTO closures (day, reason) VALUES ('2027-04-24', 'Staff training')`);
    expect(await reschedule(order.id, '2027-04-24', '10:00')).toEqual({ status: 400, body: { message: 'We are closed on 2027-04-24 (Staff training): please choose another day' } });
  });
});

describe("an administrator's assignment racing customers' checkouts", () => {
  it('never gives one team two overlapping jobs (both take the day\'s lock)', async () => {
    const admin = await server.adminToken();
    const { data: board } = await server.api.GET('/admin/schedule', { params: { query: { from: '2027-05-03' } }, headers: server.bearer(admin) });
    const last = board!.teams.at(-1)!.id;
    // Per day: two jobs at 15:00 hold the first two teams; then, at once, the administrator moves
    // the first job onto the last team while a customer checks out a third job at 15:00.
    const days = ['2027-05-03', '2027-05-04', '2027-05-05', '2027-05-06', '2027-05-07', '2027-05-08'];
    const races = await Promise.all(
      days.map(async (day) => {
        const first = await placeOrder(server, jane.token, house);
        expect((await checkout(server, jane.token, checkoutBody(first.id, londonLocalToInstant(day, '15:00')))).response.status).toBe(200);
        expect((await book(day, '15:00')).response.status).toBe(200);
        const third = await placeOrder(server, jane.token, house);
        return { day, first: first.id, third: third.id };
      }),
    );
    await Promise.all(
      races.flatMap(({ day, first, third }) => [
        send(server, 'PUT', `/admin/schedule/jobs/${first}/team`, { token: admin, body: { team: last } }),
        send(server, 'POST', '/services/order/checkout', { token: jane.token, body: checkoutBody(third, londonLocalToInstant(day, '15:00')) }),
      ]),
    );
    const clashes = await server.db.query<{ team_id: number; jobs: number }>(
      `SELECT team_id, count(*)::int AS jobs FROM orders
        WHERE checked_out_at IS NOT NULL AND status <> 'cancelled' AND due_at = ANY($1::timestamptz[])
        GROUP BY team_id, due_at HAVING count(*) > 1`,
      [days.map((day) => londonLocalToInstant(day, '15:00'))],
    );
    expect(clashes).toEqual([]);
  });
});
