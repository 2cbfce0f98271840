import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, CheckoutRequest, CleanerJobs, JobEditState, OrderDetail, Schedule } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { SLOT_TAKEN_MESSAGE } from '../../domain/capacity/availability-text';
import { checkout, checkoutBody, createClock, myOrder, send } from './booking-fixtures';
import { invitedCleaner } from './support/invited-cleaner';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * One job's own length (issue 36 row 2, decision 084) over real HTTP, on PGlite and on PostgreSQL
 * with DATABASE_URL: staff set it with a reason; the history says old, new and why; the free times,
 * the travel gap, the schedule board, the cleaner's job and the customer's reschedule all count it;
 * a longer job that would run into the team's next job or past the day's last finish is refused
 * with why (409), also when a checkout races for the gap; out of range is 400, a customer 403.
 * One team, so every job is that team's; House Keeping's bedroom is 30 minutes, so two are an hour.
 */
const clock = createClock('2027-03-20T09:00:00Z');
const POSTCODE = 'NW1 6XE';
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let omar: TestCustomer;
let serviceId: number;
let bedroom: number;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, teams: 1 });
  admin = await server.adminToken();
  [jane, omar] = await Promise.all([server.createCustomer({ name: 'Jane Length' }), server.createCustomer({ name: 'Omar Length' })]);
  const { data: services } = await server.api.GET('/home/services');
  for (const service of services ?? []) {
    const { data } = await server.api.GET('/services/get-items/{id}', { params: { path: { id: service.id } }, headers: server.bearer(jane.token) });
    const item = data?.items.find((candidate) => candidate.name === 'Bedroom');
    if (data?.serviceName === 'House Keeping' && item) [serviceId, bedroom] = [service.id, item.id];
  }
});
afterAll(async () => server?.close());

/** A House Keeping job of two bedrooms (an hour), booked at `time` on `date` (UK). */
async function book(customer: TestCustomer, date: string, time: string): Promise<number> {
  const { data } = await server.api.POST('/services/order/new', { body: { service: serviceId, items: [{ id: bedroom, quantity: 2 }] }, headers: server.bearer(customer.token) });
  expect(data!.duration_minutes).toBe(60);
  const body: CheckoutRequest = { ...checkoutBody(data!.id, londonLocalToInstant(date, time)), code_postal: POSTCODE };
  const { response, error } = await checkout(server, customer.token, body);
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.id;
}

const setLength = (id: number, body: unknown, token: string | undefined = admin) => send(server, 'PUT', `/admin/order/${id}/length`, { ...(token ? { token } : {}), body });
const detail = async (id: number) => (await send(server, 'GET', `/admin/order/${id}`, { token: admin })).body as OrderDetail;

/** The free teams per start for an hour's job in the same postcode area (30 minutes of travel). */
async function free(date: string): Promise<Record<string, number>> {
  const { data } = await server.api.GET('/availability', { params: { query: { service: serviceId, from: date, days: 1, duration: 60, postcode: 'NW8 7AB' } } });
  return Object.fromEntries(data!.days[0]!.times.map((slot) => [slot.time, slot.free]));
}

