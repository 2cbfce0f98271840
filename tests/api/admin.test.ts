import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDaysAtTen, adminOrderRow, bookedOrder, catalogue, checkout, checkoutBody, placeOrder, send, startedOrder, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Office-Test' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

const week = () => inDaysAtTen(7);

const ADMIN_CALLS: Array<[string, string, unknown?]> = [
  ['GET', '/admin/counter'],
  ['GET', '/admin/stats/weekly'],
  ['GET', '/admin/users'],
  ['GET', '/admin/orders/'],
  ['GET', '/admin/refunds/'],
  ['GET', '/admin/order-status/list'],
  ['GET', '/admin/order/1'],
  ['PUT', '/admin/order/update/completed/1', { status: 'completed' }],
  ['PUT', '/admin/refund/status', { status: 'accepted', order: 1 }],
];

describe('who reaches the back office', () => {
  it.each(ADMIN_CALLS)('%s %s answers 401 without a token and 403 to a customer', async (method, path, body) => {
    const anonymous = await send(server, method, path, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toEqual(expect.any(String));
    const customer = await send(server, method, path, { token: jane.token, body });
    expect(customer).toEqual({ status: 403, body: { message: 'Administrators only' } });
  });
});

describe('lists', () => {
  it('GET /admin/users lists every account with id, name, email and creation time', async () => {
    const { data } = await server.api.GET('/admin/users', { headers: server.bearer(admin) });
    expect(data?.find((user) => user.id === jane.id)).toEqual({
      id: jane.id,
      name: 'Jane Office-Test',
      email: jane.email,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('GET /admin/order-status/list answers the four statuses', async () => {
    const { data } = await server.api.GET('/admin/order-status/list', { headers: server.bearer(admin) });
    expect(data).toEqual(['awaiting_validation', 'payment_validated', 'completed', 'cancelled']);
  });

  it('GET /admin/orders/ lists orders newest first with customer and service names', async () => {
    const order = await bookedOrder(server, jane.token, house);
    const { data } = await server.api.GET('/admin/orders/', { headers: server.bearer(admin) });
    expect(data?.[0]).toEqual({
      id: order.id,
      reference: expect.any(Number),
      user: 'Jane Office-Test',
      service: house.serviceName,
      total: order.total,
      status: 'awaiting_validation',
      created: expect.any(String),
      due: expect.any(String),
      completed: null,
      refund: false,
      refund_status: null,
      version: 1,
    });
    const created = data!.map((row) => row.created);
    expect([...created].sort().reverse()).toEqual(created);
  });
});

describe('GET /admin/order/{id} (getOrder)', () => {
  it('answers every field of the order, its priced items and its history', async () => {
    const order = await placeOrder(server, jane.token, house, [3, 2]);
    const due = week();
    expect((await checkout(server, jane.token, checkoutBody(order.id, due, 'cash'))).response.status).toBe(200);
    const { data, response } = await server.api.GET('/admin/order/{id}', { params: { path: { id: order.id } }, headers: server.bearer(admin) });
    expect(response.status).toBe(200);
    const [a, b] = house.items as [Catalogue['items'][0], Catalogue['items'][0]];
    expect(data).toEqual({
      order_id: order.id,
      // What the customer calls it (decision 043): given at checkout, from the sequence (decision 090).
      reference: (await server.db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [order.id]))[0]!.reference,
      // The job's length copied at checkout, which staff may set (decision 084).
      minutes: (await server.db.query<{ duration_minutes: number }>('SELECT duration_minutes FROM orders WHERE id = $1', [order.id]))[0]!.duration_minutes,
      service: house.serviceName,
      dueTime: expect.any(String),
      status: 'awaiting_validation',
      payment_method: 'cash',
      // Cash: the whole price is due on the day (decision 036).
      payment: { paid: 0, balanceDue: order.total, failure: null },
      ordered_at: expect.any(String),
      completed: null,
      items: [
        { name: a.name, quantity: 3, unit_price: a.price, total_price: Math.round(a.price * 300) / 100 },
        { name: b.name, quantity: 2, unit_price: b.price, total_price: Math.round(b.price * 200) / 100 },
      ],
      lines: [
        { kind: 'item', name: a.name, quantity: 3, unitPrice: a.price, vatRate: 20, amount: Math.round(a.price * 300) / 100 },
        { kind: 'item', name: b.name, quantity: 2, unitPrice: b.price, vatRate: 20, amount: Math.round(b.price * 200) / 100 },
      ],
      total: order.total,
      user: 'Jane Office-Test',
      email: jane.email,
      phone: '020 7946 0000',
      address: '221B Baker Street',
      city: 'London',
      codePostal: 'NW1 6XE',
      note: 'The key is under the mat.',
      refund: null,
      history: [
        { at: expect.any(String), actor: 'Jane Office-Test', action: 'order.checkout', from: null, to: 'cash' },
        // The team the checkout claimed (decision 015).
        { at: expect.any(String), actor: 'Jane Office-Test', action: 'order.team', from: null, to: expect.stringMatching(/^Team /) },
      ],
      customer_id: jane.id,
      staff_notes: [],
      // Not paid: no VAT invoice or credit note yet (decision 059).
      documents: [],
      // No team has checked out with a photo (decision 061).
      photo: null,
    });
    // The UK date and time the customer chose, to the minute: the same instant, not "about then".
    expect(new Date(data!.dueTime!).toISOString()).toBe(due.toISOString());
  });

  it('answers 404 "Order not found" for an unknown order', async () => {
    expect(await send(server, 'GET', '/admin/order/999999', { token: admin })).toEqual({ status: 404, body: { message: 'Order not found' } });
  });
});

describe('PUT /admin/order/update/{status}/{id} (updateOrderStatus)', () => {
  const update = (status: 'awaiting_validation' | 'payment_validated' | 'completed' | 'cancelled', id: number, version?: number) =>
    server.api.PUT('/admin/order/update/{status}/{id}', {
      params: { path: { status, id } },
      body: version === undefined ? { status } : { status, version },
      headers: server.bearer(admin),
    });

  it('sets the status, stamps completion, bumps the version and records who did it', async () => {
    const order = await startedOrder(server, jane.token, house, new Date());
    // Version 1: the checkout is the order's first change.
    const completed = await update('completed', order.id, 1);
    expect(completed.response.status).toBe(200);
    expect(completed.data).toMatchObject({ id: order.id, status: 'completed', completed: expect.any(String), version: 2 });

    const reopened = await update('payment_validated', order.id, 2);
    expect(reopened.data).toMatchObject({ status: 'payment_validated', completed: null, version: 3 });
    expect(await adminOrderRow(server, admin, order.id)).toEqual(reopened.data);

    const { data: detail } = await server.api.GET('/admin/order/{id}', { params: { path: { id: order.id } }, headers: server.bearer(admin) });
    expect(detail?.history.map(({ actor, action, from, to }) => ({ actor, action, from, to }))).toEqual([
      { actor: 'Jane Office-Test', action: 'order.checkout', from: null, to: 'cash' },
      { actor: 'Jane Office-Test', action: 'order.team', from: null, to: expect.stringMatching(/^Team /) },
      { actor: 'Sam Admin', action: 'order.status', from: 'awaiting_validation', to: 'completed' },
      { actor: 'Sam Admin', action: 'order.status', from: 'completed', to: 'payment_validated' },
    ]);
  });

  it('follows the lifecycle: completed only once the job has started, cancelled is final (409 with the reason)', async () => {
    const future = await placeOrder(server, jane.token, house);
    const due = week();
    expect((await checkout(server, jane.token, checkoutBody(future.id, due))).response.status).toBe(200);
    const early = await send(server, 'PUT', `/admin/order/update/completed/${future.id}`, { token: admin, body: { status: 'completed' } });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^This order cannot be marked completed before its service starts \(\d{4}-\d{2}-\d{2} \d{2}:\d{2} UK time\)$/);
    expect(await adminOrderRow(server, admin, future.id)).toMatchObject({ status: 'awaiting_validation', completed: null });

    // A draft is no booking: the back office cannot see it, so it cannot complete it either.
    const draft = await placeOrder(server, jane.token, house);
    expect(await send(server, 'PUT', `/admin/order/update/completed/${draft.id}`, { token: admin, body: { status: 'completed' } })).toEqual({
      status: 404, body: { message: 'Order not found' },
    });

    expect((await update('cancelled', future.id)).response.status).toBe(200);
    expect(await send(server, 'PUT', `/admin/order/update/awaiting_validation/${future.id}`, { token: admin, body: { status: 'awaiting_validation' } })).toEqual({
      status: 409, body: { message: 'This order is cancelled: its status cannot change any more' },
    });
  });

  it('refuses a stale version with 409 and keeps the other change', async () => {
    const order = await bookedOrder(server, jane.token, house);
    expect((await update('payment_validated', order.id, 1)).response.status).toBe(200);
    const stale = await send(server, 'PUT', `/admin/order/update/cancelled/${order.id}`, { token: admin, body: { status: 'cancelled', version: 1 } });
    expect(stale).toEqual({ status: 409, body: { message: 'This order was changed by someone else, reload and try again' } });
    expect(await adminOrderRow(server, admin, order.id)).toMatchObject({ status: 'payment_validated', version: 2 });
  });

  it('changes nothing when the order already has that status', async () => {
    const order = await bookedOrder(server, jane.token, house);
    const same = await update('awaiting_validation', order.id);
    expect(same.response.status).toBe(200);
    expect(same.data).toMatchObject({ status: 'awaiting_validation', version: 1 });
  });

  it('answers 400 when the path and body statuses differ, or a status is unknown', async () => {
    const order = await bookedOrder(server, jane.token, house);
    expect(await send(server, 'PUT', `/admin/order/update/completed/${order.id}`, { token: admin, body: { status: 'cancelled' } })).toEqual({
      status: 400,
      body: { message: 'The status in the path and in the body must be the same' },
    });
    for (const [path, body] of [
      [`/admin/order/update/done/${order.id}`, { status: 'completed' }],
      [`/admin/order/update/completed/${order.id}`, { status: 'done' }],
      [`/admin/order/update/completed/${order.id}`, {}],
      [`/admin/order/update/completed/${order.id}`, { status: 'completed', version: '1' }],
      [`/admin/order/update/completed/${order.id}`, { status: 'completed', extra: true }],
      ['/admin/order/update/completed/abc', { status: 'completed' }],
    ] as const) {
      const answer = await send(server, 'PUT', path, { token: admin, body });
      expect(answer.status, path).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect(await adminOrderRow(server, admin, order.id)).toMatchObject({ status: 'awaiting_validation', version: 1 });
  });

  it('answers 404 for an unknown order', async () => {
    expect(await send(server, 'PUT', '/admin/order/update/completed/999999', { token: admin, body: { status: 'completed' } })).toEqual({
      status: 404,
      body: { message: 'Order not found' },
    });
  });
});
