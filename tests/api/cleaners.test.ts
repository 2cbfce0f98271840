import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, Cleaner, CleanerJob, CleanerJobs, OrderDetail, Schedule } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { checkout, checkoutBody, placeOrder, send } from './booking-fixtures';
import { CLEANER_PASSWORD, invitedCleaner } from './support/invited-cleaner';
import { shopForFile } from './support/shop-for-file';

/**
 * Cleaners (issue 26 item 2, decision 040) over real HTTP: staff create a cleaner in a team, the
 * mailed invitation sets the password once, the cleaner signs in and sees their own team's jobs
 * only (access notes on the job's day only), records on my way (one mail), check-in and check-out,
 * and the schedule board shows them. Another team's job is 404; admin routes are 403.
 */
const JOB_DAY = '2027-03-25';
const { clock, server, admin, jane, house } = shopForFile({ start: '2027-03-20T09:00:00Z', customer: 'Jane Cleaned', server: { teams: 3 } });
let teamA: AdminTeam;
let teamB: AdminTeam;

beforeAll(async () => {
  const teams = (await send(server, 'GET', '/admin/teams', { token: admin.token })).body as AdminTeam[];
  [teamA, teamB] = [teams.find((team) => team.name === 'Team A')!, teams.find((team) => team.name === 'Team B')!];
});

/** Moves the server's clock; sign-ins last 12 hours, so everyone signs in again. */
async function at(instant: Date) {
  clock.set(instant);
  admin.token = await server.adminToken();
  jane.token = await server.login(jane.email, jane.password);
  if (maria) maria.token = await server.login('maria@cleaners.example', CLEANER_PASSWORD);
}
let maria: { cleaner: Cleaner; token: string } | undefined;

const asAdmin = (method: string, path: string, body?: unknown) => send(server, method, path, { token: admin.token, body });

/** Jane's booking at `time` on the job day, given to `team`. */
async function jobFor(team: number, time: string): Promise<number> {
  const order = await placeOrder(server, jane.token, house);
  const body = { ...checkoutBody(order.id, londonLocalToInstant(JOB_DAY, time)), access_notes: undefined };
  const { response } = await checkout(server, jane.token, body);
  expect(response.status).toBe(200);
  await server.db.query('UPDATE orders SET access_notes = $2 WHERE id = $1', [order.id, 'Key safe 4821']);
  expect((await asAdmin('PUT', `/admin/schedule/jobs/${order.id}/team`, { team })).status).toBe(200);
  return order.id;
}

