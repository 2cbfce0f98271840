import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, checkout, checkoutBody, createClock, HOUR, myOrder, paidCardOrder, pence, placeOrder, send, startedOrder, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

const START = '2030-01-07T12:00:00.000Z';
const clock = createClock(START);
let server: TestServer;
let jane: TestCustomer;
let house: Catalogue;

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR);
const SENT = 'Order refund sent successfully, we will contact you asap !';

/** An order of Jane's checked out for `hoursAhead` from now. */
async function bookedOrder(hoursAhead: number) {
  const order = await placeOrder(server, jane.token, house, [3, 1]);
  const { response } = await checkout(server, jane.token, checkoutBody(order.id, inHours(hoursAhead)));
  expect(response.status).toBe(200);
  return order;
}

/** Moves the server's clock; tokens are signed and checked on that clock, so sign in again. */
async function travel(ms: number) {
  clock.advance(ms);
  jane.token = await server.login(jane.email, jane.password);
}

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  jane = await server.createCustomer({ name: 'Jane Cancels' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

describe('POST /services/refund-request/{id} (requestRefund) and the cancellation terms', () => {
  it('is free at least 24 hours before the job', async () => {
    const order = await paidCardOrder(server, jane.token, house, inHours(48));
    expect((await myOrder(server, jane.token, order.id)).cancellation).toEqual({ allowed: true, fee: 0, freeUntil: inHours(24).toISOString() });
    const { data, response } = await server.api.POST('/services/refund-request/{id}', {
      params: { path: { id: order.id } },
      body: { reason: 'Plans changed' },
      headers: server.bearer(jane.token),
    });
    expect(response.status).toBe(201);
    expect(data).toEqual({ message: SENT, fee: 0 });
    expect(await myOrder(server, jane.token, order.id)).toMatchObject({
      status: 'payment_validated',
      refund: { status: 'pending', reason: 'Plans changed', fee: 0 },
      cancellation: { allowed: false, fee: 0, reason: 'A cancellation was already requested for this order' },
    });
  });

  it('costs 30% of the total within 24 hours of the job', async () => {
    clock.set(START);
    const order = await paidCardOrder(server, jane.token, house, inHours(30));
    await travel(8 * HOUR); // 22 hours before the job
    try {
      const fee = Math.round((pence(order.total) * 30) / 100) / 100;
      expect(fee).toBeGreaterThan(0);
      expect((await myOrder(server, jane.token, order.id)).cancellation).toEqual({ allowed: true, fee, freeUntil: null });
      const answer = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Ill' } });
      expect(answer).toEqual({ status: 201, body: { message: SENT, fee } });
      // What accepting refunds and what it keeps, from the ledger (decision 070).
      expect((await myOrder(server, jane.token, order.id)).refund).toEqual({ status: 'pending', reason: 'Ill', fee, kept: fee, amount: (pence(order.total) - pence(fee)) / 100 });
    } finally {
      clock.set(START);
      jane.token = await server.login(jane.email, jane.password);
    }
  });

  it('is refused with 409 once the job has started', async () => {
    const order = await bookedOrder(25);
    await travel(26 * HOUR);
    try {
      expect((await myOrder(server, jane.token, order.id)).cancellation).toEqual({
        allowed: false,
        fee: 0,
        reason: 'The service cannot be cancelled once it has started',
      });
      const answer = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Too late' } });
      expect(answer).toEqual({ status: 409, body: { message: 'The service cannot be cancelled once it has started' } });
      expect((await myOrder(server, jane.token, order.id)).refund).toBeNull();
    } finally {
      clock.set(START);
      jane.token = await server.login(jane.email, jane.password);
    }
  });

  it('answers 404 for a draft (an order not yet checked out): there is no booking to cancel', async () => {
    const order = await placeOrder(server, jane.token, house);
    const answer = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Changed my mind' } });
    expect(answer).toEqual({ status: 404, body: { message: 'Order not found' } });
  });

  it('answers 409 to a second request for the same order', async () => {
    const order = await bookedOrder(48);
    expect((await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'First' } })).status).toBe(201);
    const again = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Second' } });
    expect(again).toEqual({ status: 409, body: { message: 'A cancellation was already requested for this order' } });
    expect((await myOrder(server, jane.token, order.id)).refund?.reason).toBe('First');
  });

  it('answers 409 for a completed or cancelled order', async () => {
    const admin = await server.adminToken();
    for (const status of ['completed', 'cancelled'] as const) {
      const order = status === 'completed' ? await startedOrder(server, jane.token, house, clock.now()) : await bookedOrder(48);
      const update = await server.api.PUT('/admin/order/update/{status}/{id}', {
        params: { path: { status, id: order.id } },
        body: { status },
        headers: server.bearer(admin),
      });
      expect(update.response.status).toBe(200);
      const answer = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Why not' } });
      expect(answer).toEqual({ status: 409, body: { message: `This order is already ${status}` } });
    }
  });

  it("answers 404 for another customer's order and for an unknown order", async () => {
    const order = await bookedOrder(48);
    const tom = await server.createCustomer({ name: 'Tom Nosy' });
    expect(await send(server, 'POST', `/services/refund-request/${order.id}`, { token: tom.token, body: { reason: 'Not mine' } })).toEqual({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect(await send(server, 'POST', '/services/refund-request/999999', { token: jane.token, body: { reason: 'Ghost' } })).toEqual({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect((await myOrder(server, jane.token, order.id)).refund).toBeNull();
  });

  it.each([
    ['an empty reason', { reason: '' }],
    ['a reason of spaces only', { reason: '   ' }],
    ['no reason', {}],
    ['a reason that is a number', { reason: 5 }],
    ['an extra field', { reason: 'Moving', fee: 0 }],
    ['a NUL character in the reason', { reason: 'Moving\u0000' }],
  ])('answers 400 with a message for %s', async (_label, body) => {
    const order = await bookedOrder(48);
    const answer = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
    expect((await myOrder(server, jane.token, order.id)).refund).toBeNull();
  });

  it('answers 401 without a token', async () => {
    const answer = await send(server, 'POST', '/services/refund-request/1', { body: { reason: 'Anon' } });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toEqual(expect.any(String));
  });
});
