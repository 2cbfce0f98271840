import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSeries, OrderSummary } from '../../openapi/schema';
import { mailOutbox, QUEUES } from '../../server/queue';
import { chargeVisitsDue } from '../../server/jobs/visit-charges';
import type { PaymentProvider } from '../../server/services/payment-provider';
import { chargeSavedCard } from '../../server/services/saved-cards';
import { CHARGE_AHEAD_MS } from '../../domain/terms/saved-card-charge';
import { catalogue, checkout, checkoutBody, createClock, HOUR, londonDue, myOrder, orderNameOf, pence, send, type Catalogue } from './booking-fixtures';
import { eventually } from './support/mail-wait';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';
import { TEST_CARDS, type FakeStripe } from '../support/stripe/fake-stripe';
import { fakeStripeConfig, startWithFakeStripe } from '../support/stripe/fake-stripe-payments';

/**
 * Issue 23 item 4, rows 8 and 10 (decision 038): a series booked by card with the customer's consent
 * saves the card at Stripe Checkout, and each later visit is charged to it before it is due by the
 * job, without the customer — against the local fake of Stripe's REST API, every request checked
 * against Stripe's published description.
 */
const PUBLIC_URL = 'https://sparkle.example.co.uk';
const clock = createClock('2030-03-01T12:00:00.000Z');

let stripe: FakeStripe;
let server: TestServer;
let provider: PaymentProvider;
let stopStripe: (() => Promise<string[]>) | undefined;
let house: Catalogue;

beforeAll(async () => {
  // The provider is kept: the tests charge saved cards through it directly, as the visit-charge job does.
  ({ stripe, server, stop: stopStripe } = await startWithFakeStripe(PUBLIC_URL, (payments, fake) => {
    provider = payments;
    return startTestServer({ now: clock.now, config: fakeStripeConfig(fake, PUBLIC_URL), payments });
  }));
  house = await catalogue(server, (await server.createCustomer()).token);
});
afterAll(async () => {
  expect(await stopStripe?.()).toEqual([]);
});

/** A Weekly series of 8 visits from 11 March 2030, by card, paid on Stripe's page with `card`. */
async function cardSeries(customer: TestCustomer, options: { saveCard: boolean; card?: string }) {
  clock.set('2030-03-01T12:00:00.000Z');
  customer.token = await server.login(customer.email, customer.password);
  const items = [{ id: house.items[0]!.id, quantity: 1 }, { id: house.items[1]!.id, quantity: 1 }];
  const quote = await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'weekly', extras: [], postcode: 'NW1 6XE' } });
  const placed = await send(server, 'POST', '/services/order/new', { token: customer.token, body: { service: house.serviceId, items, quote: quote.body.id } });
  const order = placed.body as OrderSummary;
  const body = { ...checkoutBody(order.id, new Date('2030-03-11T10:00:00.000Z'), 'card'), save_card: options.saveCard };
  const { data, response } = await checkout(server, customer.token, body);
  expect(response.status).toBe(200);
  const session = stripe.sessions.get(data!.shippingInfo!.split('/').at(-1)!)!;
  expect((await stripe.pay(session.id, options.card)).status).toBe(200);
  const series = await mySeries(customer);
  expect(series.visits).toHaveLength(8);
  return { order, session, series };
}

async function mySeries(customer: TestCustomer): Promise<BookingSeries> {
  const { status, body } = await send(server, 'GET', '/services/series', { token: customer.token });
  expect(status).toBe(200);
  return (body as BookingSeries[])[0]!;
}

/** The job, as the queue runs it (the same handler the hourly schedule starts). */
async function runChargeJob() {
  await server.app.jobs.send(server.db, QUEUES.visitCharges, {});
  await eventually('the visit charge job ran', () => server.app.jobs.pending(QUEUES.visitCharges), (n) => n === 0);
}

/** Whether the visit is paid, read where the job writes it (the customer's token would not outlive the clock's travels). */
const isPaid = async (orderId: number) =>
  (await server.db.query<{ paid: boolean }>('SELECT paid_amount IS NOT NULL AS paid FROM orders WHERE id = $1', [orderId]))[0]!.paid;

/** The shop's clock moves to `instant`; the customer signs in again (a token lives on that clock). */
async function travel(instant: Date, customer: TestCustomer) {
  clock.set(instant);
  customer.token = await server.login(customer.email, customer.password);
}

