import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSeries, OrderSummary } from '../../openapi/schema';
import { ledgerRepository } from '../../server/repositories/ledger';
import { ledgerTotals } from '../../domain/money/ledger';
import { readSeriesCalendar } from '../support/series-calendar-reader';
import { catalogue, checkout, checkoutBody, createClock, pence, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';
import type { FakeStripe } from '../support/stripe/fake-stripe';
import { fakeStripeConfig, startWithFakeStripe } from '../support/stripe/fake-stripe-payments';

/**
 * Issue 25 row 1, the paid part (decision 043): skipping a paid visit of a series is immediate on the
 * cancellation terms — cancelled, its team freed, the payment given back through Stripe (the official
 * SDK against the local fake) less the terms' fee, a credit note, the ledger's refund lines, one
 * sentence saying what it cost, the skip mail with the series' .ics — and two skips at once refund once.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
const PUBLIC_URL = 'https://sparkle.example.co.uk';
const clock = createClock('2030-03-01T12:00:00.000Z');

let stripe: FakeStripe;
let server: TestServer;
let stopStripe: (() => Promise<string[]>) | undefined;
let house: Catalogue;

beforeAll(async () => {
  ({ stripe, server, stop: stopStripe } = await startWithFakeStripe(PUBLIC_URL, (payments, fake) => startTestServer({ now: clock.now, config: fakeStripeConfig(fake, PUBLIC_URL), payments })));
  house = await catalogue(server, (await server.createCustomer()).token);
});
afterAll(async () => {
  expect(await stopStripe?.()).toEqual([]);
});

/** A weekly series from Monday 11 March 2030 10:00 UK, its first visit paid on Stripe's page. */
async function paidSeries(customer: TestCustomer) {
  clock.set('2030-03-01T12:00:00.000Z');
  customer.token = await server.login(customer.email, customer.password);
  const items = [{ id: house.items[0]!.id, quantity: 1 }, { id: house.items[1]!.id, quantity: 1 }];
  const quote = await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'weekly', extras: [], postcode: 'NW1 6XE' } });
  const placed = await send(server, 'POST', '/services/order/new', { token: customer.token, body: { service: house.serviceId, items, quote: quote.body.id } });
  const order = placed.body as OrderSummary;
  const { data, response } = await checkout(server, customer.token, checkoutBody(order.id, new Date('2030-03-11T10:00:00.000Z'), 'card'));
  expect(response.status).toBe(200);
  const session = stripe.sessions.get(data!.shippingInfo!.split('/').at(-1)!)!;
  expect((await stripe.pay(session.id)).status).toBe(200);
  const { body } = await send(server, 'GET', '/services/series', { token: customer.token });
  const series = (body as BookingSeries[])[0]!;
  return { order, session, series, visit: series.visits[0]! };
}

const refundsOf = (paymentIntent: string | null | undefined) => stripe.refunds.filter((refund) => refund.payment_intent === paymentIntent);
const totalsOf = async (orderId: number) => ledgerTotals(await ledgerRepository(server.db).forOrder(orderId));
const row = async (orderId: number) =>
  (await server.db.query<{ status: string; skipped: boolean; refund_status: string | null; refunded: string | null; credit_notes: number }>(
    `SELECT o.status, o.skipped_at IS NOT NULL AS skipped, r.status AS refund_status, r.refunded_amount::text AS refunded,
            (SELECT count(*)::int FROM credit_notes c WHERE c.order_id = o.id) AS credit_notes
       FROM orders o LEFT JOIN refund_requests r ON r.order_id = o.id WHERE o.id = $1`, [orderId],
  ))[0]!;

