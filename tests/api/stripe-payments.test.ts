import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { catalogue, checkout, checkoutBody, inDaysAtTen, myOrder, orderNameOf, pence, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';
import type { FakeStripe } from '../support/stripe/fake-stripe';
import { fakeStripeConfig, startWithFakeStripe } from '../support/stripe/fake-stripe-payments';

/**
 * Issue 23 item 4 and row 10 (decision 034): card payments through Stripe Checkout, on the official
 * SDK, against a local fake of Stripe's REST API that checks every request against Stripe's
 * published OpenAPI description — never the internet. The fake signs its events with the SDK's
 * generateTestHeaderString; the server verifies them with constructEvent.
 */
const PUBLIC_URL = 'https://sparkle.example.co.uk';

let stripe: FakeStripe;
let server: TestServer;
let stopStripe: (() => Promise<string[]>) | undefined;
let house: Catalogue;

beforeAll(async () => {
  ({ stripe, server, stop: stopStripe } = await startWithFakeStripe(PUBLIC_URL, (payments, fake) => startTestServer({ config: fakeStripeConfig(fake, PUBLIC_URL), payments })));
  house = await catalogue(server, (await server.createCustomer()).token);
});
afterAll(async () => {
  // Every request the provider made is one Stripe's published description allows.
  expect(await stopStripe?.()).toEqual([]);
});

async function cardCheckout(customer: TestCustomer) {
  const order = await placeOrder(server, customer.token, house);
  const { data, response } = await checkout(server, customer.token, checkoutBody(order.id, inDaysAtTen(7), 'card'));
  expect(response.status).toBe(200);
  const url = data!.shippingInfo!;
  const session = stripe.sessions.get(url.split('/').at(-1)!)!;
  return { order, url, session };
}

describe('a card booking goes to Stripe Checkout and back', () => {
  it('redirects to the session, of the order total in pence, with the site\'s own return pages and one session per order', async () => {
    const ann = await server.createCustomer({ name: 'Ann Stripe' });
    const { order, url, session } = await cardCheckout(ann);
    expect(url).toBe(`${stripe.baseUrl}/c/pay/${session.id}`);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: pence(order.total),
      currency: 'gbp',
      client_reference_id: String(order.id),
      customer_email: ann.email,
      success_url: `${PUBLIC_URL}/success?order=${order.id}`,
      cancel_url: `${PUBLIC_URL}/profile-services?payment=cancelled&order=${order.id}#order-${order.id}`,
    });
    const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === String(order.id));
    expect(created[0]!.idempotencyKey).toBe(`order-${order.id}-${pence(order.total)}`);
    // Pay now, twice: the same key, so Stripe answers the same session.
    for (let i = 0; i < 2; i++) {
      expect(await send(server, 'POST', `/services/order/${order.id}/pay`, { token: ann.token })).toEqual({ status: 200, body: { shippingInfo: url } });
    }
    expect(new Set([...stripe.sessions.values()].filter((s) => s.client_reference_id === String(order.id)).map((s) => s.id)).size).toBe(1);
  });

  it('a signed checkout.session.completed marks the order paid and mails the receipt; replayed, it changes nothing', async () => {
    const bea = await server.createCustomer({ name: 'Bea Stripe' });
    const { order, session } = await cardCheckout(bea);
    const event = await stripe.pay(session.id);
    expect(event.status).toBe(200);
    expect(await myOrder(server, bea.token, order.id)).toMatchObject({ status: 'payment_validated', payment: { status: 'paid' } });
    const receipts = () => server.outbox().then((mails) => mails.filter((mail) => mail.to === bea.email && mail.subject.startsWith('Payment received')));
    expect(await receipts()).toHaveLength(1);
    const [paid] = await server.db.query<{ paid_amount: string; payment_ref: string }>('SELECT paid_amount, payment_ref FROM orders WHERE id = $1', [order.id]);
    expect([Number(paid!.paid_amount), paid!.payment_ref]).toEqual([pence(order.total), session.id]);

    // Stripe resends an event until it is acknowledged, and anyone who captured it can post it again.
    const again = await stripe.redeliver(event);
    expect(again.status).toBe(200);
    expect(await receipts()).toHaveLength(1);
    const audit = await server.db.query(`SELECT 1 FROM audit_log WHERE order_id = $1 AND action = 'order.paid'`, [order.id]);
    expect(audit).toHaveLength(1);
  });

  it('refuses a forged or altered event with 400, and the order stays unpaid', async () => {
    const cat = await server.createCustomer({ name: 'Cat Stripe' });
    const { order, session } = await cardCheckout(cat);
    const body = JSON.stringify({
      id: 'evt_forged', object: 'event', type: 'checkout.session.completed',
      data: { object: { id: session.id, object: 'checkout.session', client_reference_id: String(order.id), payment_status: 'paid', amount_total: pence(order.total) } },
    });
    const forge = (signature: string | null, text = body) =>
      fetch(`${server.baseUrl}/payments/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
        body: text,
      });
    const { default: Stripe } = await import('stripe');
    const sdk = new Stripe(stripe.secretKey);
    const wrongSecret = sdk.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_not_the_shops' });
    const stale = sdk.webhooks.generateTestHeaderString({ payload: body, secret: stripe.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 600 });
    const signed = sdk.webhooks.generateTestHeaderString({ payload: body, secret: stripe.webhookSecret });
    for (const [signature, text] of [[null, body], [wrongSecret, body], [stale, body], [signed, body.replace('"paid"', '"paid" ')]] as const) {
      const response = await forge(signature, text);
      expect(response.status, `signature ${signature}`).toBe(400);
      expect(await response.json()).toEqual({ message: 'The notification signature does not verify' });
    }
    expect((await myOrder(server, cat.token, order.id)).payment.status).toBe('awaiting_payment');
  });

  it('acknowledges a verified event it does not use (200, so Stripe stops resending) and changes nothing', async () => {
    const fay = await server.createCustomer({ name: 'Fay Stripe' });
    const { order } = await cardCheckout(fay);
    const body = JSON.stringify({ id: 'evt_charge_1', object: 'event', type: 'charge.succeeded', data: { object: { id: 'ch_1', object: 'charge', metadata: { order_id: String(order.id) } } } });
    const { default: Stripe } = await import('stripe');
    const signature = new Stripe(stripe.secretKey).webhooks.generateTestHeaderString({ payload: body, secret: stripe.webhookSecret });
    const response = await fetch(`${server.baseUrl}/payments/notifications`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
    expect([response.status, await response.json()]).toEqual([200, { received: true }]);
    expect((await myOrder(server, fay.token, order.id)).payment.status).toBe('awaiting_payment');
  });

  it('a refund reaches Stripe on the payment\'s intent, with the amount in pence and one idempotency key per order', async () => {
    const dan = await server.createCustomer({ name: 'Dan Stripe' });
    const { order, session } = await cardCheckout(dan);
    await stripe.pay(session.id);
    const requested = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: dan.token, body: { reason: 'Plans changed' } });
    expect(requested.status).toBe(201);
    const admin = await server.adminToken();
    const due = pence(order.total) - pence(requested.body.fee as number);
    for (let i = 0; i < 2; i++) {
      const decided = await server.api.PUT('/admin/refund/status', { body: { order: order.id, status: 'accepted' }, headers: server.bearer(admin) });
      expect(decided.response.status).toBe(200);
    }
    const refunds = stripe.refunds.filter((refund) => refund.payment_intent === stripe.sessions.get(session.id)!.payment_intent);
    // One key per payment line of the ledger and what it had given back before (decision 045).
    expect(refunds).toEqual([expect.objectContaining({ amount: due, idempotencyKey: expect.stringMatching(new RegExp(`^refund-order-${order.id}-payment-\\d+-after-0$`)), metadata: { order_id: String(order.id) } })]);
    const [row] = await server.db.query<{ refunded_amount: string }>('SELECT refunded_amount FROM refund_requests WHERE order_id = $1', [order.id]);
    expect(Number(row!.refunded_amount)).toBe(due);
  });

  it('a staff credit on a card-paid order is refunded on the payment\'s intent, once per ledger state (decision 045)', async () => {
    const eve = await server.createCustomer({ name: 'Eve Stripe' });
    const { order, session } = await cardCheckout(eve);
    await stripe.pay(session.id);
    const admin = await server.adminToken();
    const credit = () => send(server, 'POST', `/admin/order/${order.id}/adjustments`, { token: admin, body: { amount: -5, reason: 'Window missed' } });
    expect((await credit()).status).toBe(200);
    expect((await credit()).status).toBe(200);
    const intent = stripe.sessions.get(session.id)!.payment_intent;
    const refunds = stripe.refunds.filter((refund) => refund.payment_intent === intent);
    expect(refunds.map((refund) => refund.amount)).toEqual([500, 500]);
    expect(new Set(refunds.map((refund) => refund.idempotencyKey)).size).toBe(2);
    expect((await myOrder(server, eve.token, order.id)).payment).toMatchObject({ status: 'paid', balanceDue: 0 });
  });
});

describe('a declined card, or one needing authentication', () => {
  for (const code of ['card_declined', 'authentication_required'] as const) {
    it(`${code}: the customer is mailed a Pay now link once, the order awaits payment, and paying later works`, async () => {
      const eve = await server.createCustomer({ name: `Eve ${code}` });
      const { order, session } = await cardCheckout(eve);
      const event = await stripe.fail(session.id, code);
      expect(event.status).toBe(200);
      await stripe.redeliver(event);
      const mails = (await server.outbox()).filter((mail) => mail.to === eve.email && mail.subject.startsWith('Payment needed'));
      expect(mails).toHaveLength(1);
      const name = await orderNameOf(server, eve.token, order.id);
      expect(mails[0]!.subject).toBe(`Payment needed: £${(pence(order.total) / 100).toFixed(2)} for ${name}`);
      expect(mails[0]!.text).toContain(
        code === 'card_declined' ? `Your card was declined, so ${name} is not paid yet.` : `Your bank asked you to confirm the payment for ${name}, so it is not paid yet.`,
      );
      expect(mails[0]!.text).toContain(`press Pay now on your order on My orders: ${PUBLIC_URL}/profile-services#order-${order.id}`);
      expect((await myOrder(server, eve.token, order.id)).payment).toEqual({ method: 'card', status: 'awaiting_payment', payable: true, balanceDue: order.total });
      // Staff see the balance due on the back office order page, and why.
      const admin = await server.adminToken();
      const detail = async () => (await server.api.GET('/admin/order/{id}', { params: { path: { id: order.id } }, headers: server.bearer(admin) })).data!.payment;
      expect(await detail()).toEqual({
        paid: 0,
        balanceDue: order.total,
        failure: { reason: code === 'card_declined' ? 'declined' : 'authentication_required', at: expect.any(String) },
      });

      // Another card on the same page: paid, nothing due, and the failure is gone.
      await stripe.pay(session.id);
      expect((await myOrder(server, eve.token, order.id)).payment.status).toBe('paid');
      expect(await detail()).toEqual({ paid: order.total, balanceDue: 0, failure: null });
    });
  }
});