const offSessionIntents = (customer: string | null) => [...stripe.intents.values()].filter((intent) => intent.offSession && intent.customer === customer);
const mailsTo = async (email: string, subject: string) => (await server.outbox()).filter((mail) => mail.to === email && mail.subject.startsWith(subject));

describe('a series by card with consent: the card is saved and every visit is charged without the customer', () => {
  it('eight visits, eight charges: the first at checkout, seven by the job before each visit; a rerun charges nothing twice', async () => {
    const ann = await server.createCustomer({ name: 'Ann Every Week' });
    // A draft first: it takes an id but no reference, so the visits' ids and references differ.
    expect((await send(server, 'POST', '/services/order/new', { token: ann.token, body: { service: house.serviceId, items: [{ id: house.items[0]!.id, quantity: 1 }] } })).status).toBe(201);
    const { order, session, series } = await cardSeries(ann, { saveCard: true });
    // The session saved the card on a new Stripe customer, for use without the customer.
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === String(order.id))!;
    expect(created.body).toMatchObject({ customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' }, metadata: { save_card: 'true' } });
    const customer = stripe.sessions.get(session.id)!.customer!;
    const [stored] = await server.db.query<Record<string, unknown>>('SELECT * FROM booking_series WHERE id = $1', [series.id]);
    const method = stripe.intents.get(stripe.sessions.get(session.id)!.payment_intent!)!.payment_method;
    expect(stored).toMatchObject({ card_customer: customer, card_payment_method: method });
    // Only the provider's references: no card number, nor any part of one, is kept.
    expect(JSON.stringify(stored)).not.toMatch(/4242/);
    expect(series.savedCard).toBe(true);
    // Nothing is due on the later visits yet: each says when the card pays it, without Pay now (issue 36 row 8, decision 087).
    for (const visit of series.visits.slice(1)) {
      const chargedOn = new Date(new Date(visit.due!).getTime() - CHARGE_AHEAD_MS).toISOString();
      expect(visit.payment).toEqual({ method: 'card', status: 'awaiting_payment', payable: false, balanceDue: visit.total, plan: { by: 'saved_card', on: chargedOn } });
    }

    // Each visit is charged once it is within 48 hours: run the job every hour of the visit's last three days.
    for (const visit of series.visits.slice(1)) {
      const due = new Date(visit.due!).getTime();
      clock.set(new Date(due - CHARGE_AHEAD_MS - HOUR));
      await runChargeJob();
      expect(await isPaid(visit.id), `visit ${visit.id} is not charged 49 hours ahead`).toBe(false);
      clock.set(new Date(due - CHARGE_AHEAD_MS + HOUR));
      await runChargeJob();
      expect(await isPaid(visit.id)).toBe(true);
      clock.set(new Date(due - 2 * HOUR));
      await runChargeJob();
    }
    const charges = offSessionIntents(customer);
    expect(charges.map((intent) => [intent.metadata.order_id, intent.amount, intent.status, intent.idempotencyKey])).toEqual(
      series.visits.slice(1).map((visit) => [String(visit.id), pence(visit.total), 'succeeded', `visit-order-${visit.id}-${pence(visit.total)}`]),
    );
    // What the customer's bank shows names the order by the number the customer reads (decision 073), never its id.
    const references = await server.db.query<{ id: number; reference: number }>(
      'SELECT id, reference FROM orders WHERE series_id = $1 ORDER BY series_occurrence', [series.id]);
    const described = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.body.customer === customer).map((r) => r.body.description);
    expect(described).toEqual(references.slice(1).map((row) => `Order #${row.reference}: visit`));
    expect(references.slice(1).every((row) => row.reference !== row.id), 'an id equal to its reference proves nothing').toBe(true);
    const paid = await server.db.query<{ id: number; paid_amount: string; payment_ref: string }>(
      'SELECT id, paid_amount, payment_ref FROM orders WHERE series_id = $1 ORDER BY series_occurrence', [series.id]);
    expect(paid.map((row) => row.payment_ref)).toEqual([session.id, ...charges.map((intent) => intent.id)]);
    // Each visit's receipt, as a payment at checkout gets.
    expect(await mailsTo(ann.email, 'Payment received')).toHaveLength(8);
    await travel(new Date(new Date(series.visits[1]!.due!).getTime() - HOUR), ann);
    expect((await myOrder(server, ann.token, series.visits[1]!.id)).payment.status).toBe('paid');

    // The job run again, and two at once, at every visit's charging time: nothing more is charged.
    for (const visit of series.visits.slice(1)) {
      const now = new Date(new Date(visit.due!).getTime() - CHARGE_AHEAD_MS + HOUR);
      const deps = { db: server.db, payments: provider, outbox: mailOutbox(server.app.jobs, { publicUrl: PUBLIC_URL, vatNumber: server.config.vatNumber }) };
      expect(await Promise.all([chargeVisitsDue(deps, now), chargeVisitsDue(deps, now)])).toEqual([0, 0]);
    }
    // Even a charge the shop forgot it made (a crash before recording it) is Stripe's first answer again.
    const last = series.visits.at(-1)!;
    const again = await chargeSavedCard({ db: server.db, payments: provider }, last.id, pence(last.total), 'visit');
    expect(again).toEqual({ status: 'paid', paymentId: charges.at(-1)!.id, amountPence: pence(last.total) });
    expect(offSessionIntents(customer)).toHaveLength(7);
    expect(await mailsTo(ann.email, 'Payment received')).toHaveLength(8);
  });
});