describe('a paid visit is skipped at once, on the cancellation terms', () => {
  it('with 24 hours’ notice: cancelled, all of it refunded through Stripe, a credit note, the ledger balanced, one message, the mail and .ics', async () => {
    const ann = await server.createCustomer({ name: 'Ann Paid Skip' });
    const { session, series, visit } = await paidSeries(ann);
    const paid = pence(visit.total);
    expect((await totalsOf(visit.id)).paid).toBe(paid);

    const skipped = await send(server, 'POST', `/services/order/${visit.id}/skip`, { token: ann.token });
    const refunded = `£${(paid / 100).toFixed(2)}`;
    expect(skipped).toEqual({ status: 201, body: { message: `Visit skipped at no cost: ${refunded} is refunded to your card`, fee: 0, visits: 1 } });
    // Cancelled, so its team is free (a cancelled order holds no capacity). No request waits for the office: the refund is accepted and Stripe gave the money back, once.
    expect(await row(visit.id)).toEqual({ status: 'cancelled', skipped: true, refund_status: 'accepted', refunded: String(paid), credit_notes: 1 });
    const intent = stripe.sessions.get(session.id)!.payment_intent;
    expect(refundsOf(intent)).toEqual([expect.objectContaining({ amount: paid, idempotencyKey: expect.stringMatching(new RegExp(`^refund-order-${visit.id}-payment-\\d+-after-0$`)) })]);
    // The ledger: charged, credited back in full, paid, refunded; nothing owed either way.
    expect(await totalsOf(visit.id)).toMatchObject({ total: 0, paid, refunded: paid, balanceDue: 0 });

    const mails = (await server.outbox()).filter((mail) => mail.to === ann.email);
    const mail = mails.find((candidate) => candidate.subject.startsWith('Visit skipped'))!;
    expect(mail.text).toContain('Skipping it cost nothing.');
    expect(mail.text).toContain(`${refunded} is refunded to the card you paid with.`);
    expect(mail.text).not.toContain('Undo');
    expect(mails.some((candidate) => candidate.subject.startsWith('Credit note CN-'))).toBe(true);
    const ics = readSeriesCalendar(mail.attachments.find((file) => file.filename === `series-${series.id}.ics`)!.content, 8);
    expect(ics).toMatchObject({ uid: `series-${series.id}@sparkle.example.co.uk`, sequence: 1 });
    expect(ics.starts.slice(0, 7)).toEqual(series.visits.slice(1).map((one) => one.due));

    // Undo does not bring a refunded visit back (decision 043); nothing changes.
    expect(await send(server, 'POST', `/services/order/${visit.id}/skip/undo`, { token: ann.token })).toEqual({
      status: 409, body: { message: 'This visit was refunded when you skipped it: it can no longer be brought back, please book a new visit' },
    });
    expect((await row(visit.id)).status).toBe('cancelled');
    expect(refundsOf(intent)).toHaveLength(1);
  });

  it('within 24 hours: the terms’ 30% fee is kept and the rest refunded; the ledger keeps the fee as what the visit cost', async () => {
    const bob = await server.createCustomer({ name: 'Bob Late Skip' });
    const { session, visit } = await paidSeries(bob);
    clock.set('2030-03-11T08:00:00.000Z'); // two hours before the visit
    bob.token = await server.login(bob.email, bob.password);
    const paid = pence(visit.total);
    const fee = Math.round(paid * 0.3);
    const skipped = await send(server, 'POST', `/services/order/${visit.id}/skip`, { token: bob.token });
    const money = (amount: number) => `£${(amount / 100).toFixed(2)}`;
    expect(skipped).toEqual({ status: 201, body: { message: `Visit skipped for a ${money(fee)} late fee: ${money(paid - fee)} is refunded to your card`, fee: fee / 100, visits: 1 } });
    expect(refundsOf(stripe.sessions.get(session.id)!.payment_intent)).toEqual([expect.objectContaining({ amount: paid - fee })]);
    expect(await totalsOf(visit.id)).toMatchObject({ total: fee, paid, refunded: paid - fee, balanceDue: 0 });
    const mail = (await server.outbox()).find((candidate) => candidate.to === bob.email && candidate.subject.startsWith('Visit skipped'))!;
    expect(mail.text).toContain(`By our terms a fee of ${money(fee)} applies.`);
    expect(mail.text).toContain(`${money(paid - fee)} is refunded to the card you paid with.`);
  });

  it('decides the fee from the ledger, not the order row (decision 045): a row out of step changes nothing', async () => {
    const dee = await server.createCustomer({ name: 'Dee Ledger Skip' });
    const { visit } = await paidSeries(dee);
    // The row's copy of the total is wrong; the ledger (what was charged and paid) is the truth.
    await server.db.query('UPDATE orders SET total = total + 4000 WHERE id = $1', [visit.id]);
    clock.set('2030-03-11T08:00:00.000Z');
    dee.token = await server.login(dee.email, dee.password);
    const paid = pence(visit.total);
    const fee = Math.round(paid * 0.3);
    const skipped = await send(server, 'POST', `/services/order/${visit.id}/skip`, { token: dee.token });
    expect(skipped.status).toBe(201);
    expect((skipped.body as { fee: number }).fee).toBe(fee / 100);
    expect(await totalsOf(visit.id)).toMatchObject({ total: fee, paid, refunded: paid - fee, balanceDue: 0 });
  });

  it('two skips of one visit at once: one skip, one refund, one credit note', async () => {
    const cat = await server.createCustomer({ name: 'Cat Double Tap' });
    const { session, visit } = await paidSeries(cat);
    const answers = await Promise.all([1, 2, 3].map(() => send(server, 'POST', `/services/order/${visit.id}/skip`, { token: cat.token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body)).toEqual([
      { message: 'This visit is already skipped' }, { message: 'This visit is already skipped' },
    ]);
    expect(refundsOf(stripe.sessions.get(session.id)!.payment_intent)).toHaveLength(1);
    expect(await row(visit.id)).toMatchObject({ refund_status: 'accepted', credit_notes: 1 });
    const paid = pence(visit.total);
    expect(await totalsOf(visit.id)).toMatchObject({ total: 0, paid, refunded: paid, balanceDue: 0 });
  });
});
