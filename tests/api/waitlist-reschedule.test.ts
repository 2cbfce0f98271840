import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitlistEntry, WaitlistOffer } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { SLOT_TAKEN_MESSAGE } from '../../domain/capacity/availability-text';
import {
  offerFreedTimes, ALREADY_ON_THAT_DAY_MESSAGE, ALREADY_WAITING_MESSAGE, DAY_NOT_FULL_MESSAGE, MOVE_BY_RESCHEDULE_MESSAGE, OFFER_USED_MESSAGE,
} from '../../server/services/waitlist';
import { mailOutbox } from '../../server/queue';
import { bookedOrder, checkout, checkoutBody, createClock, myOrder, placeOrder, send, type Catalogue } from './booking-fixtures';
import { waitForMail } from './support/mail-wait';
import { startShop } from './support/start-shop';
import type { TestCustomer, TestServer } from './support/test-server';

/**
 * A waiting list joined from the reschedule dialog (decisions 062 and 067) over real HTTP, on PGlite
 * and on PostgreSQL (DATABASE_URL): a booked visit waits for a full day; the freed time is held for
 * it and mailed with a link that opens the reschedule dialog (`?held=`); the reschedule, its terms
 * and fee, moves the same order there (no new order), and nobody else can take the held time. Two
 * teams, and Wednesdays open 09:00–11:00, so two 90-minute jobs fill a day. The test's clock drives
 * expiry, never a sleep.
 */
const clock = createClock('2027-03-20T09:00:00Z');
let server: TestServer;
let admin: string;
let house: Catalogue;
const people: TestCustomer[] = [];

beforeAll(async () => {
  const shop = await startShop(clock, { teams: 2, customers: ['Ann Moving', 'Ben Moving', 'Dan Booking', 'Eve Booking', 'Fay Booking'] });
  ({ server, admin, house } = shop);
  people.push(...shop.people);
  expect((await send(server, 'PUT', '/admin/pricing/opening-hours/3', { token: admin, body: { open: true, opens: '09:00', closes: '11:00' } })).status).toBe(200);
});
afterAll(async () => server?.close());

const person = (index: number) => () => people[index]!;
const [ann, ben, dan, eve, fay] = [person(0), person(1), person(2), person(3), person(4)];
const at = (date: string, time: string) => londonLocalToInstant(date, time);
const offerRun = () => offerFreedTimes({ db: server.db, outbox: mailOutbox(server.app.jobs, { publicUrl: server.config.publicUrl, vatNumber: server.config.vatNumber }) }, clock.now());
const join = (customer: TestCustomer, order: number, date: string) => send(server, 'POST', '/waitlist', { token: customer.token, body: { order, date } });
const entries = async (customer: TestCustomer, date: string) =>
  ((await send(server, 'GET', '/waitlist', { token: customer.token })).body as WaitlistEntry[]).filter((entry) => entry.date === date);
const reschedule = (customer: TestCustomer, order: number, date: string, time: string, fee = 0) =>
  send(server, 'POST', `/services/order/${order}/reschedule`, { token: customer.token, body: { due_date: date, due_time: time, fee } });
/** The offer mail's link for a booked visit: My orders with `held=<token>`, never the checkout's `offer=`. */
async function heldLink(customer: TestCustomer, date: string) {
  const mail = await waitForMail(server.config.outboxDir, customer.email, { where: (sent) => sent.subject.startsWith(`A time is free on ${date}`) });
  expect(mail.text).toContain('Move your booking to it here (the reschedule terms apply)');
  const link = new URL(mail.links.find((href) => href.includes('held='))!);
  expect(link.pathname).toBe('/profile-services');
  return link.searchParams.get('held')!;
}
const ordersOf = async (customer: TestCustomer) =>
  (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [customer.email]))[0]!.n;

