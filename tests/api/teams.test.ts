import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, AvailabilityDay, TeamDay } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { catalogue, checkout, checkoutBody, createClock, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Teams and closures (issue 15, decision 022) over real HTTP, on PGlite and on PostgreSQL
 * (DATABASE_URL): what an administrator changes on /teams and /settings counts in the customers'
 * availability on the very next request — a team off is one fewer free, a closure reads closed and
 * cannot be booked — and what cannot be saved answers 400/404/409 with a message.
 */
const clock = createClock('2027-03-20T09:00:00Z');
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, teams: 3 });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Teams' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

const asAdmin = (method: string, path: string, body?: unknown) => send(server, method, path, { token: admin, body });
const week = (works: (weekday: number) => boolean, opens = '08:00', closes = '17:00'): TeamDay[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, works: works(weekday), opens, closes }));

async function day(date: string, duration = 60) {
  const answer = await send(server, 'GET', `/availability?service=${house.serviceId}&from=${date}&days=1&duration=${duration}`);
  expect(answer.status).toBe(200);
  return { teams: answer.body.teams as number, day: (answer.body.days as AvailabilityDay[])[0]! };
}
const freeAt = async (date: string, time: string) => (await day(date)).day.times.find((slot) => slot.time === time)?.free;
const teams = async () => (await asAdmin('GET', '/admin/teams')).body as AdminTeam[];
const teamNamed = async (name: string) => (await teams()).find((team) => team.name === name)!;

describe('GET /admin/teams (listTeams)', () => {
  it('answers the three teams, each working every day 07:00–20:00 with no time off', async () => {
    const list = await teams();
    expect(list.map((team) => team.name)).toEqual(['Team A', 'Team B', 'Team C']);
    expect(list[0]).toMatchObject({ active: true, time_off: [], hours: week(() => true, '07:00', '20:00') });
  });
});

