import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, CleanerJobs, PersonalData } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { catalogue, checkout, checkoutBody, createClock, myOrder, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Customers write their own access notes (key safe codes) on My orders (issue 26 item 2, decision
 * 050) over real HTTP: saved and cleared until the job starts, refused after (409) with the notes
 * unchanged, 404 for someone else's order, 400 over the contract's 500 characters; the assigned
 * team sees them on the job's day only; never mailed; in the customer's export; erased with the account.
 */
const clock = createClock('2027-04-20T09:00:00Z');
const JOB_DAY = '2027-04-26';
const CODE = 'Key safe by the back door, code 7315';
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let other: TestCustomer;
let house: Catalogue;
let team: AdminTeam;
let cleanerToken: string;
let order: number;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, teams: 3 });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Keyholder' });
  other = await server.createCustomer({ name: 'Olive Nosy' });
  house = await catalogue(server, jane.token);
  const teams = (await send(server, 'GET', '/admin/teams', { token: admin })).body as AdminTeam[];
  team = teams.find((candidate) => candidate.name === 'Team A')!;
  // A cleaner of the job's team, through the mailed invitation (decision 040).
  expect((await send(server, 'POST', '/admin/cleaners', { token: admin, body: { name: 'Nora Cleaner', email: 'nora@cleaners.example', team: team.id } })).status).toBe(201);
  await server.mailSettled();
  const link = (await server.latestMail('nora@cleaners.example'))!.links.find((href) => href.includes('/reset-password/'))!;
  const token = link.split('/reset-password/')[1]!.split('?')[0]!;
  expect((await send(server, 'PUT', `/auth/reset-password/${token}`, { body: { token, password: 'cleaner-password-1' } })).status).toBe(200);
  const placed = await placeOrder(server, jane.token, house);
  const { response } = await checkout(server, jane.token, checkoutBody(placed.id, londonLocalToInstant(JOB_DAY, '10:00')));
  expect(response.status).toBe(200);
  order = placed.id;
  expect((await send(server, 'PUT', `/admin/schedule/jobs/${order}/team`, { token: admin, body: { team: team.id } })).status).toBe(200);
});
afterAll(async () => server?.close());

const putNotes = (token: string, accessNotes: unknown, id = order) => send(server, 'PUT', `/services/order/${id}/access-notes`, { token, body: { accessNotes } });
const stored = async () => (await server.db.query<{ access_notes: string | null }>('SELECT access_notes FROM orders WHERE id = $1', [order]))[0]!.access_notes;
async function signInAgain() {
  jane.token = await server.login(jane.email, jane.password);
  other.token = await server.login(other.email, other.password);
  cleanerToken = await server.login('nora@cleaners.example', 'cleaner-password-1');
}

describe('access notes', () => {
  it('the customer saves, trims and clears them before the job; My orders shows them as editable', async () => {
    expect((await myOrder(server, jane.token, order))).toMatchObject({ accessNotes: null, accessNotesEditable: true });
    expect(await putNotes(jane.token, '   ')).toMatchObject({ status: 200, body: { accessNotes: null } });
    expect(await putNotes(jane.token, `  ${CODE}  `)).toMatchObject({ status: 200, body: { accessNotes: CODE } });
    expect(await stored()).toBe(CODE);
    expect((await myOrder(server, jane.token, order))).toMatchObject({ accessNotes: CODE, accessNotesEditable: true });
  });

  it("refuses someone else's order (404), too long (400) and a wrong shape (400), changing nothing", async () => {
    expect(await putNotes(other.token, 'Let me in')).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    const tooLong = await putNotes(jane.token, 'x'.repeat(501));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toHaveProperty('message');
    expect((await putNotes(jane.token, 42)).status).toBe(400);
    expect((await send(server, 'PUT', `/services/order/${order}/access-notes`, { token: jane.token, body: { accessNotes: 'x', extra: 1 } })).status).toBe(400);
    expect((await send(server, 'PUT', `/services/order/${order}/access-notes`, { body: { accessNotes: 'x' } })).status).toBe(401);
    expect(await stored()).toBe(CODE);
    expect((await putNotes(jane.token, 'y'.repeat(500))).status).toBe(200);
    expect((await putNotes(jane.token, CODE)).status).toBe(200);
  });

  it("reach the assigned team on the job's day only, and never a mail", async () => {
    await signInAgain();
    const before = (await send(server, 'GET', '/cleaner/jobs', { token: cleanerToken })).body as CleanerJobs;
    expect(before.jobs.find((job) => job.id === order)).toMatchObject({ access_notes: null });
    clock.set(londonLocalToInstant(JOB_DAY, '08:00'));
    await signInAgain();
    const onTheDay = (await send(server, 'GET', '/cleaner/jobs', { token: cleanerToken })).body as CleanerJobs;
    expect(onTheDay.jobs.find((job) => job.id === order)).toMatchObject({ access_notes: CODE });
    expect((await send(server, 'POST', `/cleaner/jobs/${order}/progress`, { token: cleanerToken, body: { step: 'on_my_way' } })).status).toBe(200);
    await server.mailSettled();
    expect((await server.outbox()).filter((mail) => mail.text.includes('7315'))).toEqual([]);
  });

  it('are closed once the job has started (409), the notes as they were', async () => {
    clock.set(londonLocalToInstant(JOB_DAY, '10:00'));
    await signInAgain();
    expect((await myOrder(server, jane.token, order))).toMatchObject({ accessNotes: CODE, accessNotesEditable: false });
    const late = await putNotes(jane.token, 'New code 0000');
    expect(late).toMatchObject({ status: 409, body: { message: 'The access notes can be changed only before the job starts, on a booked job' } });
    expect(await stored()).toBe(CODE);
  });

  it("are in the customer's own data export, then erased with the account", async () => {
    const exported = (await send(server, 'GET', '/user/data', { token: jane.token })).body as PersonalData;
    expect(exported.orders.find((one) => one.id === order)).toMatchObject({ accessNotes: CODE });
    const deleted = await send(server, 'POST', '/user/delete', { token: jane.token, body: { password: jane.password } });
    expect(deleted.status).toBe(200);
    expect(await stored()).toBeNull();
  });
});
