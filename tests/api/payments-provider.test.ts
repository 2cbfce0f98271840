import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { signNotification } from '../../server/services/test-payment-provider';
import {
  catalogue, checkout, checkoutBody, inDaysAtTen, myOrder, orderNameOf, paidCardOrder, pence, placeOrder, send, stats, type Catalogue,
} from './booking-fixtures';
import { TEST_PAYMENT_WEBHOOK_SECRET } from './support/test-config';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Issue 12 rows 1, 12, 13 and issue 11 rows 4, 5: card payments go through a provider. Runs on
 * PGlite, and on PostgreSQL when DATABASE_URL is set (the concurrency rows matter most there).
 */
const inAWeek = () => inDaysAtTen(7);
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const UNAVAILABLE = 'Card payment is not available at the moment, please choose Pay cash';

let server: TestServer;
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  const someone = await server.createCustomer();
  house = await catalogue(server, someone.token);
});
afterAll(async () => server?.close());

/** How many payments the provider holds for an order (the test provider's own bookkeeping). */
async function paymentsOf(db: TestServer['db'], orderId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM payment_sessions WHERE order_id = $1', [orderId]);
  return row!.count;
}

async function cardCheckout(customer: TestCustomer) {
  const order = await placeOrder(server, customer.token, house);
  const { data, response } = await checkout(server, customer.token, checkoutBody(order.id, inAWeek(), 'card'));
  expect(response.status).toBe(200);
  return { order, page: data!.shippingInfo! };
}

/** What the provider would post: the body, signed (or not) with `secret`. */
function notification(fields: { payment: string; order: number; amount: number }, secret = TEST_PAYMENT_WEBHOOK_SECRET, at = new Date()) {
  const body = JSON.stringify({ type: 'payment.succeeded', ...fields });
  return { body, signature: signNotification(secret, body, at) };
}

