import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDaysAtTen, bookedOrder, catalogue, checkout, checkoutBody, myOrder, pence, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestServer, type TestCustomer } from './support/test-server';

let server: TestServer;
let jane: TestCustomer;
let house: Catalogue;
let other: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  jane = await server.createCustomer({ name: 'Jane Booker' });
  house = await catalogue(server, jane.token, 0);
  other = await catalogue(server, jane.token, 1);
});
afterAll(async () => server?.close());

describe('GET /services/get-items/{id} (getServiceItems)', () => {
  it('answers the service name and its items with prices in pounds', async () => {
    const { data, response } = await server.api.GET('/services/get-items/{id}', {
      params: { path: { id: house.serviceId } },
      headers: server.bearer(jane.token),
    });
    expect(response.status).toBe(200);
    expect(data?.serviceName).toBe(house.serviceName);
    expect(data?.items.length).toBeGreaterThanOrEqual(2);
    for (const item of data!.items) {
      expect(item).toEqual({ id: expect.any(Number), name: expect.any(String), price: expect.any(Number) });
      expect(pence(item.price)).toBe(item.price * 100);
    }
  });

  it('answers 404 "Service not found" for an unknown service', async () => {
    const answer = await send(server, 'GET', '/services/get-items/999999', { token: jane.token });
    expect(answer).toEqual({ status: 404, body: { message: 'Service not found' } });
  });

  it('answers 400 with a message for an id that is not a positive integer', async () => {
    for (const id of ['abc', '0', '1.5']) {
      const answer = await send(server, 'GET', `/services/get-items/${id}`, { token: jane.token });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });

  it('answers 401 without a token', async () => {
    const answer = await send(server, 'GET', `/services/get-items/${house.serviceId}`);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toEqual(expect.any(String));
  });
});

describe('POST /services/order/new (createOrder)', () => {
  it('answers 201 with the total computed from the stored prices', async () => {
    const [a, b] = [house.items[0]!, house.items[1]!];
    const summary = await placeOrder(server, jane.token, house, [3, 2]);
    expect(summary).toEqual({
      id: expect.any(Number),
      name: house.serviceName,
      total: (pence(a.price) * 3 + pence(b.price) * 2) / 100,
      // Without a quote: One-off, no extras (docs/decisions/014); prices include VAT.
      vat: expect.any(Number),
      frequency: 'one_off',
      // 5 units of items without a duration of their own: 30 minutes each (decision 015).
      duration_minutes: 150,
      lines: expect.any(Array),
      items: [{ name: a.name, quantity: 3 }, { name: b.name, quantity: 2 }],
    });
  });

  it('keeps the new order a draft, out of My orders; once checked out it awaits validation, free to cancel', async () => {
    const summary = await placeOrder(server, jane.token, house);
    const { data: before } = await server.api.GET('/services/order/get', { headers: server.bearer(jane.token) });
    expect(before?.map((order) => order.id)).not.toContain(summary.id);
    const due = inDaysAtTen(7);
    expect((await checkout(server, jane.token, checkoutBody(summary.id, due))).response.status).toBe(200);
    expect(await myOrder(server, jane.token, summary.id)).toEqual({
      id: summary.id,
      // Its customer's number, given at checkout (decision 043).
      reference: expect.any(Number),
      service: house.serviceName,
      serviceId: house.serviceId,
      minutes: summary.duration_minutes,
      total: summary.total,
      status: 'awaiting_validation',
      created: expect.any(String),
      due: due.toISOString().slice(0, 17) + '00.000Z',
      refund: null,
      // Nothing due yet: paid in cash on the day (decision 087).
      payment: { method: 'cash', status: 'unpaid', payable: false, balanceDue: summary.total, plan: { by: 'cash' } },
      // One rule for cash and card (decision 032): free until 24 hours before the job.
      cancellation: { allowed: true, fee: 0, freeUntil: new Date(due.getTime() - 24 * 3_600_000).toISOString() },
      // Moving it is free until 24 hours before (decision 018); no receipt before it is paid.
      reschedule: { allowed: true, fee: 0, freeUntil: new Date(due.getTime() - 24 * 3_600_000).toISOString() },
      receipt: false,
      // The key safe code the customer may add until the job starts (decision 050).
      accessNotes: null,
      accessNotesEditable: true,
      // The address's postcode: the reschedule dialog asks for times with its travel gap.
      postcode: 'NW1 6XE',
    });
  });

  it('refuses a price sent by the client as an unknown field, and creates nothing', async () => {
    const before = await server.api.GET('/services/order/get', { headers: server.bearer(jane.token) });
    const answer = await send(server, 'POST', '/services/order/new', {
      token: jane.token,
      body: { service: house.serviceId, items: [{ id: house.items[0]!.id, quantity: 1, price: 0.01 }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('price');
    const after = await server.api.GET('/services/order/get', { headers: server.bearer(jane.token) });
    expect(after.data?.length).toBe(before.data?.length);
  });

  it.each([
    ['0', 0],
    ['101', 101],
    ['1.5', 1.5],
    ['the string "5"', '5'],
    ['null', null],
  ])('answers 400 with a message for quantity %s', async (_label, quantity) => {
    const answer = await send(server, 'POST', '/services/order/new', {
      token: jane.token,
      body: { service: house.serviceId, items: [{ id: house.items[0]!.id, quantity }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/quantity/);
  });

  it('accepts the bounds 1 and 100', async () => {
    const summary = await placeOrder(server, jane.token, house, [1, 100]);
    expect(summary.items.map((item) => item.quantity)).toEqual([1, 100]);
  });

  it.each([
    ['no items', { service: 1 }],
    ['an empty item list', { service: 1, items: [] }],
    ['no service', { items: [{ id: 1, quantity: 1 }] }],
    ['a service as a string', { service: '1', items: [{ id: 1, quantity: 1 }] }],
    ['an extra field', { service: 1, items: [{ id: 1, quantity: 1 }], total: 1 }],
    ['an item without id', { service: 1, items: [{ quantity: 1 }] }],
  ])('answers 400 with a message for %s', async (_label, body) => {
    const answer = await send(server, 'POST', '/services/order/new', { token: jane.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it('answers 400 when an item belongs to another service', async () => {
    const foreign = other.items[0]!;
    const answer = await send(server, 'POST', '/services/order/new', {
      token: jane.token,
      body: { service: house.serviceId, items: [{ id: foreign.id, quantity: 1 }] },
    });
    expect(answer).toEqual({ status: 400, body: { message: `Item ${foreign.id} is not part of ${house.serviceName}` } });
  });

  it('answers 400 when the same item is listed twice (a cart has one line per item)', async () => {
    const id = house.items[0]!.id;
    const answer = await send(server, 'POST', '/services/order/new', {
      token: jane.token,
      body: { service: house.serviceId, items: [{ id, quantity: 1 }, { id, quantity: 2 }] },
    });
    expect(answer).toEqual({ status: 400, body: { message: `Item ${id} is listed more than once` } });
  });

  it('answers 404 for an unknown item or service', async () => {
    expect(
      await send(server, 'POST', '/services/order/new', { token: jane.token, body: { service: house.serviceId, items: [{ id: 999999, quantity: 1 }] } }),
    ).toEqual({ status: 404, body: { message: 'Item 999999 not found' } });
    expect(
      await send(server, 'POST', '/services/order/new', { token: jane.token, body: { service: 999999, items: [{ id: house.items[0]!.id, quantity: 1 }] } }),
    ).toEqual({ status: 404, body: { message: 'Service not found' } });
  });

  it('answers 401 without a token', async () => {
    const answer = await send(server, 'POST', '/services/order/new', { body: { service: house.serviceId, items: [{ id: house.items[0]!.id, quantity: 1 }] } });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toEqual(expect.any(String));
  });
});

describe('GET /services/order/get (listMyOrders)', () => {
  it("lists only the customer's own orders, newest first", async () => {
    const tom = await server.createCustomer({ name: 'Tom Listing' });
    const first = await bookedOrder(server, tom.token, house);
    const second = await bookedOrder(server, tom.token, other);
    await bookedOrder(server, jane.token, house);
    await placeOrder(server, tom.token, house); // a draft: not listed
    const { data } = await server.api.GET('/services/order/get', { headers: server.bearer(tom.token) });
    expect(data?.map((order) => order.id)).toEqual([second.id, first.id]);
    expect(data?.map((order) => order.service)).toEqual([other.serviceName, house.serviceName]);
  });

  it('answers an empty list to a customer without orders', async () => {
    const newcomer = await server.createCustomer();
    const { data, response } = await server.api.GET('/services/order/get', { headers: server.bearer(newcomer.token) });
    expect(response.status).toBe(200);
    expect(data).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const answer = await send(server, 'GET', '/services/order/get');
    expect(answer.status).toBe(401);
    expect(answer.body.message).toEqual(expect.any(String));
  });
});
