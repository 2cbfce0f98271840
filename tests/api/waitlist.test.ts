import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitlistCheckout, WaitlistDayEntry, WaitlistEntry, WaitlistOffer } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { offerFreedTimes, DAY_NOT_FULL_MESSAGE, ALREADY_WAITING_MESSAGE, OFFER_EXPIRED_MESSAGE, OFFER_USED_MESSAGE } from '../../server/services/waitlist';
import { SLOT_TAKEN_MESSAGE } from '../../domain/capacity/availability-text';
import { bookedOrder, checkout, checkoutBody, createClock, myOrder, placeOrder, send, type Catalogue } from './booking-fixtures';
import { eventually, waitForMail } from './support/mail-wait';
import { mailOutbox, QUEUES } from '../../server/queue';
import { WAITLIST_CRON } from '../../server/jobs/waitlist';
import { WAKING_HOURS_TEXT } from '../../domain/waitlist/waking-hours';
import { startShop } from './support/start-shop';
import type { TestCustomer, TestServer } from './support/test-server';

/**
 * Waiting lists for full days (issue 26 §5, decision 056) over real HTTP, on PGlite and on
 * PostgreSQL (DATABASE_URL). Two teams, and Wednesdays open 09:00–11:00, so two 90-minute jobs fill
 * a day. Expiry is driven by the test's clock and the waitlist job's own function, never a sleep.
 */
const clock = createClock('2027-03-20T09:00:00Z');
let server: TestServer;
let admin: string;
let house: Catalogue;
const people: TestCustomer[] = [];

beforeAll(async () => {
  const shop = await startShop(clock, { teams: 2, customers: ['Ann Waiting', 'Ben Waiting', 'Cat Waiting', 'Dan Booking', 'Eve Booking'] });
  ({ server, admin, house } = shop);
  people.push(...shop.people);
  expect((await send(server, 'PUT', '/admin/pricing/opening-hours/3', { token: admin, body: { open: true, opens: '09:00', closes: '11:00' } })).status).toBe(200);
});
afterAll(async () => server?.close());

const person = (index: number) => () => people[index]!;
const [ann, ben, cat, dan, eve] = [person(0), person(1), person(2), person(3), person(4)];
const at = (date: string, time: string) => londonLocalToInstant(date, time);
/** The scheduled waitlist job's run, on this server's queue and outbox, at the test's clock. */
const jobs = () => ({
  offerFreedTimes: () => offerFreedTimes({ db: server.db, outbox: mailOutbox(server.app.jobs, { publicUrl: server.config.publicUrl, vatNumber: server.config.vatNumber }) }, clock.now()),
});
const join = (customer: TestCustomer, order: number, date: string) => send(server, 'POST', '/waitlist', { token: customer.token, body: { order, date } });
const offerMail = (customer: TestCustomer, date: string) =>
  waitForMail(server.config.outboxDir, customer.email, { where: (mail) => mail.subject.startsWith(`A time is free on ${date}`) });
const tokenIn = async (customer: TestCustomer, date: string) => new URL((await offerMail(customer, date)).links.find((href) => href.includes('offer='))!).searchParams.get('offer')!;
const details: WaitlistCheckout = { address: '221B Baker Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash' };
const accept = (customer: TestCustomer, token: string) => send(server, 'POST', `/waitlist/offers/${token}/checkout`, { token: customer.token, body: details });
const entries = async (customer: TestCustomer, date?: string) =>
  ((await send(server, 'GET', '/waitlist', { token: customer.token })).body as WaitlistEntry[]).filter((entry) => date === undefined || entry.date === date);

/** Fills `date` with two 09:00 jobs (one per team); answers them. */
async function fullDay(date: string) {
  return [await bookedOrder(server, dan().token, house, { due: at(date, '09:00') }), await bookedOrder(server, eve().token, house, { due: at(date, '09:00') })];
}