describe('cleaners', () => {
  let ours: number;
  let theirs: number;

  it('staff create a cleaner in a team; the invitation sets a password once; the cleaner is no customer', async () => {
    const before = (await asAdmin('GET', '/admin/counter')).body;
    maria = await invitedCleaner(server, admin.token, { name: 'Maria Lopez', email: 'maria@cleaners.example', team: teamA.id });
    expect(maria!.cleaner).toMatchObject({ name: 'Maria Lopez', team_id: teamA.id, team: 'Team A', invited: true });
    const list = (await asAdmin('GET', '/admin/cleaners')).body as Cleaner[];
    expect(list.find((cleaner) => cleaner.id === maria!.cleaner.id)).toMatchObject({ invited: false });
    expect((await asAdmin('GET', '/admin/counter')).body).toEqual(before);
    const again = await asAdmin('POST', '/admin/cleaners', { name: 'Maria Again', email: 'MARIA@cleaners.example', team: teamA.id });
    expect(again).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
    expect((await asAdmin('POST', '/admin/cleaners', { name: 'Nobody', email: 'n@cleaners.example', team: 999 })).status).toBe(400);
  });

  it("lists only the own team's jobs, with access notes on the job's day only", async () => {
    ours = await jobFor(teamA.id, '10:00');
    theirs = await jobFor(teamB.id, '10:00');
    const before = (await send(server, 'GET', '/cleaner/jobs', { token: maria!.token })).body as CleanerJobs;
    expect(before.team).toEqual({ id: teamA.id, name: 'Team A' });
    expect(before.jobs.map((job) => job.id)).toEqual([ours]);
    expect(before.jobs[0]).toMatchObject({ access_notes: null, today: false, customer_first_name: 'Jane', phone: '020 7946 0000' });
    expect(before.jobs[0]!.map_url).toBe('https://www.openstreetmap.org/search?query=221B%20Baker%20Street%2C%20London%2C%20NW1%206XE');
    expect(JSON.stringify(before)).not.toMatch(/total|paid|price/i);

    await at(londonLocalToInstant(JOB_DAY, '08:00'));
    const onTheDay = (await send(server, 'GET', '/cleaner/jobs', { token: maria!.token })).body as CleanerJobs;
    expect(onTheDay.jobs[0]).toMatchObject({ id: ours, access_notes: 'Key safe 4821', today: true });
  });

  it("refuses another team's job (404), admin routes (403), and a step too early (409)", async () => {
    expect((await send(server, 'POST', `/cleaner/jobs/${theirs}/progress`, { token: maria!.token, body: { step: 'check_in' } })).status).toBe(404);
    expect((await send(server, 'GET', '/admin/schedule?from=2027-03-25&days=1', { token: maria!.token })).status).toBe(403);
    expect((await send(server, 'GET', `/admin/order/${ours}`, { token: maria!.token })).status).toBe(403);
    expect((await send(server, 'GET', '/cleaner/jobs', { token: jane.token })).body).toEqual({ message: 'Cleaners only' });
    // At 08:00 for a 10:00 job: check out is not open yet (from 09:00, decision 073); check-in first is check-out-photos.test.ts'.
    const early = await send(server, 'POST', `/cleaner/jobs/${ours}/progress`, { token: maria!.token, body: { step: 'check_out' } });
    expect(early).toMatchObject({ status: 409, body: { message: 'Too early: Check out opens at 2027-03-25 09:00 (UK time), 1 hour before the job starts' } });
  });

  it('refuses each step outside its window around the start (409, a sentence), recording and mailing nothing (issue 33 row 8)', async () => {
    const step = async (body: unknown) => send(server, 'POST', `/cleaner/jobs/${ours}/progress`, { token: maria!.token, body });
    await at(londonLocalToInstant(JOB_DAY, '00:36'));
    expect(await step({ step: 'on_my_way' })).toMatchObject({ status: 409, body: { message: 'Too early: On my way opens at 2027-03-25 08:00 (UK time), 2 hours before the job starts' } });
    expect(await step({ step: 'check_in' })).toMatchObject({ status: 409, body: { message: 'Too early: Check in opens at 2027-03-25 09:00 (UK time), 1 hour before the job starts' } });
    await at(londonLocalToInstant(JOB_DAY, '08:59'));
    expect((await step({ step: 'check_in' })).status).toBe(409);
    await server.mailSettled();
    expect((await server.outbox()).filter((mail) => mail.to === jane.email && /on the way/.test(mail.subject))).toHaveLength(0);
    expect(await server.db.query('SELECT 1 FROM job_visits WHERE order_id = $1', [ours])).toHaveLength(0);
    await at(londonLocalToInstant(JOB_DAY, '08:00'));
  });

  it('on my way mails the customer once; check-in and check-out are recorded and on the board', async () => {
    const step = async (body: unknown) => send(server, 'POST', `/cleaner/jobs/${ours}/progress`, { token: maria!.token, body });
    expect((await step({ step: 'on_my_way' })).status).toBe(200);
    expect((await step({ step: 'on_my_way' })).status).toBe(200);
    await server.mailSettled();
    const onTheWay = (await server.outbox()).filter((mail) => mail.to === jane.email && mail.subject === 'Your Sparkle Cleaning team is on the way');
    expect(onTheWay).toHaveLength(1);
    expect(onTheWay[0]!.text).not.toContain('4821');

    await at(londonLocalToInstant(JOB_DAY, '09:03'));
    const checkedIn = await step({ step: 'check_in', consent: false, location: { latitude: 51.52, longitude: -0.15 } });
    expect((checkedIn.body as CleanerJob).visit.checked_in_at).toBe(londonLocalToInstant(JOB_DAY, '09:03').toISOString());
    const [stored] = await server.db.query<{ checked_in_lat: number | null }>('SELECT checked_in_lat FROM job_visits WHERE order_id = $1', [ours]);
    expect(stored!.checked_in_lat).toBeNull();

    await at(londonLocalToInstant(JOB_DAY, '11:30'));
    const done = await step({ step: 'check_out', consent: true, location: { latitude: 51.52, longitude: -0.15 }, checklist: ['Bins emptied', 'Not on the list'] });
    expect((done.body as CleanerJob).visit).toMatchObject({ checked_out_at: londonLocalToInstant(JOB_DAY, '11:30').toISOString(), checklist_done: ['Bins emptied'] });

    const board = (await asAdmin('GET', `/admin/schedule?from=${JOB_DAY}&days=1`)).body as Schedule;
    expect(board.jobs.find((job) => job.id === ours)!.visit).toMatchObject({
      checked_in_at: londonLocalToInstant(JOB_DAY, '09:03').toISOString(),
      checked_out_at: londonLocalToInstant(JOB_DAY, '11:30').toISOString(),
    });

    // Each step in the order's history, by whom and when, once; the customer's checkout is "order.checkout".
    const history = ((await asAdmin('GET', `/admin/order/${ours}`)).body as OrderDetail).history;
    expect(history.filter((entry) => entry.action.startsWith('job.'))).toEqual([
      { action: 'job.on_my_way', actor: 'Maria Lopez', at: londonLocalToInstant(JOB_DAY, '08:00').toISOString(), from: null, to: 'Team A' },
      { action: 'job.check_in', actor: 'Maria Lopez', at: londonLocalToInstant(JOB_DAY, '09:03').toISOString(), from: null, to: 'Team A' },
      { action: 'job.check_out', actor: 'Maria Lopez', at: londonLocalToInstant(JOB_DAY, '11:30').toISOString(), from: null, to: 'Team A' },
    ]);
    expect(history.find((entry) => entry.action === 'order.checkout')).toMatchObject({ actor: 'Jane Cleaned' });
  });
});