describe('a visit is charged what its ledger says (decision 045)', () => {
  it('a staff credit on a visit before it is charged: the saved card is charged the total less the credit', async () => {
    const bea = await server.createCustomer({ name: 'Bea Credited' });
    const { session, series } = await cardSeries(bea, { saveCard: true });
    const visit = series.visits[1]!;
    const admin = await server.adminToken();
    const credited = await send(server, 'POST', `/admin/order/${visit.id}/adjustments`, { token: admin, body: { amount: -5, reason: 'Loyalty' } });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    clock.set(new Date(new Date(visit.due!).getTime() - CHARGE_AHEAD_MS + HOUR));
    await runChargeJob();
    expect(await isPaid(visit.id)).toBe(true);
    const charged = offSessionIntents(stripe.sessions.get(session.id)!.customer!).filter((intent) => intent.metadata.order_id === String(visit.id));
    expect(charged.map((intent) => intent.amount)).toEqual([pence(visit.total) - 500]);
  });
});

describe('a saved card the bank refuses later: the visit is not paid, the customer is asked to Pay now, staff see the balance due', () => {
  for (const [card, reason] of [[TEST_CARDS.declinedAfterSaving, 'declined'], [TEST_CARDS.authenticationRequired, 'authentication_required']] as const) {
    it(`${reason}: one Pay now mail, nothing charged twice, and Pay now pays it`, async () => {
      const bea = await server.createCustomer({ name: `Bea ${reason.replace(/_/g, ' ')}` });
      const { series, session } = await cardSeries(bea, { saveCard: true, card });
      const customer = stripe.sessions.get(session.id)!.customer;
      const visit = series.visits[1]!;
      await travel(new Date(new Date(visit.due!).getTime() - CHARGE_AHEAD_MS + HOUR), bea);
      await runChargeJob();
      await runChargeJob();
      expect((await myOrder(server, bea.token, visit.id)).payment).toEqual({ method: 'card', status: 'awaiting_payment', payable: true, balanceDue: visit.total });
      // One attempt only: after a refusal the visit waits for the customer (a retry could be a second decline fee at the bank).
      expect(offSessionIntents(customer)).toHaveLength(1);
      // Stripe's own event about the refused charge changes nothing more: the charge's answer was applied.
      const [refused] = offSessionIntents(customer);
      expect((await stripe.intentFailed(refused!.id)).status).toBe(200);
      const mails = await mailsTo(bea.email, 'Payment needed');
      expect(mails.map((mail) => mail.subject)).toEqual([`Payment needed: £${visit.total.toFixed(2)} for ${await orderNameOf(server, bea.token, visit.id)}`]);
      expect(mails[0]!.text).toContain(`${PUBLIC_URL}/profile-services#order-${visit.id}`);
      const admin = await server.adminToken();
      const detail = await server.api.GET('/admin/order/{id}', { params: { path: { id: visit.id } }, headers: server.bearer(admin) });
      expect(detail.data!.payment).toEqual({ paid: 0, balanceDue: visit.total, failure: { reason, at: expect.any(String) } });

      // Pay now opens Stripe Checkout for the visit; paid there, it is paid.
      const paying = await send(server, 'POST', `/services/order/${visit.id}/pay`, { token: bea.token });
      expect(paying.status).toBe(200);
      await stripe.pay(String(paying.body.shippingInfo).split('/').at(-1)!);
      expect((await myOrder(server, bea.token, visit.id)).payment.status).toBe('paid');
    });
  }
});

