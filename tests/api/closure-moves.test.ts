import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosureVisit } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { MOVE_LINK_USED } from '../../server/services/closure-moves';
import { bookedOrder, catalogue, createClock, myOrder, orderNameOf, send, type Catalogue } from './booking-fixtures';
import { waitForMail } from './support/mail-wait';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Closures that act (issue 26 item 5, decision 048) over real HTTP, on PGlite and on PostgreSQL
 * (DATABASE_URL): the close dialog's list of a day's visits; closing mails each customer a signed,
 * single-use link; with it the customer moves the visit free of charge even within 24 hours; a
 * spent, old, altered or someone else's link is refused with a message, and two uses at once move
 * the visit once.
 */
const clock = createClock('2027-03-20T09:00:00Z');
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let omar: TestCustomer;
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, teams: 3 });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Closure' });
  omar = await server.createCustomer({ name: 'Omar Closure' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

/** Moves the server's clock, signing everyone in again (a bearer token lasts 12 hours). */
async function setClock(to: string | Date) {
  clock.set(to);
  admin = await server.adminToken();
  jane.token = await server.login(jane.email, jane.password);
  omar.token = await server.login(omar.email, omar.password);
}
const asAdmin = (method: string, path: string, body?: unknown) => send(server, method, path, { token: admin, body });
const at = (date: string, time: string) => londonLocalToInstant(date, time);
const moveMail = async (customer: TestCustomer, orderId: number) => {
  const name = await orderNameOf(server, customer.token, orderId);
  return waitForMail(server.config.outboxDir, customer.email, { where: (mail) => mail.subject === `Please choose a new time: ${name}` });
};
const tokenIn = async (customer: TestCustomer, orderId: number) => {
  const link = new URL((await moveMail(customer, orderId)).links.find((href) => href.includes('move='))!);
  expect(link.pathname).toBe('/profile-services');
  return link.searchParams.get('move')!;
};
const reschedule = (customer: TestCustomer, orderId: number, body: Record<string, unknown>) =>
  send(server, 'POST', `/services/order/${orderId}/reschedule`, { token: customer.token, body });

describe('closing a day with visits booked', () => {
  it('lists the visits first, then sets them aside and mails each customer a link that moves the visit free, once', async () => {
    await setClock('2027-03-20T09:00:00Z');
    const janes = await bookedOrder(server, jane.token, house, { due: at('2027-04-06', '09:00') });
    const omars = await bookedOrder(server, omar.token, house, { due: at('2027-04-06', '14:30') });

    const listed = await asAdmin('GET', '/admin/closures/2027-04-06/visits');
    expect(listed.status).toBe(200);
    const teamName = async (orderId: number) =>
      (await server.db.query<{ name: string }>('SELECT t.name FROM orders o JOIN teams t ON t.id = o.team_id WHERE o.id = $1', [orderId]))[0]!.name;
    expect(listed.body as ClosureVisit[]).toEqual([
      { order_id: janes.id, due: at('2027-04-06', '09:00').toISOString(), customer: 'Jane Closure', service: house.serviceName, team: await teamName(janes.id), total: janes.total },
      { order_id: omars.id, due: at('2027-04-06', '14:30').toISOString(), customer: 'Omar Closure', service: house.serviceName, team: await teamName(omars.id), total: omars.total },
    ]);
    // Listing changes nothing: nobody is mailed, the day stays open.
    expect((await asAdmin('GET', '/admin/closures')).body).not.toContainEqual(expect.objectContaining({ date: '2027-04-06' }));

    const closed = await asAdmin('POST', '/admin/closures', { date: '2027-04-06', reason: 'Staff training' });
    expect(closed).toEqual({ status: 201, body: { date: '2027-04-06', reason: 'Staff training', jobs: 2, visits: listed.body } });
    const mail = await moveMail(jane, janes.id);
    expect(mail.text).toContain('we are closed on 2027-04-06 (Staff training), so your booking of');
    expect(mail.text).toContain(`(${await orderNameOf(server, jane.token, janes.id)}) on 2027-04-06 09:00 (UK time) cannot go ahead then.`);
    const token = await tokenIn(jane, janes.id);

    // Within 24 hours of the visit a customer's own move costs 30%; the company's move is free.
    await setClock(at('2027-04-06', '08:00'));
    expect((await myOrder(server, jane.token, janes.id)).reschedule.fee).toBeGreaterThan(0);
    const moved = await reschedule(jane, janes.id, { due_date: '2027-04-08', due_time: '10:00', fee: 0, move: token });
    expect(moved).toMatchObject({ status: 200, body: { fee: 0, due: at('2027-04-08', '10:00').toISOString() } });
    expect((await myOrder(server, jane.token, janes.id)).total).toBe(janes.total);
    // Spent: the same link again is refused, and nothing moves.
    expect(await reschedule(jane, janes.id, { due_date: '2027-04-09', due_time: '10:00', fee: 0, move: token })).toEqual({ status: 409, body: { message: MOVE_LINK_USED } });
    // The day counts one visit still to move.
    expect((await asAdmin('GET', '/admin/closures')).body).toContainEqual({ date: '2027-04-06', reason: 'Staff training', jobs: 1 });
  });

  it('refuses an altered link, another order\'s link and someone else\'s, with a message and no change', async () => {
    await setClock('2027-03-20T09:00:00Z');
    const janes = await bookedOrder(server, jane.token, house, { due: at('2027-04-13', '10:00') });
    const omars = await bookedOrder(server, omar.token, house, { due: at('2027-04-13', '12:00') });
    expect((await asAdmin('POST', '/admin/closures', { date: '2027-04-13' })).status).toBe(201);
    const janesToken = await tokenIn(jane, janes.id);
    const omarsToken = await tokenIn(omar, omars.id);
    const body = { due_date: '2027-04-15', due_time: '10:00', fee: 0 };
    const altered = `${janesToken.slice(0, -2)}${janesToken.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await reschedule(jane, janes.id, { ...body, move: altered })).toEqual({ status: 409, body: { message: MOVE_LINK_USED } });
    expect(await reschedule(jane, janes.id, { ...body, move: omarsToken })).toEqual({ status: 409, body: { message: MOVE_LINK_USED } });
    expect(await reschedule(jane, omars.id, { ...body, move: omarsToken })).toEqual({ status: 404, body: { message: 'Order not found' } });
    expect((await reschedule(jane, janes.id, { ...body, move: '' })).status).toBe(400);
    // None of those spent Omar's or Jane's link.
    expect((await reschedule(omar, omars.id, { ...body, move: omarsToken })).status).toBe(200);
    expect((await reschedule(jane, janes.id, { ...body, due_time: '14:00', move: janesToken })).status).toBe(200);
  });

  it('closing the day again after reopening it mails a new link, and only the newest works', async () => {
    await setClock('2027-03-20T09:00:00Z');
    const order = await bookedOrder(server, jane.token, house, { due: at('2027-04-20', '11:00') });
    expect((await asAdmin('POST', '/admin/closures', { date: '2027-04-20' })).status).toBe(201);
    const first = await tokenIn(jane, order.id);
    expect((await asAdmin('DELETE', '/admin/closures/2027-04-20')).status).toBe(200);
    expect((await asAdmin('POST', '/admin/closures', { date: '2027-04-20', reason: 'Flood' })).status).toBe(201);
    const second = await waitForMail(server.config.outboxDir, jane.email, { where: (mail) => mail.text.includes('(Flood)') });
    const newest = new URL(second.links.find((href) => href.includes('move='))!).searchParams.get('move')!;
    expect(newest).not.toBe(first);
    const body = { due_date: '2027-04-22', due_time: '11:00', fee: 0 };
    expect(await reschedule(jane, order.id, { ...body, move: first })).toEqual({ status: 409, body: { message: MOVE_LINK_USED } });
    expect((await reschedule(jane, order.id, { ...body, move: newest })).status).toBe(200);
  });

  it('two uses of one link at once move the visit once', async () => {
    await setClock('2027-03-20T09:00:00Z');
    const order = await bookedOrder(server, jane.token, house, { due: at('2027-04-27', '09:00') });
    expect((await asAdmin('POST', '/admin/closures', { date: '2027-04-27' })).status).toBe(201);
    const token = await tokenIn(jane, order.id);
    await setClock(at('2027-04-27', '07:00'));
    const answers = await Promise.all(
      ['09:00', '11:00', '13:00', '15:00'].map((time) => reschedule(jane, order.id, { due_date: '2027-04-29', due_time: time, fee: 0, move: token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body).toEqual({ message: MOVE_LINK_USED });
    const [row] = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE order_id = $1 AND action = 'order.reschedule'", [order.id]);
    expect(row!.n).toBe(1);
  });
});