describe('joining a full day\'s waiting list', () => {
  it('takes a draft on a full day once per customer, shows it on My orders and lets the customer leave', async () => {
    const draft = await placeOrder(server, ann().token, house);
    expect(await join(ann(), draft.id, '2027-04-07')).toEqual({ status: 400, body: { message: DAY_NOT_FULL_MESSAGE } });
    await fullDay('2027-04-07');
    const joined = await join(ann(), draft.id, '2027-04-07');
    expect(joined).toEqual({ status: 201, body: { id: expect.any(Number), order_id: draft.id, date: '2027-04-07', service: house.serviceName, status: 'waiting', held_due: null, held_until: null, times: [] } });
    expect(await join(ann(), draft.id, '2027-04-07')).toEqual({ status: 409, body: { message: ALREADY_WAITING_MESSAGE } });
    // Someone else's draft, a closed day (Sunday) and a bad date are refused in words.
    expect((await join(ben(), draft.id, '2027-04-07')).status).toBe(404);
    expect((await join(ann(), draft.id, '2027-04-11')).status).toBe(400);
    expect((await join(ann(), draft.id, 'not-a-day')).status).toBe(400);
    expect(await entries(ann())).toEqual([joined.body]);
    const id = (joined.body as WaitlistEntry).id;
    expect((await send(server, 'GET', '/admin/waitlist/2027-04-07', { token: admin })).body).toEqual([
      expect.objectContaining({ id, customer: 'Ann Waiting', status: 'waiting', times: [] }),
    ]);
    expect((await send(server, 'DELETE', `/waitlist/${id}`, { token: ben().token })).status).toBe(404);
    expect((await send(server, 'DELETE', `/waitlist/${id}`, { token: ann().token })).status).toBe(200);
    expect(await entries(ann())).toEqual([]);
    // Staff only.
    expect((await send(server, 'GET', '/admin/waitlist/2027-04-07', { token: ann().token })).status).toBe(403);
  });
});

