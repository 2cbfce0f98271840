import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, ClosureVisit } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { bookedOrder, catalogue, createClock, myOrder, send, type Catalogue } from './booking-fixtures';
import { waitForMail } from './support/mail-wait';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * A team's time off acts on its booked visits (issue 26 item 5, decision 057) over real HTTP, on
 * PGlite and on PostgreSQL (DATABASE_URL): staff see first where each visit would go; giving the
 * time off moves each visit to a team free for it by the capacity rule, or sets it aside and mails
 * its customer the closure's single-use link to choose another time free; two teams given time off
 * at once never both hand a visit to the one team left.
 */
const clock = createClock('2027-04-20T09:00:00Z');
let server: TestServer;
let admin: string;
let customers: TestCustomer[];
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, teams: 3 });
  admin = await server.adminToken();
  customers = [];
  for (const name of ['Jane Timeoff', 'Omar Timeoff', 'Ann Timeoff']) customers.push(await server.createCustomer({ name }));
  house = await catalogue(server, customers[0]!.token);
});
afterAll(async () => server?.close());

const at = (date: string, time: string) => londonLocalToInstant(date, time);
const asAdmin = (method: string, path: string, body?: unknown) => send(server, method, path, { token: admin, body });
const teamOf = async (orderId: number) => (await server.db.query<{ team_id: number }>('SELECT team_id FROM orders WHERE id = $1', [orderId]))[0]!.team_id;
const teamName = async (teamId: number) => (await server.db.query<{ name: string }>('SELECT name FROM teams WHERE id = $1', [teamId]))[0]!.name;
const book = (customer: number, date: string, time: string) => bookedOrder(server, customers[customer]!.token, house, { due: at(date, time) });
/** What the customer calls the order in mails: its reference (decision 043), never the id. */
const nameOf = async (orderId: number) => `order #${(await server.db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [orderId]))[0]!.reference}`;
const moveMail = async (customer: TestCustomer, orderId: number) => {
  const name = await nameOf(orderId);
  return waitForMail(server.config.outboxDir, customer.email, { where: (mail) => mail.subject === `Please choose a new time: ${name}` });
};

describe('a team given time off over booked visits', () => {
  it('lists where each visit would go, then moves one to a free team and sets aside the one no team is free for, mailing its customer', async () => {
    const day = '2027-05-04';
    // 09:00: all three teams busy. 14:00: one visit, put on the first visit's team.
    const [early, other1, other2] = [await book(0, day, '09:00'), await book(1, day, '09:00'), await book(2, day, '09:00')];
    const late = await book(2, day, '14:00');
    const team = await teamOf(early.id);
    expect((await asAdmin('PUT', `/admin/schedule/jobs/${late.id}/team`, { team })).status).toBe(200);
    const name = await teamName(team);

    const preview = await asAdmin('GET', `/admin/teams/${team}/time-off/visits?starts_on=${day}&ends_on=${day}`);
    expect(preview.status).toBe(200);
    const listed = preview.body as ClosureVisit[];
    expect(listed.map((visit) => [visit.order_id, visit.customer, visit.team, visit.moved_to === null])).toEqual([
      [early.id, 'Jane Timeoff', name, true],
      [late.id, 'Ann Timeoff', name, false],
    ]);
    expect(listed[0]!.total).toBe((await myOrder(server, customers[0]!.token, early.id)).total);
    const others = [await teamName(await teamOf(other1.id)), await teamName(await teamOf(other2.id))];
    expect(others).toContain(listed[1]!.moved_to);
    // Listing changes nothing.
    expect([await teamOf(early.id), await teamOf(late.id)]).toEqual([team, team]);

    const given = await asAdmin('POST', `/admin/teams/${team}/time-off`, { starts_on: day, ends_on: day, reason: 'Training' });
    expect(given.status).toBe(201);
    expect((given.body as AdminTeam).visits).toEqual(listed);
    expect(await teamName(await teamOf(late.id))).toBe(listed[1]!.moved_to);
    const [history] = await server.db.query<{ from_value: string; to_value: string }>(
      "SELECT from_value, to_value FROM audit_log WHERE order_id = $1 AND action = 'order.team' ORDER BY id DESC LIMIT 1",
      [late.id],
    );
    expect(history).toEqual({ from_value: name, to_value: listed[1]!.moved_to });

    // The set-aside visit keeps its booking; its customer's link moves it free, once.
    const mail = await moveMail(customers[0]!, early.id);
    expect(mail.text).toContain(`the team booked for your ${house.serviceName} (${await nameOf(early.id)}) on ${day} 09:00 (UK time) cannot come then`);
    const token = new URL(mail.links.find((href) => href.includes('move='))!).searchParams.get('move')!;
    const moved = await send(server, 'POST', `/services/order/${early.id}/reschedule`, {
      token: customers[0]!.token,
      body: { due_date: '2027-05-06', due_time: '10:00', fee: 0, move: token },
    });
    expect(moved).toMatchObject({ status: 200, body: { fee: 0 } });
    // Ann's moved visit was not set aside (so no link was mailed for it).
    const [aside] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM closure_moves WHERE order_id = $1', [late.id]);
    expect(aside!.n).toBe(0);
  });

  it('two teams given time off at once never both hand their visit to the one team left', async () => {
    const day = '2027-05-11';
    const [a, b] = [await book(0, day, '10:00'), await book(1, day, '10:00')];
    const [teamA, teamB] = [await teamOf(a.id), await teamOf(b.id)];
    const answers = await Promise.all(
      [teamA, teamB].map((team) => asAdmin('POST', `/admin/teams/${team}/time-off`, { starts_on: day, ends_on: day })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const outcomes = answers.map((answer) => (answer.body as AdminTeam).visits![0]!.moved_to);
    expect(outcomes.filter((to) => to === null)).toHaveLength(1);
    const [teamsNow] = await server.db.query<{ teams: number }>('SELECT count(DISTINCT team_id)::int AS teams FROM orders WHERE id = ANY($1::int[])', [[a.id, b.id]]);
    expect(teamsNow!.teams).toBe(2);
  });

  it('refuses a bad range or an unknown team with a message, and changes nothing', async () => {
    const team = await teamOf((await book(0, '2027-05-18', '09:00')).id);
    expect(await asAdmin('GET', `/admin/teams/${team}/time-off/visits?starts_on=2027-05-19&ends_on=2027-05-18`)).toEqual({
      status: 400,
      body: { message: 'Time off must end on or after its first day' },
    });
    expect((await asAdmin('GET', `/admin/teams/${team}/time-off/visits?starts_on=2027-05-19`)).status).toBe(400);
    expect(await asAdmin('GET', '/admin/teams/999999/time-off/visits?starts_on=2027-05-19&ends_on=2027-05-19')).toEqual({ status: 404, body: { message: 'Team not found' } });
  });
});
