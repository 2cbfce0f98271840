import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../openapi/schema';
import { bookedOrder, catalogue, checkout, checkoutBody, createClock, HOUR, pence, placeOrder, startedOrder, stats, type Catalogue } from './booking-fixtures';
import { startTestServer, TEST_ADMIN, type TestCustomer, type TestServer } from './support/test-server';
import { addDays } from '../../domain/time/london-days';
import { londonDate } from '../../domain/time/london-time';

type Status = OrderStatus;

// A Wednesday, years after the seeded demo orders: the weekly chart holds only this file's orders.
const WEDNESDAY = '2030-03-13T10:00:00.000Z';
const clock = createClock(WEDNESDAY);
let server: TestServer;
let jane: TestCustomer;
let house: Catalogue;

async function signIn() {
  jane.token = await server.login(jane.email, jane.password);
  return server.adminToken();
}

async function setStatus(admin: string, id: number, status: Status) {
  const { response } = await server.api.PUT('/admin/order/update/{status}/{id}', {
    params: { path: { status, id } },
    body: { status },
    headers: server.bearer(admin),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  jane = await server.createCustomer({ name: 'Jane Stats' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

/** The gross column of the accounts export (VAT invoices less credit notes) of UK dates from–to (all when absent), in pence. */
async function accountsGross(from?: string, to?: string): Promise<number> {
  const query = from && to ? `?from=${from}&to=${to}` : '';
  const response = await fetch(`${server.baseUrl}/api/admin/accounts/csv${query}`, { headers: server.bearer(await server.adminToken()) });
  expect(response.status).toBe(200);
  const rows = (await response.text()).trim().split('\r\n').slice(1).filter(Boolean).map((line) => line.split(','));
  return rows.reduce((sum, cells) => sum + pence(Number(cells.at(-1))), 0);
}

/** The owner's report's gross revenue of UK dates from–to, in pence. */
async function reportGross(from: string, to: string): Promise<number> {
  const { data } = await server.api.GET('/admin/reports/business', { params: { query: { from, to } }, headers: server.bearer(await server.adminToken()) });
  return pence(data!.totals.gross);
}

describe('GET /admin/counter (getStats)', () => {
  it('matches the orders, refunds and users the back office lists', async () => {
    const admin = await signIn();
    const auth = { headers: server.bearer(admin) };
    const [{ data: orders }, { data: refunds }, { data: users }] = [
      await server.api.GET('/admin/orders/', auth),
      await server.api.GET('/admin/refunds/', auth),
      await server.api.GET('/admin/users', auth),
    ];
    const count = (...statuses: Status[]) => orders!.filter((order) => statuses.includes(order.status)).length;
    // Revenue is the VAT invoices less the credit notes, the accounts export's gross column (decision 072).
    const revenue = await accountsGross();
    // What each accepted refund gave back, as its row says (the order's total is credited by then: decision 036).
    const refunded = refunds!.filter((refund) => refund.status === 'accepted').reduce((sum, refund) => sum + pence(refund.refunded ?? 0), 0);

    const current = await stats(server, admin);
    expect(current).toEqual({
      revenue: revenue / 100,
      refunded: refunded / 100,
      // The seeded administrator is the only one, and is not a customer.
      users: users!.filter((user) => user.email !== TEST_ADMIN.email).length,
      completed: count('completed'),
      inqueue: count('awaiting_validation', 'payment_validated'),
      cancelled: count('cancelled'),
    });
    // The seeded demo data makes the dashboard non-empty: its paid orders have their invoices.
    expect(current.revenue).toBeGreaterThan(0);
    expect(current.refunded).toBeGreaterThan(0);
  });

  it('moves with the orders: queued, completed (a cash job invoiced then: revenue, in the report and the export too), cancelled (a status gives nothing back), new customers', async () => {
    const admin = await signIn();
    const start = await stats(server, admin);
    await server.createCustomer({ name: 'Tom Counted' });
    const order = await placeOrder(server, jane.token, house);
    // Created but not checked out: a draft, which no counter sees.
    expect((await stats(server, admin)).inqueue).toBe(start.inqueue);
    const twoDaysOn = new Date(clock.now().getTime() + 48 * HOUR);
    expect((await checkout(server, jane.token, checkoutBody(order.id, twoDaysOn))).response.status).toBe(200);
    // The job has since started: only then may it be completed.
    await server.db.query('UPDATE orders SET due_at = $2 WHERE id = $1', [order.id, new Date(clock.now().getTime() - HOUR)]);
    const queued = await stats(server, admin);
    expect([queued.users - start.users, queued.inqueue - start.inqueue, queued.revenue]).toEqual([1, 1, start.revenue]);

    const today = londonDate(clock.now());
    const reportBefore = await reportGross(today, today);
    await setStatus(admin, order.id, 'completed');
    const completed = await stats(server, admin);
    expect(completed.completed - start.completed).toBe(1);
    expect(completed.inqueue).toBe(start.inqueue);
    // Issue 33 row 3: a cash job completed is paid on the day and invoiced at once, without anyone
    // opening its receipt, so the dashboard, the owner's report and the accounts export all count it.
    expect(pence(completed.revenue) - pence(start.revenue)).toBe(pence(order.total));
    expect((await reportGross(today, today)) - reportBefore).toBe(pence(order.total));
    expect(await accountsGross()).toBe(pence(completed.revenue));

    await setStatus(admin, order.id, 'cancelled');
    const cancelled = await stats(server, admin);
    expect(cancelled.cancelled - start.cancelled).toBe(1);
    expect(cancelled.completed).toBe(start.completed);
    // Cancelling by status credits nothing: the invoice stands until a credit note gives money back.
    expect(cancelled.revenue).toBe(completed.revenue);
  });
});

describe('GET /admin/stats/weekly (getWeeklyStats)', () => {
  it('answers 12 Monday-starting UK weeks, oldest first, with the orders placed and the revenue invoiced in each', async () => {
    clock.set('2030-02-19T09:00:00.000Z'); // Tuesday three weeks earlier
    let admin = await signIn();
    const twoDaysOn = () => new Date(clock.now().getTime() + 48 * HOUR);
    const earlier = await bookedOrder(server, jane.token, house, { quantities: [1, 1], due: twoDaysOn() });
    // Marked payment_validated by hand: no payment, so no invoice and no revenue (decision 072).
    await setStatus(admin, earlier.id, 'payment_validated');

    clock.set(WEDNESDAY);
    admin = await signIn();
    const paid = await startedOrder(server, jane.token, house, clock.now(), [2, 2]);
    await bookedOrder(server, jane.token, house, { quantities: [1, 3], due: twoDaysOn() }); // awaiting: counted, no revenue
    await placeOrder(server, jane.token, house, [1, 1]); // a draft: not counted
    await setStatus(admin, paid.id, 'completed');

    const { data, response } = await server.api.GET('/admin/stats/weekly', { headers: server.bearer(admin) });
    expect(response.status).toBe(200);
    expect(data?.map((week) => week.week)).toEqual([
      '2029-12-24', '2029-12-31', '2030-01-07', '2030-01-14', '2030-01-21', '2030-01-28',
      '2030-02-04', '2030-02-11', '2030-02-18', '2030-02-25', '2030-03-04', '2030-03-11',
    ]);
    const byWeek = Object.fromEntries(data!.map((week) => [week.week, { revenue: week.revenue, orders: week.orders }]));
    // The earlier test of this file created one order this week too, completed (invoiced) then cancelled by status.
    const first = (await server.db.query<{ total: string }>(`SELECT total::text FROM orders WHERE user_id = $1 AND created_at >= '2030-03-11' ORDER BY id LIMIT 1`, [jane.id]))[0]!;
    expect(byWeek['2030-03-11']).toEqual({ revenue: (pence(paid.total) + Number(first.total)) / 100, orders: 3 });
    expect(byWeek['2030-02-18']).toEqual({ revenue: 0, orders: 1 });
    // Each week's revenue is the accounts export's documents of its UK dates.
    for (const week of data!) expect(pence(week.revenue), week.week).toBe(await accountsGross(week.week, addDays(week.week, 6)));
    expect(data!.filter((week) => !['2030-03-11', '2030-02-18'].includes(week.week)).every((week) => week.orders === 0 && week.revenue === 0)).toBe(true);
  });
});