describe('configuration (issue 23 row 10)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-more-than-32-bytes-long' };
  const live = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

  it('takes Stripe with both secrets; refuses it without either', () => {
    expect(loadConfig({ ...production, ...live })).toMatchObject({ paymentProvider: 'stripe', stripe: { secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc123' } });
    expect(() => loadConfig({ ...production, ...live, STRIPE_SECRET_KEY: '' })).toThrow(/needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...production, ...live, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(/needs STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...production, ...live, STRIPE_SECRET_KEY: 'pk_live_abc123' })).toThrow(ConfigError);
  });

  it('refuses a test-mode key in production unless ALLOW_TEST_PAYMENTS=true (a demo); takes it in development', () => {
    const testKey = { ...live, STRIPE_SECRET_KEY: 'sk_test_abc123' };
    expect(() => loadConfig({ ...production, ...testKey })).toThrow(/test-mode key.*ALLOW_TEST_PAYMENTS=true/);
    expect(() => loadConfig({ ...production, ...live, STRIPE_SECRET_KEY: 'rk_test_abc123' })).toThrow(ConfigError);
    expect(loadConfig({ ...production, ...testKey, ALLOW_TEST_PAYMENTS: 'true' }).paymentProvider).toBe('stripe');
    expect(loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(40), ...testKey }).stripe?.secretKey).toBe('sk_test_abc123');
  });
});