describe('moving and removing a cleaner (decision 058)', () => {
  it("moves a cleaner to another team: their next request lists only the new team's jobs; a wrong team or cleaner is a 400 or 404", async () => {
    const board = (await asAdmin('GET', `/admin/schedule?from=${JOB_DAY}&days=1`)).body as Schedule;
    const teamBJobs = board.jobs.filter((job) => job.team_id === teamB.id).map((job) => job.id);
    expect(teamBJobs.length).toBeGreaterThan(0);
    const moved = await asAdmin('PUT', `/admin/cleaners/${maria!.cleaner.id}`, { team: teamB.id });
    expect(moved).toMatchObject({ status: 200, body: { id: maria!.cleaner.id, team_id: teamB.id, team: 'Team B' } });
    const jobs = (await send(server, 'GET', '/cleaner/jobs', { token: maria!.token })).body as CleanerJobs;
    expect(jobs.team).toEqual({ id: teamB.id, name: 'Team B' });
    expect(jobs.jobs.map((job) => job.id).sort()).toEqual([...teamBJobs].sort());
    expect(jobs.jobs.every((job) => teamBJobs.includes(job.id))).toBe(true);

    expect(await asAdmin('PUT', `/admin/cleaners/${maria!.cleaner.id}`, { team: 999_999 })).toMatchObject({ status: 400, body: { message: 'Team not found' } });
    expect(await asAdmin('PUT', `/admin/cleaners/${jane.id}`, { team: teamA.id })).toMatchObject({ status: 404, body: { message: 'Cleaner not found' } });
    expect(await asAdmin('PUT', `/admin/cleaners/${maria!.cleaner.id}`, { team: 'B' })).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    expect((await send(server, 'PUT', `/admin/cleaners/${maria!.cleaner.id}`, { token: maria!.token, body: { team: teamA.id } })).status).toBe(403);
    const [row] = await server.db.query<{ team_id: number }>('SELECT team_id FROM users WHERE id = $1', [maria!.cleaner.id]);
    expect(row!.team_id).toBe(teamB.id);
  });

  it('removes a cleaner: the token is refused on the next request, no sign-in or reset link, off the list; their recorded visit keeps them', async () => {
    const id = maria!.cleaner.id;
    expect((await send(server, 'GET', '/cleaner/jobs', { token: maria!.token })).status).toBe(200);
    // Two members of staff press Remove together: one removes, the other is told there is nobody left to remove.
    const answers = await Promise.all([asAdmin('DELETE', `/admin/cleaners/${id}`), asAdmin('DELETE', `/admin/cleaners/${id}`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 404]);

    expect(await send(server, 'GET', '/cleaner/jobs', { token: maria!.token })).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    const signIn = await send(server, 'POST', '/auth/login', { body: { username: 'maria@cleaners.example', password: CLEANER_PASSWORD } });
    expect(signIn.status).toBe(401);
    const mailsBefore = (await server.outbox()).length;
    expect((await send(server, 'POST', '/auth/forgot-password', { body: { email: 'maria@cleaners.example' } })).status).toBe(200);
    await server.mailSettled();
    expect((await server.outbox()).length).toBe(mailsBefore);
    expect(((await asAdmin('GET', '/admin/cleaners')).body as Cleaner[]).map((cleaner) => cleaner.id)).not.toContain(id);
    expect(await asAdmin('PUT', `/admin/cleaners/${id}`, { team: teamA.id })).toMatchObject({ status: 404, body: { message: 'Cleaner not found' } });

    const visits = await server.db.query<{ name: string }>('SELECT u.name FROM job_visits v JOIN users u ON u.id = v.checked_in_by WHERE v.checked_in_by = $1', [id]);
    expect(visits.map((visit) => visit.name)).toEqual(['Maria Lopez']);
    maria = undefined;
  });

  it("removing an invited cleaner makes the unused invitation refuse to set a password, and frees the address", async () => {
    const made = await asAdmin('POST', '/admin/cleaners', { name: 'Pat Invited', email: 'pat@cleaners.example', team: teamA.id });
    expect(made.status).toBe(201);
    await server.mailSettled();
    const token = (await server.latestMail('pat@cleaners.example'))!.links.find((href) => href.includes('/reset-password/'))!.split('/reset-password/')[1]!.split('?')[0]!;
    expect((await asAdmin('DELETE', `/admin/cleaners/${(made.body as Cleaner).id}`)).status).toBe(204);
    const set = await send(server, 'PUT', `/auth/reset-password/${token}`, { body: { token, password: CLEANER_PASSWORD } });
    expect(set).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    expect((await asAdmin('POST', '/admin/cleaners', { name: 'Pat Again', email: 'pat@cleaners.example', team: teamA.id })).status).toBe(201);
  });
});

