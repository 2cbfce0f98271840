import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest } from '../../openapi/schema';
import { eraseCustomer } from '../../server/services/personal-data';
import { catalogue, checkout, checkoutBody, createClock, inDaysAtTen, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Where the company works (issue 26 §4, decision 041): a quote or a checkout whose postcode's
 * district is not served is refused with "We don't cover M1 yet" (400, nothing stored); the visitor
 * can leave an address, mailed once when staff add the district, erased with the account.
 */
const clock = createClock(new Date().toISOString());
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Northern' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

const quote = (postcode: string) =>
  send(server, 'POST', '/quotes', { body: { service: house.serviceId, items: [{ id: house.items[0]!.id, quantity: 1 }], frequency: 'one_off', postcode } });

describe('a postcode outside the districts served', () => {
  it('is refused by a quote with its district named; a London one is priced', async () => {
    expect(await quote('M1 3HE')).toEqual({ status: 400, body: { message: "We don't cover M1 yet" } });
    expect(await quote('ls1 5hd')).toEqual({ status: 400, body: { message: "We don't cover LS1 yet" } });
    expect((await quote('SE22 8AB')).status).toBe(201);
  });

  it('is refused at checkout, and the order stays a draft', async () => {
    const order = await placeOrder(server, jane.token, house);
    const body: CheckoutRequest = { ...checkoutBody(order.id, inDaysAtTen(9)), city: 'Manchester', code_postal: 'M1 3HE' };
    const refused = await checkout(server, jane.token, body);
    expect(refused.response.status).toBe(400);
    expect(refused.error).toEqual({ message: "We don't cover M1 yet" });
    const [row] = await server.db.query<{ checked_out_at: Date | null }>('SELECT checked_out_at FROM orders WHERE id = $1', [order.id]);
    expect(row!.checked_out_at).toBeNull();
    expect((await checkout(server, jane.token, { ...body, city: 'London', code_postal: 'SE22 8AB' })).response.status).toBe(200);
  });
});

describe('the price and the area as the postcode is typed (issue 36 row 4)', () => {
  const priceAt = (token: string, orderId: number, postcode: string) =>
    send(server, 'GET', `/services/order/${orderId}/address-price?postcode=${encodeURIComponent(postcode)}`, { token });

  it('answers "We don\'t cover M1 yet", or the order\'s price at the address with the Congestion Charge its own line, as the checkout charges', async () => {
    const order = await placeOrder(server, jane.token, house);
    expect(await priceAt(jane.token, order.id, 'm1 3he')).toEqual({ status: 200, body: { postcode: 'M1 3HE', served: false, message: "We don't cover M1 yet", price: null } });
    const outside = await priceAt(jane.token, order.id, 'SE22 8AB');
    expect(outside.status).toBe(200);
    expect(outside.body).toMatchObject({ postcode: 'SE22 8AB', served: true, message: null, price: { previousTotal: order.total, total: order.total } });
    expect(outside.body.price.lines.some((line: { kind: string }) => line.kind === 'congestion')).toBe(false);
    const inside = await priceAt(jane.token, order.id, 'wc2n 5du');
    expect(inside.body.price).toMatchObject({ previousTotal: order.total, total: order.total + 11.5 });
    expect(inside.body.price.lines.at(-1)).toEqual({ kind: 'congestion', name: 'Congestion Charge', amount: 11.5 });
    // Nothing was stored: the order's price is as it was, and a checkout there at the figure shown goes ahead.
    expect((await priceAt(jane.token, order.id, 'SE22 8AB')).body.price.total).toBe(order.total);
    const body: CheckoutRequest = { ...checkoutBody(order.id, inDaysAtTen(10)), code_postal: 'WC2N 5DU', confirmed_total: inside.body.price.total };
    expect((await checkout(server, jane.token, body)).response.status).toBe(200);
  });

  it('is asked only of my own order, with a whole UK postcode', async () => {
    const order = await placeOrder(server, jane.token, house);
    const other = await server.createCustomer({ name: 'Omar Other' });
    expect(await priceAt(other.token, order.id, 'SE22 8AB')).toEqual({ status: 404, body: { message: 'Order not found' } });
    expect((await priceAt(jane.token, order.id, 'SE22')).status).toBe(400);
    expect((await send(server, 'GET', `/services/order/${order.id}/address-price?postcode=SE22%208AB`)).status).toBe(401);
  });
});

describe('the waiting list and the districts staff serve', () => {
  it('keeps an address per district, mails it once when the district is added, and then quotes there', async () => {
    const join = (email: string, postcode: string) => send(server, 'POST', '/service-area/waitlist', { body: { email, postcode } });
    expect(await join('Omar@Example.com', 'M1 3HE')).toEqual({ status: 201, body: { message: 'Thank you: we will email you once when we cover your area.' } });
    expect((await join('omar@example.com', 'M1 1AA')).status).toBe(201);
    expect((await join('ruth@example.com', 'M1 7ED')).status).toBe(201);
    expect((await join('kofi@example.com', 'LS1 5HD')).status).toBe(201);
    expect(await join('ruth@example.com', 'SE22 8AB')).toEqual({ status: 400, body: { message: 'We cover SE22: you can book now' } });
    expect((await join('not an email', 'M1 3HE')).status).toBe(400);

    const added = await send(server, 'PUT', '/admin/service-districts/m1', { token: admin });
    expect(added.status).toBe(200);
    expect(added.body).toContain('M1');
    // Removed and added again: nobody is told twice.
    await send(server, 'DELETE', '/admin/service-districts/M1', { token: admin });
    expect((await send(server, 'GET', '/admin/service-districts', { token: admin })).body).not.toContain('M1');
    await send(server, 'PUT', '/admin/service-districts/M1', { token: admin });
    const mails = (await server.outbox()).filter((mail) => mail.subject === 'Sparkle Cleaning now covers M1');
    expect(mails.map((mail) => mail.to).sort()).toEqual(['omar@example.com', 'ruth@example.com']);
    expect((await quote('M1 3HE')).status).toBe(201);

    const audit = (await send(server, 'GET', '/admin/pricing/audit', { token: admin })).body as Array<{ rule: string; subject: string; from: string; to: string }>;
    expect(audit.slice(0, 3).map(({ rule, subject, from, to }) => [rule, subject, from, to])).toEqual([
      ['service_district', 'M1', 'Not served', 'Served'],
      ['service_district', 'M1', 'Served', 'Not served'],
      ['service_district', 'M1', 'Not served', 'Served'],
    ]);
    expect((await send(server, 'PUT', '/admin/service-districts/M1', { token: jane.token })).status).toBe(403);
    expect((await send(server, 'PUT', '/admin/service-districts/nope!', { token: admin })).status).toBe(400);
  });

  it('erasing an account erases its address from the waiting list', async () => {
    const kofi = await server.createCustomer({ name: 'Kofi Leeds' });
    await send(server, 'POST', '/service-area/waitlist', { body: { email: kofi.email, postcode: 'LS2 7HY' } });
    const waiting = () => server.db.query('SELECT 1 FROM service_area_waitlist WHERE lower(email) = lower($1)', [kofi.email]);
    expect(await waiting()).toHaveLength(1);
    await eraseCustomer(server.db, undefined, kofi.id, clock.now());
    expect(await waiting()).toHaveLength(0);
  });
});