/**
 * Issue 33 row 2 (decision 071): money received is never refused. A payment Stripe completed for an
 * order that stopped awaiting it is recorded in the order's ledger, refunded at once under a key
 * derived from the payment, and shown to the office; the webhook answers 200 so Stripe stops
 * resending. A page the order no longer awaits is expired at Stripe.
 */
describe('a card payment that arrives after its order stopped awaiting it', () => {
  const ledgerOf = (orderId: number) =>
    server.db.query<{ kind: string; name: string; amount: number; reference: string | null }>(
      'SELECT kind, name, amount, reference FROM order_ledger WHERE order_id = $1 AND kind IN ($2, $3) ORDER BY id', [orderId, 'payment', 'refund']);
  const cancel = async (token: string, orderId: number) => {
    expect((await send(server, 'POST', `/services/refund-request/${orderId}`, { token, body: { reason: 'Plans changed' } })).status).toBe(201);
    const admin = await server.adminToken();
    const decided = await server.api.PUT('/admin/refund/status', { body: { order: orderId, status: 'accepted' }, headers: server.bearer(admin) });
    expect(decided.response.status).toBe(200);
  };
  const detail = async (orderId: number) => {
    const admin = await server.adminToken();
    return (await server.api.GET('/admin/order/{id}', { params: { path: { id: orderId } }, headers: server.bearer(admin) })).data!;
  };

  it('cancelling an unpaid card order expires its Checkout Session, so it cannot be paid any more', async () => {
    const gil = await server.createCustomer({ name: 'Gil Stripe' });
    const { order, session } = await cardCheckout(gil);
    await cancel(gil.token, order.id);
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
    expect(stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${session.id}/expire`)).toHaveLength(1);
    await expect(stripe.pay(session.id)).rejects.toThrow(/not open/);
    expect(await ledgerOf(order.id)).toEqual([]);
  });

  it('cancel, then the payment arrives: recorded, refunded at once with its credit note, the office told; the same event twice changes nothing', async () => {
    const hal = await server.createCustomer({ name: 'Hal Stripe' });
    const { order, session } = await cardCheckout(hal);
    // Hal pays on Stripe's page while the office accepts his cancellation; the event comes after.
    const paid = stripe.payNow(session.id);
    await cancel(hal.token, order.id);
    const event = await paid.deliver();
    expect([event.status, JSON.parse(event.answer)]).toEqual([200, { received: true }]);
    const again = await stripe.redeliver(event);
    expect(again.status).toBe(200);

    const total = pence(order.total);
    const intent = stripe.sessions.get(session.id)!.payment_intent;
    const refunds = stripe.refunds.filter((refund) => refund.payment_intent === intent);
    expect(refunds).toEqual([expect.objectContaining({ amount: total, idempotencyKey: `late-payment-${session.id}` })]);
    expect(await ledgerOf(order.id)).toEqual([
      { kind: 'payment', name: 'Card payment after the order stopped awaiting it', amount: total, reference: session.id },
      { kind: 'refund', name: 'Card refund of the late payment', amount: total, reference: refunds[0]!.id },
    ]);
    // Its VAT invoice (the payment is a tax point) and the credit note that gives it all back.
    const receipt = await send(server, 'GET', `/services/order/${order.id}/receipt`, { token: hal.token });
    expect([receipt.status, pence(receipt.body.gross), pence(receipt.body.creditNote.gross)]).toEqual([200, total, total]);
    const mine = await myOrder(server, hal.token, order.id);
    expect([mine.status, pence(mine.total), mine.payment.balanceDue]).toEqual(['cancelled', 0, 0]);

    // The office: the order's page says what came in and what went back, and its history says when.
    const shown = await detail(order.id);
    expect(shown.payment.latePayments).toEqual([{ amount: order.total, refund: order.total, refunded: expect.any(String), reason: 'cancelled', at: expect.any(String) }]);
    const gbp = `£${(total / 100).toFixed(2)}`;
    expect(shown.history.filter((entry) => entry.action === 'order.late_payment').map((entry) => entry.to)).toEqual([
      `${gbp} received after the order was cancelled`, `${gbp} refunded`,
    ]);
  });

  it('a balance page replaced by a newer one is expired; paid before that, its payment is recorded and refunded, and the newer page pays the balance', async () => {
    const ivy = await server.createCustomer({ name: 'Ivy Stripe' });
    const { order, session } = await cardCheckout(ivy);
    await stripe.pay(session.id);
    const admin = await server.adminToken();
    const charge = async (amount: number) =>
      expect((await send(server, 'POST', `/admin/order/${order.id}/adjustments`, { token: admin, body: { amount, reason: 'Oven cleaned' } })).status).toBe(200);
    const balanceRef = async () => (await server.db.query<{ ref: string }>('SELECT balance_payment_ref AS ref FROM orders WHERE id = $1', [order.id]))[0]!.ref;

    await charge(5);
    const first = await balanceRef();
    // Ivy pays the £5.00 page; before Stripe's event comes, a second charge asks £8.00 on a new page.
    const paid = stripe.payNow(first);
    await charge(3);
    const second = await balanceRef();
    expect(second).not.toBe(first);
    expect(stripe.sessions.get(second)).toMatchObject({ status: 'open', amount_total: 800 });
    const event = await paid.deliver();
    expect(event.status).toBe(200);
    expect((await stripe.redeliver(event)).status).toBe(200);
    const intent = stripe.sessions.get(first)!.payment_intent;
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toEqual([expect.objectContaining({ amount: 500, idempotencyKey: `late-payment-${first}` })]);
    expect((await detail(order.id)).payment).toMatchObject({ balanceDue: 8, latePayments: [{ amount: 5, refund: 5, refunded: expect.any(String), reason: 'replaced', at: expect.any(String) }] });

    // A third charge replaces the £8.00 page, which nobody paid: it is expired at Stripe.
    await charge(2);
    expect(stripe.sessions.get(second)!.status).toBe('expired');
    await stripe.pay(await balanceRef());
    expect((await myOrder(server, ivy.token, order.id)).payment).toMatchObject({ status: 'paid', balanceDue: 0 });
  });
});