describe('PUT /admin/order/{id}/length (setJobLength)', () => {
  it('staff give a job 3 hours with a reason: the order, its history, the free times, the board and the cleaner all read it', async () => {
    const day = '2027-03-23';
    const id = await book(jane, day, '10:00');
    expect((await detail(id)).minutes).toBe(60);
    const before = await free(day);
    // The hour's job ends at 11:00; with the travel gap the team is free again from 11:30.
    expect([before['11:00'], before['11:30'], before['12:00']]).toEqual([0, 1, 1]);

    const answer = await setLength(id, { minutes: 180, reason: '  Big house, first deep clean ' });
    expect(answer.status).toBe(200);
    const order = answer.body as OrderDetail;
    expect(order.minutes).toBe(180);
    expect(order.history.at(-1)).toMatchObject({ action: 'order.length', from: '1 h', to: '3 h: Big house, first deep clean', actor: expect.stringMatching(/admin/i) });

    // Capacity and the travel gap count the new length: the team is busy until 13:00, free from 13:30.
    const after = await free(day);
    expect([after['11:30'], after['12:00'], after['13:00'], after['13:30']]).toEqual([0, 0, 0, 1]);
    const board = (await send(server, 'GET', `/admin/schedule?from=${day}&days=1`, { token: admin })).body as Schedule;
    expect(board.jobs.find((job) => job.id === id)?.duration_minutes).toBe(180);
    const [team] = (await send(server, 'GET', '/admin/teams', { token: admin })).body as AdminTeam[];
    const cleaner = await invitedCleaner(server, admin, { name: 'Lena Length', email: 'lena@length.example', team: team!.id });
    const jobs = (await send(server, 'GET', '/cleaner/jobs', { token: cleaner.token })).body as CleanerJobs;
    expect(jobs.jobs.find((job) => job.id === id)?.duration_minutes).toBe(180);
    // The customer's reschedule dialog asks for free times of the job's length.
    expect((await myOrder(server, jane.token, id)).minutes).toBe(180);

    // Shorter again: always fits, and the history says so too.
    const shorter = (await setLength(id, { minutes: 90, reason: 'Only the ground floor' })).body as OrderDetail;
    expect(shorter.history.at(-1)).toMatchObject({ action: 'order.length', from: '3 h', to: '1 h 30 min: Only the ground floor' });
    expect((await free(day))['12:00']).toBe(1);
  });

  it('a longer job that would run into the next job or past the last finish is refused with why, and nothing changes', async () => {
    const day = '2027-04-06';
    const first = await book(jane, day, '10:00');
    await book(omar, day, '12:00');
    const version = async () => (await server.db.query<{ version: number }>('SELECT version FROM orders WHERE id = $1', [first]))[0]!.version;
    const was = await version();

    const tooClose = await setLength(first, { minutes: 120, reason: 'Big house' });
    expect(tooClose).toEqual({ status: 409, body: { message: "A job of 2 h from 10:00 would finish at 12:00, too close to Team A's next job (12:00–13:00) to travel the 30 minutes between them" } });
    const into = await setLength(first, { minutes: 150, reason: 'Big house' });
    expect(into).toEqual({ status: 409, body: { message: "A job of 2 h 30 min from 10:00 would finish at 12:30, into Team A's next job (12:00–13:00)" } });
    const late = await book(omar, day, '18:00');
    expect(await setLength(late, { minutes: 180, reason: 'Difficult access' })).toEqual({
      status: 409, body: { message: `A job of 3 h from 18:00 would finish at 21:00, after the day's last finish (20:00) on ${day}` },
    });
    expect((await detail(first)).minutes).toBe(60);
    expect((await detail(first)).history.some((entry) => entry.action === 'order.length')).toBe(false);
    expect(await version()).toBe(was);

    // Until the travel gap before the next job, it fits.
    expect((await setLength(first, { minutes: 90, reason: 'Big house' })).status).toBe(200);
    expect(await version()).toBe(was + 1);
  });

  it('a length set and a checkout racing for the same gap: exactly one is taken', async () => {
    const day = '2027-04-07';
    const first = await book(jane, day, '10:00');
    const { data } = await server.api.POST('/services/order/new', { body: { service: serviceId, items: [{ id: bedroom, quantity: 2 }] }, headers: server.bearer(omar.token) });
    const [longer, booked] = await Promise.all([
      setLength(first, { minutes: 120, reason: 'Big house' }),
      checkout(server, omar.token, { ...checkoutBody(data!.id, londonLocalToInstant(day, '12:00')), code_postal: POSTCODE }),
    ]);
    expect([longer.status, booked.response.status].sort()).toEqual([200, 409]);
    const minutes = (await detail(first)).minutes;
    expect(minutes).toBe(longer.status === 200 ? 120 : 60);
  });

  it("the customer's reschedule moves the job with its own length: a time it no longer fits is taken", async () => {
    const day = '2027-04-08';
    const id = await book(jane, '2027-04-09', '10:00');
    await book(omar, day, '14:00');
    expect((await setLength(id, { minutes: 180, reason: 'Big house' })).status).toBe(200);
    const reschedule = (time: string) => send(server, 'POST', `/services/order/${id}/reschedule`, { token: jane.token, body: { due_date: day, due_time: time, fee: 0 } });
    // An hour's job at 11:00 would fit before 14:00; three hours would end at 14:00, with no time to travel.
    expect(await reschedule('11:00')).toMatchObject({ status: 409, body: { message: SLOT_TAKEN_MESSAGE } });
    expect((await reschedule('10:00')).status).toBe(200);
    expect((await detail(id)).minutes).toBe(180);
    expect((await free(day))['13:00']).toBe(0);
  });

  it('a job edit of its items works the length out from them again, and the history says so', async () => {
    const id = await book(jane, '2027-04-12', '10:00');
    expect((await setLength(id, { minutes: 180, reason: 'Big house' })).status).toBe(200);
    const job = (await send(server, 'GET', `/admin/order/${id}/job`, { token: admin })).body as JobEditState;
    expect(job.duration_minutes).toBe(180);
    const edited = await send(server, 'PUT', `/admin/order/${id}/job`, {
      token: admin,
      body: { version: job.version, items: [{ id: bedroom, quantity: 3 }], extras: job.extras, due_date: job.due_date, due_time: job.due_time, team_id: job.team_id, reason: 'One more bedroom' },
    });
    expect(edited.status).toBe(200);
    const order = edited.body as OrderDetail;
    expect(order.minutes).toBe(90);
    expect(order.history.filter((entry) => entry.action === 'order.length').at(-1)).toMatchObject({ from: '3 h', to: '1 h 30 min: One more bedroom' });
  });

  it('refuses out-of-range lengths (400), customers (403) and jobs that cannot change (409), never a 500', async () => {
    const id = await book(jane, '2027-04-13', '10:00');
    for (const minutes of [0, 15, 20, 100, 615, 660, 90.5]) {
      const answer = await setLength(id, { minutes, reason: 'Big house' });
      expect(answer.status, `${minutes} minutes`).toBe(400);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    expect((await setLength(id, { minutes: 90 })).status).toBe(400);
    expect((await setLength(id, { minutes: 90, reason: '   ' })).status).toBe(400);
    expect(await setLength(id, { minutes: 60, reason: 'Same again' })).toEqual({ status: 400, body: { message: 'The job is already 1 h long: choose another length' } });
    expect((await setLength(id, { minutes: 90, reason: 'Big house' }, jane.token)).status).toBe(403);
    expect((await setLength(id, { minutes: 90, reason: 'Big house' }, '')).status).toBe(401);
    expect((await setLength(2147483647, { minutes: 90, reason: 'Big house' })).status).toBe(404);
    await server.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [id]);
    expect(await setLength(id, { minutes: 90, reason: 'Big house' })).toEqual({ status: 409, body: { message: 'This order is cancelled: its job cannot change any more' } });
    expect((await detail(id)).minutes).toBe(60);
  });
});