/** Fills `date` with two 09:00 jobs (one per team); answers them. */
async function fullDay(date: string) {
  return [await bookedOrder(server, dan().token, house, { due: at(date, '09:00') }), await bookedOrder(server, eve().token, house, { due: at(date, '09:00') })];
}

describe('a booked visit on a full day\'s waiting list', () => {
  it('joins only a full day, not its own, once, and not once the visit can no longer move', async () => {
    const visit = await bookedOrder(server, ann().token, house, { due: at('2027-04-06', '10:00') });
    expect(await join(ann(), visit.id, '2027-04-07')).toEqual({ status: 400, body: { message: DAY_NOT_FULL_MESSAGE } });
    await fullDay('2027-04-07');
    expect(await join(ann(), visit.id, '2027-04-06')).toEqual({ status: 400, body: { message: ALREADY_ON_THAT_DAY_MESSAGE } });
    const joined = await join(ann(), visit.id, '2027-04-07');
    expect(joined).toEqual({ status: 201, body: { id: expect.any(Number), order_id: visit.id, date: '2027-04-07', service: house.serviceName, status: 'waiting', held_due: null, held_until: null, times: [] } });
    expect(await join(ann(), visit.id, '2027-04-07')).toEqual({ status: 409, body: { message: ALREADY_WAITING_MESSAGE } });
    expect((await join(ben(), visit.id, '2027-04-07')).status).toBe(404);
    // Cancelled, it cannot move (the reschedule's own words), and its entry ends.
    expect((await send(server, 'PUT', `/admin/order/update/cancelled/${visit.id}`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
    expect((await join(ann(), visit.id, '2027-04-14')).status).toBe(409);
    await offerRun();
    expect(await entries(ann(), '2027-04-07')).toEqual([]);
  });
});

describe('a freed time for a booked visit', () => {
  it('is held for it alone, mailed with the reschedule link, and the reschedule moves the same order there', async () => {
    const annsVisit = await bookedOrder(server, ann().token, house, { due: at('2027-04-13', '10:00') });
    const bensVisit = await bookedOrder(server, ben().token, house, { due: at('2027-04-13', '10:00') });
    const [, eves] = await fullDay('2027-04-14');
    expect((await join(ann(), annsVisit.id, '2027-04-14')).status).toBe(201);
    expect((await join(ben(), bensVisit.id, '2027-04-14')).status).toBe(201);
    const annsOrders = await ordersOf(ann());

    // Staff cancel Eve's visit: the time goes to Ann, who joined first.
    expect((await send(server, 'PUT', `/admin/order/update/cancelled/${eves!.id}`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
    const token = await heldLink(ann(), '2027-04-14');
    expect((await send(server, 'GET', `/waitlist/offers/${token}`, { token: ann().token })).body).toMatchObject({
      order_id: annsVisit.id, date: '2027-04-14', time: '09:00', held_until: '2027-03-20T11:00:00.000Z',
    } satisfies Partial<WaitlistOffer>);
    // Held: neither Ben's reschedule nor Fay's checkout can take it.
    expect(await reschedule(ben(), bensVisit.id, '2027-04-14', '09:00')).toEqual({ status: 409, body: { message: SLOT_TAKEN_MESSAGE } });
    const faysDraft = await placeOrder(server, fay().token, house);
    expect((await checkout(server, fay().token, checkoutBody(faysDraft.id, at('2027-04-14', '09:00')))).response.status).toBe(409);
    // The offer of a booked visit is not a checkout.
    expect(await send(server, 'POST', `/waitlist/offers/${token}/checkout`, { token: ann().token, body: {
      address: '1 High Street', city: 'London', code_postal: 'NW1 6XE', phone: '020 7946 0000', client_note: '', payment: 'cash',
    } })).toEqual({ status: 409, body: { message: MOVE_BY_RESCHEDULE_MESSAGE } });

    const moves = await Promise.all([reschedule(ann(), annsVisit.id, '2027-04-14', '09:00'), reschedule(ann(), annsVisit.id, '2027-04-14', '09:00')]);
    expect(moves.map((move) => move.status).sort()).toEqual([200, 400]);
    const moved = await myOrder(server, ann().token, annsVisit.id);
    expect(moved.due).toBe(at('2027-04-14', '09:00').toISOString());
    expect(moved.total).toBe(annsVisit.total);
    expect(await ordersOf(ann())).toBe(annsOrders);
    expect(await entries(ann(), '2027-04-14')).toEqual([]);
    expect(await send(server, 'GET', `/waitlist/offers/${token}`, { token: ann().token })).toEqual({ status: 409, body: { message: OFFER_USED_MESSAGE } });
    // Nothing else is free, so Ben still waits.
    expect((await entries(ben(), '2027-04-14'))[0]).toMatchObject({ status: 'waiting' });
  });

  it('passes to the next waiting visit when its hold ends unanswered', async () => {
    clock.set('2027-03-20T09:00:00Z');
    const annsVisit = await bookedOrder(server, ann().token, house, { due: at('2027-04-27', '10:00') });
    const bensVisit = await bookedOrder(server, ben().token, house, { due: at('2027-04-27', '10:00') });
    const [dans] = await fullDay('2027-04-28');
    expect((await join(ann(), annsVisit.id, '2027-04-28')).status).toBe(201);
    expect((await join(ben(), bensVisit.id, '2027-04-28')).status).toBe(201);
    await server.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [dans!.id]);
    await offerRun();
    await heldLink(ann(), '2027-04-28');
    clock.set('2027-03-20T11:00:00Z');
    await Promise.all([offerRun(), offerRun()]);
    await heldLink(ben(), '2027-04-28');
    expect((await entries(ben(), '2027-04-28'))[0]).toMatchObject({ status: 'offered', held_due: at('2027-04-28', '09:00').toISOString(), held_until: '2027-03-20T13:00:00.000Z' });
    expect(await entries(ann(), '2027-04-28')).toEqual([]);
    // Now Ben's: Ann's reschedule is refused, Ben's moves his visit.
    expect(await reschedule(ann(), annsVisit.id, '2027-04-28', '09:00')).toEqual({ status: 409, body: { message: SLOT_TAKEN_MESSAGE } });
    expect((await reschedule(ben(), bensVisit.id, '2027-04-28', '09:00')).status).toBe(200);
    expect((await myOrder(server, ben().token, bensVisit.id)).due).toBe(at('2027-04-28', '09:00').toISOString());
  });

  it('moved within 24 hours of the visit, costs the reschedule\'s late fee, a line of the ledger', async () => {
    clock.set('2027-03-20T09:00:00Z');
    const annsVisit = await bookedOrder(server, ann().token, house, { due: at('2027-03-23', '10:00') });
    const [eves] = await fullDay('2027-05-05');
    // The visit brought to within 24 hours of the clock (sign-ins last 12 hours: the clock stays).
    await server.db.query(`UPDATE orders SET due_at = $2 WHERE id = $1`, [annsVisit.id, new Date('2027-03-21T05:00:00Z')]);
    expect((await join(ann(), annsVisit.id, '2027-05-05')).status).toBe(201);
    await server.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [eves!.id]);
    await offerRun();
    await heldLink(ann(), '2027-05-05');
    const { fee } = (await myOrder(server, ann().token, annsVisit.id)).reschedule;
    expect(fee).toBeGreaterThan(0);
    expect((await reschedule(ann(), annsVisit.id, '2027-05-05', '09:00')).status).toBe(409);
    expect(await reschedule(ann(), annsVisit.id, '2027-05-05', '09:00', fee)).toMatchObject({ status: 200, body: { fee } });
    const [line] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_ledger WHERE order_id = $1 AND kind = 'fee'`, [annsVisit.id]);
    expect(line!.n).toBe(1);
    expect(await entries(ann(), '2027-05-05')).toEqual([]);
  });
});