describe('without consent, or once the card is removed, later visits wait for Pay now', () => {
  it('consent unticked: the session saves no card, no customer is made, and the job charges nothing', async () => {
    const cat = await server.createCustomer({ name: 'Cat No Consent' });
    const { order, session, series } = await cardSeries(cat, { saveCard: false });
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === String(order.id))!;
    expect(created.body).not.toHaveProperty('customer_creation');
    expect(created.body.payment_intent_data).not.toHaveProperty('setup_future_usage');
    expect(stripe.sessions.get(session.id)!.customer).toBeNull();
    expect(series.savedCard).toBe(false);
    const visit = series.visits[1]!;
    await travel(new Date(new Date(visit.due!).getTime() - CHARGE_AHEAD_MS + HOUR), cat);
    const before = stripe.requests.length;
    await runChargeJob();
    expect((await myOrder(server, cat.token, visit.id)).payment).toEqual({ method: 'card', status: 'awaiting_payment', payable: true, balanceDue: visit.total });
    expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/payment_intents')).toEqual([]);
    expect(await chargeSavedCard({ db: server.db, payments: provider }, visit.id, pence(visit.total), 'visit')).toEqual({ status: 'no_card' });
  });

  it('"Remove saved card" detaches it at Stripe and forgets it: the job charges nothing more; another customer gets 404', async () => {
    const dan = await server.createCustomer({ name: 'Dan Removes Card' });
    const { series } = await cardSeries(dan, { saveCard: true });
    const [{ card_payment_method: method }] = await server.db.query<{ card_payment_method: string }>('SELECT card_payment_method FROM booking_series WHERE id = $1', [series.id]) as [{ card_payment_method: string }];
    const eve = await server.createCustomer({ name: 'Eve Not Hers' });
    expect(await send(server, 'DELETE', `/services/series/${series.id}/card`, { token: eve.token })).toMatchObject({ status: 404, body: { message: 'Series not found' } });
    expect(stripe.paymentMethods.get(method)!.customer).not.toBeNull();

    for (let i = 0; i < 2; i++) expect((await send(server, 'DELETE', `/services/series/${series.id}/card`, { token: dan.token })).status).toBe(204);
    expect(stripe.paymentMethods.get(method)!.customer).toBeNull();
    expect(stripe.requests.filter((r) => r.path === `/v1/payment_methods/${method}/detach`)).toHaveLength(1);
    expect((await mySeries(dan)).savedCard).toBe(false);
    const visit = series.visits[1]!;
    clock.set(new Date(new Date(visit.due!).getTime() - CHARGE_AHEAD_MS + HOUR));
    await runChargeJob();
    expect(await isPaid(visit.id)).toBe(false);
  });
});

describe('a late fee on a series with a saved card is charged to it (decisions 036 and 038)', () => {
  it('a late reschedule of a paid visit: the fee is charged off session once, recorded as a payment line, and no Pay now is mailed', async () => {
    const fay = await server.createCustomer({ name: 'Fay Moves Late' });
    const { order, session } = await cardSeries(fay, { saveCard: true });
    const customer = stripe.sessions.get(session.id)!.customer!;
    const visitTotal = pence((await myOrder(server, fay.token, order.id)).total);
    // 20 hours before the first visit: moving it costs the terms' 30%.
    await travel(new Date('2030-03-10T14:00:00.000Z'), fay);
    const fee = Math.round((visitTotal * 30) / 100);
    const moved = await send(server, 'POST', `/services/order/${order.id}/reschedule`, { token: fay.token, body: { ...londonDue(new Date('2030-03-13T10:00:00.000Z')), fee: fee / 100 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    await eventually('the fee is charged', () => Promise.resolve(offSessionIntents(customer).filter((intent) => intent.metadata.order_id === String(order.id))), (found) => found.length > 0);
    const charges = offSessionIntents(customer).filter((intent) => intent.metadata.order_id === String(order.id));
    expect(charges.map((intent) => [intent.amount, intent.status])).toEqual([[fee, 'succeeded']]);
    const payments = await server.db.query<{ name: string; amount: number; reference: string }>(
      "SELECT name, amount, reference FROM order_ledger WHERE order_id = $1 AND kind = 'payment' ORDER BY id", [order.id]);
    expect(payments.map((line) => [line.name, Number(line.amount)])).toEqual([['Card payment', visitTotal], ['Card payment of the balance', fee]]);
    expect(payments[1]!.reference).toBe(charges[0]!.id);
    const card = await myOrder(server, fay.token, order.id);
    expect(card.payment.status).toBe('paid');
    expect(await mailsTo(fay.email, 'Balance due')).toEqual([]);
  });
});
