import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../server/services/purge';
import { DRAFT_LIFETIME_MS, purgeExpiredDrafts } from '../../server/services/drafts';
import { catalogue, checkout, checkoutBody, createClock, HOUR, placeOrder, send, stats, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

// A booking is a draft from Next until its checkout (docs/decisions/007-booking-drafts.md).
const clock = createClock('2030-05-06T09:00:00.000Z');
let server: TestServer;
let jane: TestCustomer;
let admin: string;
let house: Catalogue;

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR);
const myOrderIds = async (token: string) =>
  (await server.api.GET('/services/order/get', { headers: server.bearer(token) })).data?.map((order) => order.id) ?? [];
const adminOrderIds = async () =>
  (await server.api.GET('/admin/orders/', { headers: server.bearer(admin) })).data?.map((order) => order.id) ?? [];
const orderExists = async (id: number) =>
  (await server.db.query('SELECT 1 FROM orders WHERE id = $1', [id])).length === 1;

async function signInAgain() {
  jane.token = await server.login(jane.email, jane.password);
  admin = await server.adminToken();
}

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  jane = await server.createCustomer({ name: 'Jane Draft' });
  admin = await server.adminToken();
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

describe('a booking is a draft until checkout', () => {
  it('is seen by nobody: not in My orders, the admin list, its detail, its status control, nor the counters', async () => {
    const before = await stats(server, admin);
    const draft = await placeOrder(server, jane.token, house);
    expect(await myOrderIds(jane.token)).not.toContain(draft.id);
    expect(await adminOrderIds()).not.toContain(draft.id);
    expect(await send(server, 'GET', `/admin/order/${draft.id}`, { token: admin })).toEqual({ status: 404, body: { message: 'Order not found' } });
    expect(await send(server, 'PUT', `/admin/order/update/completed/${draft.id}`, { token: admin, body: { status: 'completed' } })).toEqual({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect(await stats(server, admin)).toEqual(before);

    expect((await checkout(server, jane.token, checkoutBody(draft.id, inHours(48)))).response.status).toBe(200);
    expect(await myOrderIds(jane.token)).toContain(draft.id);
    expect(await adminOrderIds()).toContain(draft.id);
    expect((await stats(server, admin)).inqueue).toBe(before.inqueue + 1);
  });

  it('belongs to its maker: another customer cannot check it out', async () => {
    const tom = await server.createCustomer({ name: 'Tom Draft' });
    const draft = await placeOrder(server, jane.token, house);
    expect(await send(server, 'POST', '/services/order/checkout', { token: tom.token, body: checkoutBody(draft.id, inHours(48)) })).toEqual({
      status: 404,
      body: { message: 'Order not found' },
    });
  });

  it('expires 24 hours after Next: its checkout is refused with a clear message', async () => {
    const draft = await placeOrder(server, jane.token, house);
    try {
      clock.advance(DRAFT_LIFETIME_MS - 60_000);
      await signInAgain();
      const stillOk = await placeOrder(server, jane.token, house);
      clock.advance(60_000);
      await signInAgain();
      expect(await send(server, 'POST', '/services/order/checkout', { token: jane.token, body: checkoutBody(draft.id, inHours(48)) })).toEqual({
        status: 404,
        body: { message: 'This booking has expired: please choose your items again' },
      });
      expect((await checkout(server, jane.token, checkoutBody(stillOk.id, inHours(48)))).response.status).toBe(200);
    } finally {
      clock.set('2030-05-06T09:00:00.000Z');
      await signInAgain();
    }
  });

  it('is deleted by the purge once expired, with its items; fresh drafts and bookings stay', async () => {
    clock.set('2030-06-01T09:00:00.000Z');
    await signInAgain();
    const old = await placeOrder(server, jane.token, house);
    const booked = await placeOrder(server, jane.token, house);
    expect((await checkout(server, jane.token, checkoutBody(booked.id, inHours(48)))).response.status).toBe(200);
    clock.advance(DRAFT_LIFETIME_MS);
    await signInAgain();
    const fresh = await placeOrder(server, jane.token, house);

    await purgeExpiredDrafts(server.db, clock.now());
    expect(await orderExists(old.id)).toBe(false);
    expect((await server.db.query('SELECT 1 FROM order_items WHERE order_id = $1', [old.id])).length).toBe(0);
    expect(await orderExists(fresh.id)).toBe(true);
    expect(await orderExists(booked.id)).toBe(true);
  });

  it('is purged by the scheduled purge job (issue 13: no purge on the request path)', async () => {
    clock.set('2030-07-01T09:00:00.000Z');
    await signInAgain();
    const old = await placeOrder(server, jane.token, house);
    clock.advance(DRAFT_LIFETIME_MS + 2 * 60_000);
    await signInAgain();
    const fresh = await placeOrder(server, jane.token, house);
    // Creating an order no longer purges: the draft waits for the job.
    expect(await orderExists(old.id)).toBe(true);
    const deleted = await purgeExpired(server.db, clock.now());
    expect(deleted.drafts).toBeGreaterThanOrEqual(1);
    expect(await orderExists(old.id)).toBe(false);
    expect(await orderExists(fresh.id)).toBe(true);
  });
});