describe('a freed time', () => {
  it('goes to the first waiting customer, held so nobody else can book it, and books their draft at that time once', async () => {
    const [, eves] = await fullDay('2027-04-14');
    const annsDraft = await placeOrder(server, ann().token, house);
    const bensDraft = await placeOrder(server, ben().token, house);
    expect((await join(ann(), annsDraft.id, '2027-04-14')).status).toBe(201);
    expect((await join(ben(), bensDraft.id, '2027-04-14')).status).toBe(201);

    // Staff cancel Eve's visit: the time goes to Ann, who joined first.
    expect((await send(server, 'PUT', `/admin/order/update/cancelled/${eves!.id}`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
    const token = await tokenIn(ann(), '2027-04-14');
    const mail = await offerMail(ann(), '2027-04-14');
    expect(mail.text).toContain(`${house.serviceName} on 2027-04-14 09:00 (UK time), £`);
    expect(mail.text).toContain('We hold it for you until 2027-03-20 11:00 (UK time).');
    const offer = await send(server, 'GET', `/waitlist/offers/${token}`, { token: ann().token });
    expect(offer).toEqual({ status: 200, body: {
      order_id: annsDraft.id, date: '2027-04-14', time: '09:00', due: at('2027-04-14', '09:00').toISOString(),
      held_until: '2027-03-20T11:00:00.000Z', service: house.serviceName, total: annsDraft.total, contact: null,
    } satisfies WaitlistOffer });
    expect((await entries(ben()))[0]).toMatchObject({ status: 'waiting' });
    // Held: the calendar shows the day full and a checkout of that time is refused.
    const other = await placeOrder(server, dan().token, house);
    expect((await checkout(server, dan().token, checkoutBody(other.id, at('2027-04-14', '09:00')))).response.status).toBe(409);
    // Somebody else's token is not theirs.
    expect((await send(server, 'GET', `/waitlist/offers/${token}`, { token: ben().token })).status).toBe(404);

    const answers = await Promise.all([accept(ann(), token), accept(ann(), token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await myOrder(server, ann().token, annsDraft.id)).due).toBe(at('2027-04-14', '09:00').toISOString());
    expect(await send(server, 'GET', `/waitlist/offers/${token}`, { token: ann().token })).toEqual({ status: 409, body: { message: OFFER_USED_MESSAGE } });
    expect(await entries(ann())).toEqual([]);
    // Nothing is free, so Ben still waits.
    expect((await entries(ben()))[0]).toMatchObject({ status: 'waiting' });
  });

  it('two times freed at once go to the first two waiting, who book them at the same moment; the third waits', async () => {
    const [dans, eves] = await fullDay('2027-04-21');
    const drafts = await Promise.all([ann(), ben(), cat()].map((customer) => placeOrder(server, customer.token, house)));
    for (const [index, customer] of [ann(), ben(), cat()].entries()) expect((await join(customer, drafts[index]!.id, '2027-04-21')).status).toBe(201);
    await server.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = ANY($1::int[])`, [[dans!.id, eves!.id]]);
    // Two instances' jobs at once: each time is offered once.
    await Promise.all([jobs().offerFreedTimes(), jobs().offerFreedTimes()]);
    const [annsToken, bensToken] = [await tokenIn(ann(), '2027-04-21'), await tokenIn(ben(), '2027-04-21')];
    const [held] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM waitlist_entries WHERE day = '2027-04-21' AND status = 'offered'`);
    expect(held!.n).toBe(2);
    expect((await entries(cat()))[0]).toMatchObject({ status: 'waiting' });
    const answers = await Promise.all([accept(ann(), annsToken), accept(ben(), bensToken)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [booked] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::int[]) AND checked_out_at IS NOT NULL AND team_id IS NOT NULL`, [[drafts[0]!.id, drafts[1]!.id]]);
    expect(booked!.n).toBe(2);
    expect((await entries(cat()))[0]).toMatchObject({ status: 'waiting' });
  });

  it('unanswered, the hold ends when its time is up and the waitlist job offers the time to the next', async () => {
    clock.set('2027-03-20T09:00:00Z');
    const [dans] = await fullDay('2027-04-28');
    const annsDraft = await placeOrder(server, ann().token, house);
    const bensDraft = await placeOrder(server, ben().token, house);
    expect((await join(ann(), annsDraft.id, '2027-04-28')).status).toBe(201);
    expect((await join(ben(), bensDraft.id, '2027-04-28')).status).toBe(201);
    await server.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [dans!.id]);
    await jobs().offerFreedTimes();
    const annsToken = await tokenIn(ann(), '2027-04-28');

    // One minute before the end it is still Ann's.
    clock.set('2027-03-20T10:59:00Z');
    await jobs().offerFreedTimes();
    expect((await entries(ben(), '2027-04-28'))[0]).toMatchObject({ status: 'waiting' });
    clock.set('2027-03-20T11:00:00Z');
    await Promise.all([jobs().offerFreedTimes(), jobs().offerFreedTimes()]);
    expect(await send(server, 'GET', `/waitlist/offers/${annsToken}`, { token: ann().token })).toEqual({ status: 409, body: { message: OFFER_EXPIRED_MESSAGE } });
    expect((await accept(ann(), annsToken)).body).toEqual({ message: OFFER_EXPIRED_MESSAGE });
    const bensToken = await tokenIn(ben(), '2027-04-28');
    expect((await entries(ben(), '2027-04-28'))[0]).toMatchObject({ status: 'offered', held_until: '2027-03-20T13:00:00.000Z' });
    // Ann is off the list; the time is Ben's, not hers, even by the ordinary checkout.
    expect(await entries(ann(), '2027-04-28')).toEqual([]);
    expect(await checkout(server, ann().token, checkoutBody(annsDraft.id, at('2027-04-28', '09:00')))).toMatchObject({ error: { message: SLOT_TAKEN_MESSAGE } });
    expect((await accept(ben(), bensToken)).status).toBe(200);
  });

  it('is the waitlist job of the queue, every minute: a job of it ends holds and offers freed times', async () => {
    const onPostgres = Boolean(process.env.DATABASE_URL);
    const rows = onPostgres
      ? await server.db.query<{ cron: string }>('SELECT cron FROM pgboss.schedule WHERE name = $1', [QUEUES.waitlist])
      : await server.db.query<{ cron: string }>('SELECT cron FROM local_schedules WHERE name = $1', [QUEUES.waitlist]);
    expect(rows).toEqual([{ cron: WAITLIST_CRON }]);
    clock.set('2027-03-20T09:00:00Z');
    const [dans] = await fullDay('2027-05-05');
    const draft = await placeOrder(server, cat().token, house);
    expect((await join(cat(), draft.id, '2027-05-05')).status).toBe(201);
    // Freed where no request announces it (as a database change would): only the job can offer it.
    await server.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [dans!.id]);
    await server.app.jobs.send(server.db, QUEUES.waitlist, {});
    await eventually('the waitlist job ran', () => server.app.jobs.pending(QUEUES.waitlist), (n) => n === 0);
    expect((await entries(cat(), '2027-05-05'))[0]).toMatchObject({ status: 'offered', held_due: at('2027-05-05', '09:00').toISOString() });
  });

  it('holds offers as long as staff set, each change in the pricing audit; a bad value is refused in words', async () => {
    const put = (token: string, minutes: unknown) => send(server, 'PUT', '/admin/pricing/waitlist-hold', { token, body: { minutes } });
    expect(await put(admin, 30)).toEqual({ status: 200, body: { minutes: 30 } });
    expect((await put(admin, 1)).status).toBe(400);
    expect((await put(ann().token, 60)).status).toBe(403);
    const audit = (await send(server, 'GET', '/admin/pricing/audit', { token: admin })).body as Array<{ rule: string; from: string; to: string }>;
    expect(audit[0]).toMatchObject({ rule: 'waitlist_hold', from: '120 min', to: '30 min' });
    expect((await send(server, 'GET', '/admin/pricing', { token: admin })).body).toMatchObject({ waitlistHoldMinutes: 30 });
    clock.set('2027-03-20T09:00:00Z');
    const [dans] = await fullDay('2027-05-12');
    const draft = await placeOrder(server, ann().token, house);
    expect((await join(ann(), draft.id, '2027-05-12')).status).toBe(201);
    await server.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [dans!.id]);
    await jobs().offerFreedTimes();
    expect((await entries(ann(), '2027-05-12'))[0]).toMatchObject({ status: 'offered', held_until: '2027-03-20T09:30:00.000Z' });
    expect(await put(admin, 120)).toEqual({ status: 200, body: { minutes: 120 } });
  });
});

describe('offers in waking hours, at times that suit, reusing what was given (issue 36, decision 085)', () => {
  const given = { address: '10 Downing Street', city: 'London', code_postal: 'SW1A 2AA', phone: '020 7925 0918' };
  const cancel = async (orderId: number) =>
    expect((await send(server, 'PUT', `/admin/order/update/cancelled/${orderId}`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
  /** Signs the staff and `customers` in again at the clock (sessions last 12 hours). */
  const signedInAgain = async (...customers: TestCustomer[]) => {
    admin = await server.adminToken();
    for (const customer of customers) {
      customer.token = ((await send(server, 'POST', '/auth/login', { body: { username: customer.email, password: customer.password } })).body as { token: string }).token;
    }
  };
  const offerOf = async (customer: TestCustomer, date: string) =>
    (await send(server, 'GET', `/waitlist/offers/${await tokenIn(customer, date)}`, { token: customer.token })).body as WaitlistOffer;

  it('a time freed at night is offered at 08:00 and held in waking time; the mail says until when, and when offers are sent', async () => {
    clock.set('2027-03-22T22:30:00Z');
    await signedInAgain(ann(), dan(), eve());
    const [dans] = await fullDay('2027-05-19');
    const draft = await placeOrder(server, ann().token, house);
    expect((await send(server, 'POST', '/waitlist', { token: ann().token, body: { order: draft.id, date: '2027-05-19', contact: given } })).status).toBe(201);
    await cancel(dans!.id);
    await jobs().offerFreedTimes();
    expect((await entries(ann(), '2027-05-19'))[0]).toMatchObject({ status: 'waiting' });
    clock.set('2027-03-23T07:59:00Z');
    await jobs().offerFreedTimes();
    expect((await entries(ann(), '2027-05-19'))[0]).toMatchObject({ status: 'waiting' });
    clock.set('2027-03-23T08:00:00Z');
    await signedInAgain(ann());
    await jobs().offerFreedTimes();
    expect((await entries(ann(), '2027-05-19'))[0]).toMatchObject({ status: 'offered', held_until: '2027-03-23T10:00:00.000Z' });
    const mail = await offerMail(ann(), '2027-05-19');
    expect(mail.text).toContain('We hold it for you until 2027-03-23 10:00 (UK time).');
    expect(mail.text).toContain(WAKING_HOURS_TEXT);
    // The dialog reuses the address and phone given when joining (before those of Ann's latest booking).
    expect((await offerOf(ann(), '2027-05-19')).contact).toEqual(given);
  });

  it('made at 20:30 with a two-hour hold, an offer is held through the night until 09:30', async () => {
    clock.set('2027-03-23T20:30:00Z');
    await signedInAgain(cat(), dan(), eve());
    const [dans] = await fullDay('2027-05-26');
    const draft = await placeOrder(server, cat().token, house);
    expect((await join(cat(), draft.id, '2027-05-26')).status).toBe(201);
    await cancel(dans!.id);
    expect((await offerMail(cat(), '2027-05-26')).text).toContain('We hold it for you until 2027-03-24 09:30 (UK time).');
    expect((await entries(cat(), '2027-05-26'))[0]).toMatchObject({ status: 'offered', held_until: '2027-03-24T09:30:00.000Z' });
    clock.set('2027-03-24T09:29:00Z');
    await signedInAgain(cat());
    await jobs().offerFreedTimes();
    expect((await entries(cat(), '2027-05-26'))[0]).toMatchObject({ status: 'offered' });
    clock.set('2027-03-24T09:30:00Z');
    await jobs().offerFreedTimes();
    expect(await entries(cat(), '2027-05-26')).toEqual([]);
  });

  it('a freed time goes to the first waiting customer it suits, passing over one it does not', async () => {
    clock.set('2027-03-24T10:00:00Z');
    await signedInAgain(ann(), ben(), dan(), eve());
    const [dans] = await fullDay('2027-06-02');
    const [annsDraft, bensDraft] = [await placeOrder(server, ann().token, house), await placeOrder(server, ben().token, house)];
    const joinAt = (customer: TestCustomer, order: number, times: unknown) => send(server, 'POST', '/waitlist', { token: customer.token, body: { order, date: '2027-06-02', times } });
    expect((await joinAt(ann(), annsDraft.id, ['noon'])).status).toBe(400);
    expect(await joinAt(ann(), annsDraft.id, ['afternoon', 'evening'])).toMatchObject({ status: 201, body: { status: 'waiting', times: ['afternoon', 'evening'] } });
    expect((await joinAt(ben(), bensDraft.id, ['morning'])).status).toBe(201);
    // The office sees the times that suit each, first come first.
    expect(((await send(server, 'GET', '/admin/waitlist/2027-06-02', { token: admin })).body as WaitlistDayEntry[]).map((entry) => entry.times)).toEqual([['afternoon', 'evening'], ['morning']]);
    // 09:00 comes free: a morning, so it goes to Ben, who joined after Ann.
    await cancel(dans!.id);
    // Ben gave no address when joining: the dialog reuses his latest booking's.
    expect((await offerOf(ben(), '2027-06-02')).contact).toEqual({ address: details.address, city: details.city, code_postal: details.code_postal, phone: details.phone });
    expect((await entries(ben(), '2027-06-02'))[0]).toMatchObject({ status: 'offered', held_due: at('2027-06-02', '09:00').toISOString() });
    expect((await entries(ann(), '2027-06-02'))[0]).toMatchObject({ status: 'waiting' });
  });
});
