/**
 * Issue 6, goal 4: concurrent order creations are written together, in one statement per batch
 * (server/lib/coalesce.ts, server/repositories/orders-create-many.ts), and the users of concurrent
 * signed-in calls are read together. What a caller sees must not change: each request gets its own
 * answer, a refused order writes nothing and does not disturb the others, a token stops working
 * when its session ends or it expires, even one the server has seen before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../openapi/schema';
import { createOrder } from '../../server/services/orders';
import { catalogue, createClock, HOUR, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';


const clock = createClock('2026-11-20T09:00:00Z');
let server: TestServer;
let customers: TestCustomer[];
let house: Catalogue;
let other: Catalogue;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  customers = await Promise.all([1, 2, 3].map((n) => server.createCustomer({ name: `Grouped Writer ${n}` })));
  house = await catalogue(server, customers[0]!.token, 0);
  other = await catalogue(server, customers[0]!.token, 1);
});
afterAll(async () => server?.close());

const orderOf = (of: Catalogue, quantities: [number, number]) => ({
  service: of.serviceId,
  items: [{ id: of.items[0]!.id, quantity: quantities[0] }, { id: of.items[1]!.id, quantity: quantities[1] }],
});

/** A customer's orders as stored (new ones are drafts, which My orders does not list until checkout). */
async function myOrders(customer: { id: number }): Promise<Array<{ id: number; total: number }>> {
  return server.db.query<{ id: number; total: number }>('SELECT id, total FROM orders WHERE user_id = $1', [customer.id]);
}

describe('order creations arriving together', () => {
  it('answers each of 30 simultaneous orders on its own, refused ones included, and writes only the accepted ones', async () => {
    const before = await Promise.all(customers.map((customer) => myOrders(customer)));
    const asked = Array.from({ length: 30 }, (_, n) => {
      const customer = customers[n % 3]!;
      const quantities: [number, number] = [1 + (n % 4), 1 + (n % 3)];
      if (n % 10 === 3) return { customer, body: { ...orderOf(house, quantities), items: [{ id: house.items[0]!.id, quantity: 1 }, { id: 2_000_000_000, quantity: 1 }] }, expect: 404, message: 'Item 2000000000 not found' };
      if (n % 10 === 6) return { customer, body: { service: house.serviceId, items: [{ id: other.items[0]!.id, quantity: 1 }] }, expect: 400, message: `Item ${other.items[0]!.id} is not part of ${house.serviceName}` };
      if (n % 10 === 9) return { customer, body: { ...orderOf(house, quantities), service: 2_000_000_000 }, expect: 404, message: 'Service not found' };
      const of = n % 2 === 0 ? house : other;
      const total = of.items[0]!.price * quantities[0] + of.items[1]!.price * quantities[1];
      return { customer, body: orderOf(of, quantities), expect: 201, of, total, quantities };
    });

    const answers = await Promise.all(asked.map((ask) => send(server, 'POST', '/services/order/new', { token: ask.customer.token, body: ask.body })));

    const created: number[] = [];
    answers.forEach((answer, n) => {
      const ask = asked[n]!;
      expect(answer.status, `order #${n}`).toBe(ask.expect);
      if (ask.expect !== 201) {
        expect((answer.body as { message: string }).message).toBe(ask.message);
        return;
      }
      const summary = answer.body as OrderSummary;
      expect(summary.name).toBe(ask.of!.serviceName);
      expect(summary.total).toBeCloseTo(ask.total!, 2);
      expect(summary.items).toEqual([
        { name: ask.of!.items[0]!.name, quantity: ask.quantities![0] },
        { name: ask.of!.items[1]!.name, quantity: ask.quantities![1] },
      ]);
      created.push(summary.id);
    });
    expect(new Set(created).size, 'every accepted order has its own id').toBe(created.length);

    // Each customer sees exactly their own new orders, with the totals they were answered.
    for (const [index, customer] of customers.entries()) {
      const mine = asked.map((ask, n) => ({ ask, answer: answers[n]! })).filter(({ ask }) => ask.customer === customer && ask.expect === 201);
      const now = await myOrders(customer);
      expect(now.length).toBe(before[index]!.length + mine.length);
      for (const { answer } of mine) {
        const summary = answer.body as OrderSummary;
        const listed = now.find((order) => order.id === summary.id);
        // Kept in pence (077), answered in pounds.
        expect(listed?.total).toBe(Math.round(summary.total * 100));
      }
    }
    const rows = await server.db.query<{ id: number; lines: number }>(
      'SELECT o.id, (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) AS lines FROM orders o WHERE o.id = ANY($1::integer[])',
      [created],
    );
    expect(rows.map((row) => row.lines)).toEqual(created.map(() => 2));
  });

  it('gives the database error only to the order that causes it when it shares a batch with others', async () => {
    const user = { id: customers[0]!.id, name: customers[0]!.name, email: customers[0]!.email, roles: ['ROLE_USER'] };
    const now = clock.now();
    // Called below the HTTP layer, where nothing refused a quantity of 101 yet: the table's CHECK does.
    const results = await Promise.allSettled([
      createOrder(server.db, user, orderOf(house, [1, 1]), now),
      createOrder(server.db, user, orderOf(house, [101, 1]), now),
      createOrder(server.db, user, orderOf(other, [2, 2]), now),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : []));
    const stored = await server.db.query<{ id: number }>('SELECT id FROM orders WHERE id = ANY($1::integer[])', [ids]);
    expect(stored).toHaveLength(2);
  });
});

describe('signed-in calls arriving together', () => {
  it('refuses every call of a session that ended, and only those', async () => {
    const [leaving, staying] = [await server.createCustomer({ name: 'Leaving Soon' }), customers[1]!];
    expect((await send(server, 'GET', '/services/order/get', { token: leaving.token })).status).toBe(200);
    expect((await send(server, 'POST', '/auth/logout', { token: leaving.token })).status).toBeLessThan(300);
    // 16 calls: the staying customer's 8 stay within one account's list-read queue (1 running, 8
    // waiting; docs/decisions/025-list-limits.md), so every refusal here is the ended session's.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, n) => send(server, 'GET', '/services/order/get', { token: n % 2 === 0 ? leaving.token : staying.token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map((_, n) => (n % 2 === 0 ? 401 : 200)));
  });

  it('refuses a token the server has already accepted once it has expired', async () => {
    const customer = await server.createCustomer({ name: 'Expiring Soon' });
    expect((await send(server, 'GET', '/services/order/get', { token: customer.token })).status).toBe(200);
    clock.advance(12 * HOUR + 1000);
    try {
      const answer = await send(server, 'GET', '/services/order/get', { token: customer.token });
      expect(answer.status).toBe(401);
      expect((answer.body as { message: string }).message).toBe('Your session has expired, please log in again');
    } finally {
      clock.advance(-(12 * HOUR + 1000));
    }
  });
});
