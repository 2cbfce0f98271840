import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, checkout, checkoutBody, createClock, HOUR, myOrder, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

// Winter: London is on GMT, so UK local time equals UTC on the clock below.
const clock = createClock('2030-01-07T12:00:00.000Z');
let server: TestServer;
let jane: TestCustomer;
let house: Catalogue;

const myOrderIds = async (token: string) =>
  (await server.api.GET('/services/order/get', { headers: server.bearer(token) })).data?.map((order) => order.id);
const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR);

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  jane = await server.createCustomer({ name: 'Jane Checkout' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

describe('POST /services/order/checkout (checkoutOrder)', () => {
  it("pays cash: answers 'Payment was successfully !', stores the booking and mails a confirmation", async () => {
    const order = await placeOrder(server, jane.token, house);
    const { data, response } = await checkout(server, jane.token, checkoutBody(order.id, inHours(48), 'cash'));
    expect(response.status).toBe(200);
    const mine = await myOrder(server, jane.token, order.id);
    // The answer names the order by the reference the customer is shown (decision 051).
    expect(data).toEqual({ message: 'Payment was successfully !', payment: 'cash', reference: mine.reference });
    expect(mine.status).toBe('awaiting_validation');
    expect(mine.due).toBe('2030-01-09T12:00:00.000Z');

    const mail = await server.latestMail(jane.email);
    expect(mail?.subject).toContain(house.serviceName);
    expect(mail?.text).toContain(`order #${mine.reference}`);
    expect(mail?.text).toContain(`£${order.total.toFixed(2)}`);
    expect(mail?.text).toContain('2030-01-09 12:00');
    expect(mail?.text).toContain('221B Baker Street, London, NW1 6XE');
    for (const item of order.items) expect(mail?.text).toContain(`${item.name} x ${item.quantity}`);
  });

  it('pays by card: answers the payment page as a same-origin path (it works at any address the site is opened)', async () => {
    const order = await placeOrder(server, jane.token, house);
    const { data, response } = await checkout(server, jane.token, checkoutBody(order.id, inHours(48), 'card'));
    expect(response.status).toBe(200);
    expect(data).toEqual({
      message: 'Payment was successfully !',
      payment: 'card',
      reference: (await myOrder(server, jane.token, order.id)).reference,
      shippingInfo: expect.stringMatching(/^\/test-payments\/[A-Za-z0-9_-]{16,}$/),
    });
    // The checkout mail says the payment is pending, not that the booking is confirmed.
    const mail = await server.latestMail(jane.email);
    expect(mail?.subject).toContain('Payment pending');
    expect(mail?.text).toContain('payment pending');
    expect(mail?.text).toContain('Pay now');
  });

  it('checks an order out once: a second checkout answers 409', async () => {
    const order = await placeOrder(server, jane.token, house);
    expect((await checkout(server, jane.token, checkoutBody(order.id, inHours(48)))).response.status).toBe(200);
    const again = await send(server, 'POST', '/services/order/checkout', { token: jane.token, body: checkoutBody(order.id, inHours(72), 'card') });
    expect(again).toEqual({ status: 409, body: { message: 'This order has already been checked out' } });
    expect((await myOrder(server, jane.token, order.id)).due).toBe(inHours(48).toISOString());
  });

  it('replays the first answer to a retry with the same Idempotency-Key, and mails once', async () => {
    const order = await placeOrder(server, jane.token, house);
    const body = checkoutBody(order.id, inHours(30), 'card');
    const mailsBefore = (await server.outbox()).length;
    const first = await checkout(server, jane.token, body, 'retry-key-0001');
    const retry = await checkout(server, jane.token, { ...body }, 'retry-key-0001');
    expect(first.response.status).toBe(200);
    expect(retry.response.status).toBe(200);
    expect(retry.data).toEqual(first.data);
    expect((await server.outbox()).length).toBe(mailsBefore + 1);
  });

  it('answers 422 when an Idempotency-Key is reused with another payload', async () => {
    const order = await placeOrder(server, jane.token, house);
    const body = checkoutBody(order.id, inHours(30));
    expect((await checkout(server, jane.token, body, 'reused-key-0001')).response.status).toBe(200);
    const answer = await send(server, 'POST', '/services/order/checkout', {
      token: jane.token,
      body: { ...body, city: 'Leeds' },
      headers: { 'Idempotency-Key': 'reused-key-0001' },
    });
    expect(answer).toEqual({ status: 422, body: { message: 'This Idempotency-Key was used for another request' } });
  });

  it('keeps Idempotency-Keys per customer', async () => {
    const tom = await server.createCustomer({ name: 'Tom Keys' });
    const [janeOrder, tomOrder] = [await placeOrder(server, jane.token, house), await placeOrder(server, tom.token, house)];
    expect((await checkout(server, jane.token, checkoutBody(janeOrder.id, inHours(30)), 'shared-key-0001')).response.status).toBe(200);
    expect((await checkout(server, tom.token, checkoutBody(tomOrder.id, inHours(30)), 'shared-key-0001')).response.status).toBe(200);
  });

  describe("24 hours' notice (R-PAY-1)", () => {
    it('answers 400 with a clear message for a time less than 24 hours ahead', async () => {
      const order = await placeOrder(server, jane.token, house);
      const answer = await send(server, 'POST', '/services/order/checkout', {
        token: jane.token,
        body: checkoutBody(order.id, new Date(inHours(24).getTime() - 60_000)),
      });
      expect(answer).toEqual({
        status: 400,
        body: { message: "Online bookings need 24 hours' notice: please choose 2030-01-08 12:00 (UK time) or later" },
      });
      expect(await myOrderIds(jane.token)).not.toContain(order.id);
    });

    it('accepts a time exactly 24 hours ahead', async () => {
      const order = await placeOrder(server, jane.token, house);
      expect((await checkout(server, jane.token, checkoutBody(order.id, inHours(24)))).response.status).toBe(200);
    });

    it('reads due_date and due_time as UK summer time (BST) in summer', async () => {
      clock.set('2030-07-01T12:00:00.000Z'); // 13:00 in London
      try {
        const token = await server.login(jane.email, jane.password);
        const order = await placeOrder(server, token, house);
        const early = { ...checkoutBody(order.id, inHours(24)), due_date: '2030-07-02', due_time: '12:59' };
        expect((await send(server, 'POST', '/services/order/checkout', { token, body: early })).status).toBe(400);
        const onTime = { ...early, due_time: '13:00' };
        expect((await checkout(server, token, onTime)).response.status).toBe(200);
        expect((await myOrder(server, token, order.id)).due).toBe('2030-07-02T12:00:00.000Z');
      } finally {
        clock.set('2030-01-07T12:00:00.000Z');
      }
    });

    it('refuses 2026-10-25 01:30 (the clock change) as outside opening hours, and names the notice in UK time', async () => {
      // The same cases as tests/unit/booking-checkout-form.test.ts, against the real server.
      try {
        clock.set('2026-10-24T00:20:00.000Z');
        let token = await server.login(jane.email, jane.password);
        const order = await placeOrder(server, token, house);
        const body = { ...checkoutBody(order.id, inHours(48)), due_date: '2026-10-25', due_time: '01:30' };
        // 01:30 is outside opening hours (07:00-20:00, decision 015): refused since real availability
        // (the repeated hour's own message, issue 24 row 10, is for opening hours that reach it).
        expect(await send(server, 'POST', '/services/order/checkout', { token, body })).toEqual({
          status: 400,
          body: { message: 'This job of 90 minutes can start between 07:00 and 18:30 (UK time) on 2026-10-25' },
        });

        clock.set('2026-10-24T00:40:00.000Z');
        token = await server.login(jane.email, jane.password);
        const late = await placeOrder(server, token, house);
        expect(await send(server, 'POST', '/services/order/checkout', { token, body: { ...body, order: late.id } })).toEqual({
          status: 400,
          body: { message: "Online bookings need 24 hours' notice: please choose 2026-10-25 01:40 (UK time) or later" },
        });
      } finally {
        clock.set('2030-01-07T12:00:00.000Z');
        jane.token = await server.login(jane.email, jane.password);
      }
    });
  });

  it("answers 404 for another customer's order and for an unknown order", async () => {
    const tom = await server.createCustomer({ name: 'Tom Other' });
    const janes = await placeOrder(server, jane.token, house);
    expect(await send(server, 'POST', '/services/order/checkout', { token: tom.token, body: checkoutBody(janes.id, inHours(48)) })).toEqual({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect(await send(server, 'POST', '/services/order/checkout', { token: jane.token, body: checkoutBody(999999, inHours(48)) })).toEqual({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect(await myOrderIds(jane.token)).not.toContain(janes.id);
  });

  it.each([
    ['a postcode that is not a UK one', { code_postal: '75001' }],
    ['a phone with letters', { phone: 'call me maybe' }],
    ['a time of 25:00', { due_time: '25:00' }],
    ['a date that does not exist', { due_date: '2030-02-30' }],
    ['an unknown payment method', { payment: 'bitcoin' }],
    ['an empty address', { address: '' }],
    ['an order id as a string', { order: '12' }],
    ['an extra field', { total: 1 }],
    ['a NUL character in the address', { address: '1 High St\u0000' }],
  ])('answers 400 with a message for %s', async (_label, change) => {
    const order = await placeOrder(server, jane.token, house);
    const answer = await send(server, 'POST', '/services/order/checkout', {
      token: jane.token,
      body: { ...checkoutBody(order.id, inHours(48)), ...change },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it('answers 400 for a missing field and for an Idempotency-Key shorter than 8 characters', async () => {
    const order = await placeOrder(server, jane.token, house);
    const { client_note: _omitted, ...withoutNote } = checkoutBody(order.id, inHours(48));
    const missing = await send(server, 'POST', '/services/order/checkout', { token: jane.token, body: withoutNote });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('client_note');
    const shortKey = await send(server, 'POST', '/services/order/checkout', {
      token: jane.token,
      body: checkoutBody(order.id, inHours(48)),
      headers: { 'Idempotency-Key': 'short' },
    });
    expect(shortKey.status).toBe(400);
    expect(shortKey.body.message).toEqual(expect.any(String));
  });

  it('answers 401 without a token', async () => {
    const answer = await send(server, 'POST', '/services/order/checkout', { body: checkoutBody(1, inHours(48)) });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toEqual(expect.any(String));
  });
});