describe('time off', () => {
  it('marks a team off: "3 of 3" becomes "2 of 3" at once, and removing it gives the team back', async () => {
    expect(await freeAt('2027-04-08', '10:00')).toBe(3);
    const teamA = await teamNamed('Team A');
    const added = await asAdmin('POST', `/admin/teams/${teamA.id}/time-off`, { starts_on: '2027-04-08', ends_on: '2027-04-09', reason: 'Training' });
    expect(added.status).toBe(201);
    expect(added.body.time_off).toEqual([{ id: expect.any(Number), starts_on: '2027-04-08', ends_on: '2027-04-09', reason: 'Training', jobs: 0 }]);
    expect(await day('2027-04-08')).toMatchObject({ teams: 3, day: { status: 'open' } });
    expect(await freeAt('2027-04-08', '10:00')).toBe(2);
    expect(await freeAt('2027-04-09', '19:00')).toBe(2);
    expect(await freeAt('2027-04-10', '10:00')).toBe(3);

    const removed = await asAdmin('DELETE', `/admin/teams/${teamA.id}/time-off/${added.body.time_off[0].id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.time_off).toEqual([]);
    expect(await freeAt('2027-04-08', '10:00')).toBe(3);
  });

  it('moves the team\'s visit on those days to a free team (decision 057), which then cannot become inactive', async () => {
    const order = await placeOrder(server, jane.token, house);
    expect((await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2027-04-15', '09:00')))).response.status).toBe(200);
    const teamOf = async () => (await server.db.query<{ team_id: number }>('SELECT team_id FROM orders WHERE id = $1', [order.id]))[0]!.team_id;
    const booked = await teamOf();
    const added = await asAdmin('POST', `/admin/teams/${booked}/time-off`, { starts_on: '2027-04-15', ends_on: '2027-04-15' });
    expect(added.status).toBe(201);
    // Two other teams are free at 09:00: the visit moves, so the team off keeps no job that day.
    expect(added.body.time_off).toMatchObject([{ starts_on: '2027-04-15', reason: '', jobs: 0 }]);
    const cover = (await teams()).find((team) => team.name === added.body.visits[0].moved_to)!;
    expect(added.body.visits).toMatchObject([{ order_id: order.id, moved_to: cover.name }]);
    expect(cover.id).not.toBe(booked);
    expect(await teamOf()).toBe(cover.id);
    // Nor can the team that took it become inactive while it has jobs to come: they would leave the board.
    expect(await asAdmin('PUT', `/admin/teams/${cover.id}`, { name: cover.name, active: false, hours: cover.hours })).toEqual({
      status: 409, body: { message: `${cover.name} has 1 job booked from now on: move it to another team on the schedule first` },
    });
  });

  it('refuses days in the wrong order, in the past, overlapping ones and an unknown team with a message', async () => {
    const teamB = await teamNamed('Team B');
    const path = `/admin/teams/${teamB.id}/time-off`;
    expect(await asAdmin('POST', path, { starts_on: '2027-05-02', ends_on: '2027-05-01' })).toEqual({ status: 400, body: { message: 'Time off must end on or after its first day' } });
    expect(await asAdmin('POST', path, { starts_on: '2027-03-01', ends_on: '2027-03-02' })).toEqual({ status: 400, body: { message: 'Time off must be today (2027-03-20) or later' } });
    expect(await asAdmin('POST', path, { starts_on: '2027-05-01', ends_on: '2028-06-01' })).toEqual({ status: 400, body: { message: 'Time off can be at most 366 days at once' } });
    expect((await asAdmin('POST', path, { starts_on: '2027-05-03', ends_on: '2027-05-05' })).status).toBe(201);
    expect(await asAdmin('POST', path, { starts_on: '2027-05-05', ends_on: '2027-05-06' })).toEqual({ status: 409, body: { message: 'This team is already off from 2027-05-03 to 2027-05-05' } });
    expect((await asAdmin('POST', '/admin/teams/999999/time-off', { starts_on: '2027-05-03', ends_on: '2027-05-03' })).status).toBe(404);
    expect((await asAdmin('DELETE', `${path}/999999`)).status).toBe(404);
    expect((await asAdmin('POST', path, { starts_on: '2027-05-10', ends_on: '2027-05-10', extra: 1 })).status).toBe(400);
    expect((await asAdmin('POST', path, { starts_on: '0000-01-01', ends_on: '2027-05-10' })).status).toBe(400);
  });
});

describe('closures', () => {
  it('closes 25 December: the day reads closed with its reason, checkout refuses it, and reopening makes it bookable again', async () => {
    expect((await day('2027-12-25')).day.status).toBe('open');
    const added = await asAdmin('POST', '/admin/closures', { date: '2027-12-25', reason: 'Christmas Day' });
    expect(added).toEqual({ status: 201, body: { date: '2027-12-25', reason: 'Christmas Day', jobs: 0, visits: [] } });
    expect((await day('2027-12-25')).day).toEqual({ date: '2027-12-25', status: 'closed', reason: 'Christmas Day', times: [] });
    expect((await asAdmin('GET', '/admin/closures')).body).toContainEqual({ date: '2027-12-25', reason: 'Christmas Day', jobs: 0 });

    const order = await placeOrder(server, jane.token, house);
    const refused = await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2027-12-25', '10:00')));
    expect(refused.response.status).toBe(400);
    expect(refused.error).toEqual({ message: 'We are closed on 2027-12-25 (Christmas Day): please choose another day' });

    const reopened = await asAdmin('DELETE', '/admin/closures/2027-12-25');
    expect(reopened.status).toBe(200);
    expect(reopened.body).not.toContainEqual(expect.objectContaining({ date: '2027-12-25' }));
    expect((await day('2027-12-25')).day.status).toBe('open');
    expect((await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2027-12-25', '10:00')))).response.status).toBe(200);
  });

  it('reads "Closed" for a closure without a reason and counts the jobs still booked that day', async () => {
    const order = await placeOrder(server, jane.token, house);
    expect((await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2027-06-01', '10:00')))).response.status).toBe(200);
    expect(await asAdmin('POST', '/admin/closures', { date: '2027-06-01' })).toMatchObject({ status: 201, body: { date: '2027-06-01', reason: '', jobs: 1, visits: [{ order_id: order.id }] } });
    expect((await day('2027-06-01')).day).toMatchObject({ status: 'closed', reason: 'Closed' });
  });

  it('closing days while customers check out for them: every checkout that got in is counted in the day\'s jobs, every later one is refused', async () => {
    const days = ['2027-08-09', '2027-08-10', '2027-08-11', '2027-08-12', '2027-08-13', '2027-08-14', '2027-08-15', '2027-08-16'];
    const times = ['08:00', '10:00', '12:00', '14:00', '16:00', '18:00'];
    const orders = await Promise.all(days.flatMap(() => times.map(() => placeOrder(server, jane.token, house))));
    const answers = await Promise.all([
      ...days.map((date) => asAdmin('POST', '/admin/closures', { date, reason: 'Flood' })),
      ...orders.map((order, n) => send(server, 'POST', '/services/order/checkout', {
        token: jane.token, body: checkoutBody(order.id, londonLocalToInstant(days[Math.floor(n / times.length)]!, times[n % times.length]!)),
      })),
    ]);
    days.forEach((date, d) => {
      const closure = answers[d]!;
      const checkouts = answers.slice(days.length + d * times.length, days.length + (d + 1) * times.length);
      expect(closure.status).toBe(201);
      expect([date, closure.body.jobs]).toEqual([date, checkouts.filter((answer) => answer.status === 200).length]);
      for (const answer of checkouts.filter((a) => a.status !== 200)) {
        expect(answer).toEqual({ status: 400, body: { message: `We are closed on ${date} (Flood): please choose another day` } });
      }
    });
  });

  it('refuses a day already closed, a past day, one too far ahead and reopening a day that is open, with a message', async () => {
    expect((await asAdmin('POST', '/admin/closures', { date: '2027-07-01' })).status).toBe(201);
    expect(await asAdmin('POST', '/admin/closures', { date: '2027-07-01' })).toEqual({ status: 409, body: { message: 'We are already closed on 2027-07-01' } });
    expect(await asAdmin('POST', '/admin/closures', { date: '2027-03-19' })).toEqual({ status: 400, body: { message: 'A closure must be today (2027-03-20) or later' } });
    expect(await asAdmin('POST', '/admin/closures', { date: '2030-01-01' })).toEqual({ status: 400, body: { message: 'A closure can be set up to 2029-03-19' } });
    expect(await asAdmin('DELETE', '/admin/closures/2027-07-02')).toEqual({ status: 404, body: { message: 'We are not closed on 2027-07-02' } });
    expect((await asAdmin('POST', '/admin/closures', { date: '2027-02-30' })).status).toBe(400);
    // Days outside the contract's range (2000-01-01 to 2099-12-31) are refused at the edge (decision 075).
    expect((await asAdmin('DELETE', '/admin/closures/0000-01-01')).status).toBe(400);
    expect((await asAdmin('POST', '/admin/closures', { date: '0000-01-01' })).status).toBe(400);
  });
});

describe('teams, their working days and hours', () => {
  it('adds a team that works weekdays 08:00–17:00: "of 4" on its days and hours, and out of the count once inactive', async () => {
    const created = await asAdmin('POST', '/admin/teams', { name: '  Team   D ', active: true, hours: week((weekday) => weekday >= 1 && weekday <= 5) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Team D', active: true, time_off: [] });
    // 2027-04-19 is a Monday, 2027-04-24 a Saturday.
    expect(await day('2027-04-19')).toMatchObject({ teams: 4 });
    expect(await freeAt('2027-04-19', '10:00')).toBe(4);
    expect(await freeAt('2027-04-19', '07:00')).toBe(3);
    expect(await freeAt('2027-04-19', '16:30')).toBe(3);
    expect(await freeAt('2027-04-24', '10:00')).toBe(3);

    const inactive = await asAdmin('PUT', `/admin/teams/${created.body.id}`, { name: 'Team D', active: false, hours: created.body.hours });
    expect(inactive.status).toBe(200);
    expect(inactive.body.active).toBe(false);
    expect(await day('2027-04-19')).toMatchObject({ teams: 3 });
    expect(await freeAt('2027-04-19', '10:00')).toBe(3);
    expect((await teams()).at(-1)!.name).toBe('Team D');
  });

  it('changes a team\'s working days: a team that no longer works Sundays leaves "2 of 3" on Sundays', async () => {
    const teamC = await teamNamed('Team C');
    const saved = await asAdmin('PUT', `/admin/teams/${teamC.id}`, { name: 'Team C', active: true, hours: week((weekday) => weekday !== 0, '07:00', '20:00') });
    expect(saved.status).toBe(200);
    expect(saved.body.hours[0]).toEqual({ weekday: 0, works: false, opens: '07:00', closes: '20:00' });
    // 2027-04-25 is a Sunday.
    expect(await freeAt('2027-04-25', '10:00')).toBe(2);
    expect(await freeAt('2027-04-26', '10:00')).toBe(3);
    await asAdmin('PUT', `/admin/teams/${teamC.id}`, { name: 'Team C', active: true, hours: week(() => true, '07:00', '20:00') });
    expect(await freeAt('2027-04-25', '10:00')).toBe(3);
  });

  it('refuses hours that end before they start, a weekday twice, a blank or taken name and an unknown team, with a message', async () => {
    const teamA = await teamNamed('Team A');
    const hours = week(() => true);
    expect(await asAdmin('POST', '/admin/teams', { name: 'Team E', active: true, hours: hours.map((d) => (d.weekday === 1 ? { ...d, opens: '18:00' } : d)) }))
      .toEqual({ status: 400, body: { message: 'Monday: the hours must end after they start' } });
    expect(await asAdmin('POST', '/admin/teams', { name: 'Team E', active: true, hours: hours.map((d) => ({ ...d, weekday: d.weekday === 6 ? 5 : d.weekday })) }))
      .toEqual({ status: 400, body: { message: 'Give the hours of each weekday once' } });
    expect(await asAdmin('POST', '/admin/teams', { name: '   ', active: true, hours })).toEqual({ status: 400, body: { message: 'Give the team a name' } });
    expect(await asAdmin('POST', '/admin/teams', { name: 'team b', active: true, hours })).toEqual({ status: 409, body: { message: 'A team named team b already exists' } });
    expect(await asAdmin('PUT', `/admin/teams/${teamA.id}`, { name: 'TEAM C', active: true, hours })).toEqual({ status: 409, body: { message: 'A team named TEAM C already exists' } });
    expect((await asAdmin('PUT', '/admin/teams/999999', { name: 'Nobody', active: true, hours })).status).toBe(404);
    const short = await asAdmin('POST', '/admin/teams', { name: 'Team E', active: true, hours: hours.slice(1) });
    expect(short.status).toBe(400);
    expect(typeof short.body.message).toBe('string');
    expect((await asAdmin('POST', '/admin/teams', { name: 'Team E', active: true, hours: hours.map((d) => ({ ...d, opens: '8am' })) })).status).toBe(400);
    expect((await teams()).map((team) => team.name)).not.toContain('Team E');
  });

  it('keeps them to administrators', async () => {
    expect((await send(server, 'GET', '/admin/teams', { token: jane.token })).status).toBe(403);
    expect((await send(server, 'POST', '/admin/closures', { token: jane.token, body: { date: '2027-08-01' } })).status).toBe(403);
    expect((await send(server, 'GET', '/admin/closures')).status).toBe(401);
  });
});
