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