const postNotification = (body: string, signature: string | null) =>
  fetch(`${server.baseUrl}/payments/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'test-payments-signature': signature } : {}) },
    body,
  });

describe('configuration: the test provider is on only when configured, never silently in production', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-more-than-32-bytes-long' };

  it('defaults to the test provider in development and tests, to none in production', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) }).paymentProvider).toBe('test');
    expect(loadConfig(production).paymentProvider).toBeNull();
  });

  it('refuses PAYMENT_PROVIDER=test in production unless ALLOW_TEST_PAYMENTS=true, and unknown providers', () => {
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'test' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'test' })).toThrow(/ALLOW_TEST_PAYMENTS=true/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'true' }).paymentProvider).toBe('test');
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER must be test, stripe or none/);
  });
});

describe('production without a payment provider', () => {
  let prod: TestServer;
  let customer: TestCustomer;
  beforeAll(async () => {
    prod = await startTestServer({ config: { nodeEnv: 'production', paymentProvider: null } });
    customer = await prod.createCustomer();
  });
  afterAll(async () => prod?.close());

  it('answers 404 on the test payment page and its Pay, even for an existing session', async () => {
    const order = await placeOrder(prod, customer.token, house);
    expect((await checkout(prod, customer.token, checkoutBody(order.id, inAWeek(), 'cash'))).response.status).toBe(200);
    // A session left over (say, from a demo run) must not be payable through the page.
    await prod.db.query(`UPDATE orders SET payment_method = 'card', payment_ref = 'left-over-session' WHERE id = $1`, [order.id]);
    await prod.db.query(
      `INSERT INTO payment_sessions (id, order_id, amount, description, email, created_at) VALUES ('left-over-session', $1, $2, 'x', $3, now())`,
      [order.id, pence(order.total), customer.email],
    );
    for (const [method, path] of [['POST', '/test-payments/left-over-session/pay'], ['GET', '/test-payments/left-over-session'], ['POST', '/payments/notifications']] as const) {
      const response = await fetch(`${prod.baseUrl}${path}`, {
        method,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' } : {}),
        redirect: 'manual',
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await myOrder(prod, customer.token, order.id)).status).toBe('awaiting_validation');
  });

  it('offers card as unavailable: the options say so, a card checkout and Pay now answer 409, cash works', async () => {
    const { data: options } = await prod.api.GET('/services/payment-options');
    expect(options).toEqual({ card: { available: false, message: UNAVAILABLE }, direct_debit: { available: false, message: 'Direct Debit is not available at the moment, please choose Pay cash or Pay by card' } });

    const order = await placeOrder(prod, customer.token, house);
    const card = await send(prod, 'POST', '/services/order/checkout', { token: customer.token, body: checkoutBody(order.id, inAWeek(), 'card') });
    expect(card).toEqual({ status: 409, body: { message: UNAVAILABLE } });
    // The refused checkout changed nothing: the order is still a draft, in nobody's list, without a date.
    const { data: mine } = await prod.api.GET('/services/order/get', { headers: prod.bearer(customer.token) });
    expect(mine?.map((row) => row.id)).not.toContain(order.id);
    expect((await prod.db.query('SELECT checked_out_at, due_at FROM orders WHERE id = $1', [order.id]))[0]).toEqual({ checked_out_at: null, due_at: null });
    expect((await checkout(prod, customer.token, checkoutBody(order.id, inAWeek(), 'cash'))).response.status).toBe(200);
    // Pay now on a card order left unpaid from before the provider was removed (a draft has no Pay now: 404).
    await prod.db.query(`UPDATE orders SET payment_method = 'card' WHERE id = $1`, [order.id]);
    expect((await myOrder(prod, customer.token, order.id)).payment).toMatchObject({ method: 'card', status: 'awaiting_payment' });
    expect(await send(prod, 'POST', `/services/order/${order.id}/pay`, { token: customer.token })).toEqual({ status: 409, body: { message: UNAVAILABLE } });
  });
});

describe('the provider signed notification is the only thing that marks an order paid', () => {
  let jane: TestCustomer;
  beforeAll(async () => {
    jane = await server.createCustomer({ name: 'Jane Notified' });
  });

  it('accepts a notification signed with the provider secret: paid once, receipt mailed; a repeat changes nothing', async () => {
    const { order, page } = await cardCheckout(jane);
    const payment = page.split('/').at(-1)!;
    const signed = notification({ payment, order: order.id, amount: order.total });
    const admin = await server.adminToken();
    const before = await stats(server, admin);

    const answer = await postNotification(signed.body, signed.signature);
    expect(answer.status).toBe(200);
    expect(await myOrder(server, jane.token, order.id)).toMatchObject({ status: 'payment_validated', payment: { method: 'card', status: 'paid', payable: false } });
    expect(pence((await stats(server, admin)).revenue) - pence(before.revenue)).toBe(pence(order.total));
    expect((await server.latestMail(jane.email))?.subject).toMatch(new RegExp(`^Payment received: .* for ${await orderNameOf(server, jane.token, order.id)}$`));

    expect((await postNotification(signed.body, signed.signature)).status).toBe(200);
    expect(pence((await stats(server, admin)).revenue) - pence(before.revenue)).toBe(pence(order.total));
    // The receipt is written with the payment: the repeat wrote none.
    const receipts = (await server.outbox()).filter((mail) => mail.to === jane.email && mail.subject.startsWith('Payment received:'));
    expect(receipts).toHaveLength(1);
    // Paid: Pay now has nothing to start any more.
    expect((await send(server, 'POST', `/services/order/${order.id}/pay`, { token: jane.token })).status).toBe(409);
  });

  it('refuses forged, altered, unsigned and stale notifications with 400, and the order stays unpaid', async () => {
    const { order, page } = await cardCheckout(jane);
    const payment = page.split('/').at(-1)!;
    const fields = { payment, order: order.id, amount: order.total };
    const forged = notification(fields, 'not-the-secret');
    const genuine = notification(fields);
    const altered = JSON.stringify({ type: 'payment.succeeded', ...fields, amount: 0.01 });
    const stale = notification(fields, TEST_PAYMENT_WEBHOOK_SECRET, new Date(Date.now() - 60 * 60_000));
    for (const [body, signature] of [
      [forged.body, forged.signature],
      [altered, genuine.signature],
      [genuine.body, null],
      [genuine.body, 't=1,v1=00'],
      [stale.body, stale.signature],
    ] as const) {
      const answer = await postNotification(body, signature);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: 'The notification signature does not verify' });
    }
    expect(await myOrder(server, jane.token, order.id)).toMatchObject({ status: 'awaiting_validation', payment: { status: 'awaiting_payment', payable: true } });
  });
});

describe('one payment per order, however many Pay requests arrive at once', () => {
  const times = 50;

  it('50 parallel card checkouts with one Idempotency-Key: one checkout, one payment, every answer the same page', async () => {
    const tom = await server.createCustomer({ name: 'Tom Taps Twice' });
    const order = await placeOrder(server, tom.token, house);
    const key = `co-${randomBytes(8).toString('hex')}`;
    const answers = await Promise.all(
      Array.from({ length: times }, () => checkout(server, tom.token, checkoutBody(order.id, inAWeek(), 'card'), key)),
    );
    expect(answers.map((answer) => answer.response.status)).toEqual(Array(times).fill(200));
    expect(new Set(answers.map((answer) => answer.data?.shippingInfo)).size).toBe(1);
    expect(await paymentsOf(server.db, order.id)).toBe(1);
  });

  it('50 parallel card checkouts with 50 keys: one succeeds, the others 409, one payment', async () => {
    const ann = await server.createCustomer({ name: 'Ann Many Tabs' });
    const order = await placeOrder(server, ann.token, house);
    const answers = await Promise.all(
      Array.from({ length: times }, () => checkout(server, ann.token, checkoutBody(order.id, inAWeek(), 'card'), `co-${randomBytes(8).toString('hex')}`)),
    );
    const statuses = answers.map((answer) => answer.response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(times - 1);
    expect(await paymentsOf(server.db, order.id)).toBe(1);
  });

  it('50 parallel Pay now: the same payment page each time (same order, same amount), one payment', async () => {
    const bob = await server.createCustomer({ name: 'Bob Pays Later' });
    const { order, page } = await cardCheckout(bob);
    const answers = await Promise.all(
      Array.from({ length: times }, () =>
        server.api.POST('/services/order/{id}/pay', { params: { path: { id: order.id } }, headers: server.bearer(bob.token) }),
      ),
    );
    expect(answers.map((answer) => answer.response.status)).toEqual(Array(times).fill(200));
    expect(new Set(answers.map((answer) => answer.data?.shippingInfo))).toEqual(new Set([page]));
    expect(await paymentsOf(server.db, order.id)).toBe(1);
    // Someone else's order is not found.
    const eve = await server.createCustomer({ name: 'Eve Elsewhere' });
    expect(await send(server, 'POST', `/services/order/${order.id}/pay`, { token: eve.token })).toEqual({ status: 404, body: { message: 'Order not found' } });
  });
});

describe('refunds follow the money', () => {
  async function cancelAndAccept(customer: TestCustomer, orderId: number) {
    const requested = await send(server, 'POST', `/services/refund-request/${orderId}`, { token: customer.token, body: { reason: 'Plans changed' } });
    expect(requested.status).toBe(201);
    const admin = await server.adminToken();
    const decided = await server.api.PUT('/admin/refund/status', { body: { order: orderId, status: 'accepted' }, headers: server.bearer(admin) });
    expect(decided.response.status).toBe(200);
    return { admin, fee: requested.body.fee as number };
  }

  it('accepting a late cancellation of a never-paid cash order refunds £0 (the fee is owed), Total Refound unchanged', async () => {
    const kim = await server.createCustomer({ name: 'Kim Cash' });
    const order = await placeOrder(server, kim.token, house);
    expect((await checkout(server, kim.token, checkoutBody(order.id, inDaysAtTen(2)))).response.status).toBe(200);
    // Within 24 hours of a job that was never paid: the same 30% fee (decision 032), owed; nothing to give back.
    await server.db.query('UPDATE orders SET due_at = $2 WHERE id = $1', [order.id, inHours(5)]);
    const lateFee = Math.round(order.total * 30) / 100;
    expect((await myOrder(server, kim.token, order.id)).cancellation).toMatchObject({ allowed: true, fee: lateFee });
    const before = await stats(server, await server.adminToken());
    const { admin, fee } = await cancelAndAccept(kim, order.id);
    expect(fee).toBe(lateFee);
    const after = await stats(server, admin);
    expect(after.refunded).toBe(before.refunded);
    expect(after.cancelled - before.cancelled).toBe(1);
  });

  it('a paid card order is refunded through the provider, total less the fee, and only that counts', async () => {
    const lee = await server.createCustomer({ name: 'Lee Card' });
    const order = await paidCardOrder(server, lee.token, house, inDaysAtTen(2));
    // Within 24 hours of the job: 30% is kept.
    await server.db.query('UPDATE orders SET due_at = $2 WHERE id = $1', [order.id, inHours(5)]);
    const before = await stats(server, await server.adminToken());
    const { admin, fee } = await cancelAndAccept(lee, order.id);
    expect(pence(fee)).toBe(Math.round((pence(order.total) * 30) / 100));
    const refunded = pence(order.total) - pence(fee);
    expect(pence((await stats(server, admin)).refunded) - pence(before.refunded)).toBe(refunded);
    const [session] = await server.db.query<{ refunded_amount: number }>('SELECT refunded_amount FROM payment_sessions WHERE order_id = $1', [order.id]);
    expect(session!.refunded_amount).toBe(refunded);

    // Accepting again changes nothing and refunds nothing twice.
    const again = await server.api.PUT('/admin/refund/status', { body: { order: order.id, status: 'accepted' }, headers: server.bearer(admin) });
    expect(again.response.status).toBe(200);
    expect(pence((await stats(server, admin)).refunded) - pence(before.refunded)).toBe(refunded);
  });
});
