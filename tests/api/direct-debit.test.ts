import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSeries, OrderDetail, OrderSummary } from '../../openapi/schema';
import { QUEUES } from '../../server/queue';
import { ConfigError, loadConfig } from '../../server/config';
import { catalogue, checkout, checkoutBody, createClock, HOUR, pence, send, type Catalogue } from './booking-fixtures';
import { eventually } from './support/mail-wait';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';
import { startFakeGoCardless, type FakeGoCardless } from '../support/gocardless/fake-gocardless';

/**
 * Issue 38 part 1 (decision 093): a series paid by Direct Debit, over HTTP against the local fake of
 * GoCardless's API (every request checked against its published reference; webhooks signed as
 * GoCardless signs them). The mandate is set up on the hosted page; each done visit is collected
 * as a ledger line; a failed collection is retried once then the customer and the office are told;
 * a late chargeback gives the money back on the ledger; a cancelled mandate stops the collections.
 */
const PUBLIC_URL = 'https://sparkle.example.co.uk';
const OFFICE = 'office@sparkle.test';
const WEBHOOKS = '/payments/gocardless/webhooks';
const clock = createClock('2030-03-01T12:00:00.000Z');
const DAY = 24 * HOUR;

let gc: FakeGoCardless;
let server: TestServer;
let house: Catalogue;

beforeAll(async () => {
  gc = await startFakeGoCardless();
  server = await startTestServer({
    now: clock.now,
    config: {
      publicUrl: PUBLIC_URL, adminEmail: OFFICE,
      goCardless: { accessToken: gc.accessToken, webhookSecret: gc.webhookSecret, environment: 'sandbox', apiUrl: gc.apiUrl },
    },
  });
  gc.webhookUrl = `${server.baseUrl}${WEBHOOKS}`;
  house = await catalogue(server, (await server.createCustomer()).token);
});
afterAll(async () => {
  await server?.close();
  await gc?.close();
  expect(gc.violations).toEqual([]);
});

async function ddSeries(customer: TestCustomer) {
  clock.set('2030-03-01T12:00:00.000Z');
  customer.token = await server.login(customer.email, customer.password);
  const items = [{ id: house.items[0]!.id, quantity: 1 }];
  const quote = await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'weekly', extras: [], postcode: 'NW1 6XE' } });
  const placed = await send(server, 'POST', '/services/order/new', { token: customer.token, body: { service: house.serviceId, items, quote: quote.body.id } });
  const order = placed.body as OrderSummary;
  const { data, response } = await checkout(server, customer.token, checkoutBody(order.id, new Date('2030-03-11T10:00:00.000Z'), 'direct_debit'));
  expect(response.status).toBe(200);
  expect(data).toMatchObject({ payment: 'direct_debit', shippingInfo: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/flow\/BRF/) });
  const flow = gc.flows.get(data!.shippingInfo!.split('/').at(-1)!)!;
  const { body } = await send(server, 'GET', '/services/series', { token: customer.token });
  const series = (body as BookingSeries[])[0]!;
  // Until the customer finishes GoCardless's page, My orders says the Direct Debit is not set up (decision 100).
  expect([series.directDebit, series.visits[0]!.payment.directDebit?.state]).toEqual(['pending', 'mandate_pending']);
  // The hosted page asks for a Bacs mandate; the customer comes back to the shop, which keeps the mandate.
  expect(gc.requests.find((r) => r.path === '/billing_requests' && JSON.stringify(r.body).includes(`"series_id":"${series.id}"`))?.body)
    .toEqual({ billing_requests: { mandate_request: { scheme: 'bacs', currency: 'GBP' }, metadata: { series_id: String(series.id) } } });
  const back = await gc.completeFlow(flow.id);
  expect(back).toBe(`${PUBLIC_URL}/payments/direct-debit/return/${series.id}`);
  // GoCardless's billing_requests.fulfilled webhook keeps the mandate even before the browser is back.
  const [told] = await server.db.query<{ dd_mandate: string | null }>('SELECT dd_mandate FROM booking_series WHERE id = $1', [series.id]);
  expect(told!.dd_mandate).toBe(gc.billingRequests.get(flow.billingRequest)!.mandate);
  const returned = await fetch(`${server.baseUrl}${new URL(back).pathname}`, { redirect: 'manual' });
  expect([returned.status, returned.headers.get('location')]).toEqual([303, '/profile-services?direct_debit=set_up']);
  const [kept] = await server.db.query<{ dd_mandate: string }>('SELECT dd_mandate FROM booking_series WHERE id = $1', [series.id]);
  expect(kept!.dd_mandate).toBe(gc.billingRequests.get(flow.billingRequest)!.mandate);
  return { series, mandate: kept!.dd_mandate };
}

/** The visit is done: staff mark it completed after its time, and the hourly job runs. */
async function doneAndCollected(visitId: number, due: string) {
  clock.set(new Date(new Date(due).getTime() + 3 * HOUR));
  const admin = await server.adminToken();
  expect((await send(server, 'PUT', `/admin/order/update/completed/${visitId}`, { token: admin, body: { status: 'completed' } })).status).toBe(200);
  await runJob();
}

async function runJob() {
  await server.app.jobs.send(server.db, QUEUES.visitCharges, {});
  await eventually('the visit charge job ran', () => server.app.jobs.pending(QUEUES.visitCharges), (n) => n === 0);
}

const paymentsOf = (orderId: number) => [...gc.payments.values()].filter((payment) => payment.metadata.order_id === String(orderId));

async function detail(orderId: number): Promise<OrderDetail> {
  const { status, body } = await send(server, 'GET', `/admin/order/${orderId}`, { token: await server.adminToken() });
  expect(status).toBe(200);
  return body as OrderDetail;
}
const ddHistory = async (orderId: number) => (await detail(orderId)).history.filter((entry) => entry.action === 'order.direct_debit').map((entry) => entry.to);
const ledgerOf = (orderId: number) => server.db.query<{ kind: string; name: string; amount: number; reference: string | null }>(
  'SELECT kind, name, amount::integer AS amount, reference FROM order_ledger WHERE order_id = $1 AND kind IN (\'payment\', \'refund\') ORDER BY id', [orderId]);
/** What My orders answers of the visit (GET /services/series): its payment, and whether its VAT invoice is there. */
async function shownTo(customer: TestCustomer, visitId: number) {
  // Signed in again: the clock moved past the last sign-in's lifetime.
  customer.token = await server.login(customer.email, customer.password);
  const { body } = await send(server, 'GET', '/services/series', { token: customer.token });
  const series = (body as BookingSeries[]).find((one) => one.visits.some((visit) => visit.id === visitId))!;
  const visit = series.visits.find((one) => one.id === visitId)!;
  return { mandate: series.directDebit, payment: visit.payment, receipt: visit.receipt };
}
/** The visit as My orders lists it under its series (GET /services/series), or undefined when it is not listed. */
async function listedTo(customer: TestCustomer, visitId: number) {
  customer.token = await server.login(customer.email, customer.password);
  const { body } = await send(server, 'GET', '/services/series', { token: customer.token });
  return (body as BookingSeries[]).flatMap((one) => one.visits).find((visit) => visit.id === visitId);
}
const documentsOf = async (orderId: number) => ({
  invoices: (await server.db.query<{ gross: string }>('SELECT gross FROM invoices WHERE order_id = $1', [orderId])).map((row) => Number(row.gross)),
  creditNotes: (await server.db.query('SELECT 1 FROM credit_notes WHERE order_id = $1', [orderId])).length,
});
const mailsTo = async (email: string, subject: string) => (await server.outbox()).filter((mail) => mail.to === email && mail.subject.startsWith(subject));

describe('a series by Direct Debit (GoCardless)', () => {
  it('collects a done visit once, as a ledger line; a repeated webhook changes nothing; a late chargeback gives it back and tells customer and office', async () => {
    const ann = await server.createCustomer({ name: 'Ann Direct Debit' });
    const { series } = await ddSeries(ann);
    const visit = series.visits[0]!;
    const amount = pence(visit.total);
    // Not collected before it is done.
    await runJob();
    expect(paymentsOf(visit.id)).toEqual([]);
    expect(await shownTo(ann, visit.id)).toMatchObject({ mandate: 'set_up', payment: { directDebit: { state: 'after_the_visit', amount: visit.total } }, receipt: false });

    await doneAndCollected(visit.id, visit.due!);
    await runJob();
    const [payment, ...more] = paymentsOf(visit.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ amount, currency: 'GBP', status: 'pending_submission', idempotencyKey: `visit-order-${visit.id}-${amount}` });
    expect(payment!.description).toMatch(/^Order #\d+: visit$/);
    expect(await ledgerOf(visit.id)).toEqual([]);
    expect((await shownTo(ann, visit.id)).payment.directDebit).toEqual({ state: 'asked', amount: visit.total });

    const collected = await gc.collect(payment!.id);
    expect(collected.status).toBe(200);
    expect(await ledgerOf(visit.id)).toEqual([{ kind: 'payment', name: 'Direct Debit collection', amount, reference: payment!.id }]);
    // GoCardless resends a webhook it thinks was not received: applied once.
    expect((await gc.send(collected.body)).status).toBe(200);
    expect(await ledgerOf(visit.id)).toHaveLength(1);
    // Paid: its VAT invoice is issued with the collection, for what the ledger charges, and the receipt carries it (decision 100).
    const [receipt] = await mailsTo(ann.email, 'Payment received');
    expect(await mailsTo(ann.email, 'Payment received')).toHaveLength(1);
    expect(receipt!.text).toContain(`We collected £${(amount / 100).toFixed(2)} by Direct Debit`);
    expect(receipt!.text).toMatch(/VAT invoice \d{6} for /);
    expect(await documentsOf(visit.id)).toEqual({ invoices: [amount], creditNotes: 0 });
    expect(await shownTo(ann, visit.id)).toMatchObject({ payment: { status: 'paid', balanceDue: 0, directDebit: { state: 'collected', amount: visit.total } }, receipt: true });

    // Weeks later the customer's bank gives the money back.
    expect((await gc.chargeBack(payment!.id)).status).toBe(200);
    expect(await ledgerOf(visit.id)).toEqual([
      { kind: 'payment', name: 'Direct Debit collection', amount, reference: payment!.id },
      { kind: 'refund', name: 'Direct Debit chargeback', amount, reference: payment!.id },
    ]);
    const shown = await detail(visit.id);
    expect(pence(shown.payment.balanceDue)).toBe(amount);
    // The visit was supplied and is still owed: its invoice stands, no credit note; the balance is due again.
    expect(await documentsOf(visit.id)).toEqual({ invoices: [amount], creditNotes: 0 });
    expect(await shownTo(ann, visit.id)).toMatchObject({
      payment: { status: 'balance_due', balanceDue: visit.total, payable: false, directDebit: { state: 'charged_back', amount: visit.total } }, receipt: true,
    });
    expect(await ddHistory(visit.id)).toEqual([
      `Collection of £${(amount / 100).toFixed(2)} asked for (${payment!.id})`,
      `Collected £${(amount / 100).toFixed(2)} (${payment!.id})`,
      expect.stringMatching(/^Charged back £[\d.]+ \(The customer has disputed having authorised you to take this payment\.\): customer mailed, office told/),
    ]);
    expect(await mailsTo(ann.email, 'Direct Debit payment returned')).toHaveLength(1);
    expect(await mailsTo(OFFICE, 'Follow up: Direct Debit payment returned')).toHaveLength(1);
  });

  it('keeps a visit on My orders while its money moves, and a collected one with its invoice for 30 days after (decision 108)', async () => {
    const eve = await server.createCustomer({ name: 'Eve Slow Bacs' });
    const { series } = await ddSeries(eve);
    const visit = series.visits[0]!;
    await doneAndCollected(visit.id, visit.due!);
    const [payment] = paymentsOf(visit.id);
    // Bacs confirms the collection five days after the visit: the visit is still listed, collected, with its invoice.
    clock.set(new Date(new Date(visit.due!).getTime() + 5 * DAY));
    expect((await gc.collect(payment!.id)).status).toBe(200);
    expect(await listedTo(eve, visit.id)).toMatchObject({ payment: { status: 'paid', directDebit: { state: 'collected', amount: visit.total } }, receipt: true });
    // 40 days after its collection it has dropped off.
    clock.set(new Date(new Date(visit.due!).getTime() + 45 * DAY));
    expect(await listedTo(eve, visit.id)).toBeUndefined();
    // 60 days after the visit the bank gives the money back: listed again while its balance is due.
    clock.set(new Date(new Date(visit.due!).getTime() + 60 * DAY));
    expect((await gc.chargeBack(payment!.id)).status).toBe(200);
    expect(await listedTo(eve, visit.id)).toMatchObject({
      payment: { status: 'balance_due', balanceDue: visit.total, directDebit: { state: 'charged_back', amount: visit.total } }, receipt: true,
    });
  });

  it('retries a failed collection once, then mails the customer and tells the office', async () => {
    const bob = await server.createCustomer({ name: 'Bob Short Funds' });
    const { series } = await ddSeries(bob);
    const visit = series.visits[1]!;
    await doneAndCollected(visit.id, visit.due!);
    const [payment] = paymentsOf(visit.id);
    const failed = await gc.fail(payment!.id);
    expect(failed.status).toBe(200);
    expect(gc.payments.get(payment!.id)).toMatchObject({ retries: 1, status: 'pending_submission' });
    expect((await shownTo(bob, visit.id)).payment.directDebit).toEqual({ state: 'retrying', amount: visit.total });
    // The same failure delivered again is not a second failure.
    expect((await gc.send(failed.body)).status).toBe(200);
    expect(await mailsTo(bob.email, 'Direct Debit payment failed')).toEqual([]);
    expect((await gc.fail(payment!.id)).status).toBe(200);
    expect(gc.payments.get(payment!.id)!.retries).toBe(1);
    expect(await ledgerOf(visit.id)).toEqual([]);
    expect(await ddHistory(visit.id)).toEqual([
      expect.stringMatching(/asked for/),
      expect.stringMatching(/^Collection of £[\d.]+ failed \(The customer's account had insufficient funds to make this payment\.\): tried again/),
      expect.stringMatching(/failed again .*: customer mailed, office told/),
    ]);
    expect(await mailsTo(bob.email, 'Direct Debit payment failed')).toHaveLength(1);
    expect(await shownTo(bob, visit.id)).toMatchObject({ payment: { status: 'unpaid', directDebit: { state: 'failed', amount: visit.total } }, receipt: false });
    expect(await documentsOf(visit.id)).toEqual({ invoices: [], creditNotes: 0 });
    expect(await mailsTo(OFFICE, 'Follow up: Direct Debit payment failed')).toHaveLength(1);
  });

  it('stops collecting when the mandate is cancelled, and says so on the visits not collected', async () => {
    const cat = await server.createCustomer({ name: 'Cat Cancelled' });
    const { series, mandate } = await ddSeries(cat);
    expect((await gc.cancelMandate(mandate)).status).toBe(200);
    const [first, second] = series.visits;
    expect(await ddHistory(first!.id)).toEqual([expect.stringMatching(/^Mandate cancelled \(The customer's bank account was closed\.\): not collected by Direct Debit; customer mailed, office told/)]);
    expect(await ddHistory(second!.id)).toEqual([expect.stringMatching(/^Mandate cancelled .*: not collected by Direct Debit \(MD/)]);
    expect(await mailsTo(cat.email, 'Direct Debit mandate cancelled')).toHaveLength(1);
    expect(await shownTo(cat, second!.id)).toMatchObject({ mandate: 'ended', payment: { directDebit: { state: 'mandate_ended', amount: second!.total } } });
    expect(await mailsTo(OFFICE, 'Follow up: Direct Debit mandate cancelled')).toHaveLength(1);
    await doneAndCollected(first!.id, first!.due!);
    expect(paymentsOf(first!.id)).toEqual([]);
    // A late skip's fee after the mandate ended is not collected by Direct Debit: the office arranges it (decision 109).
    clock.set(new Date(new Date(second!.due!).getTime() - 5 * HOUR));
    cat.token = await server.login(cat.email, cat.password);
    const skipped = await send(server, 'POST', `/services/order/${second!.id}/skip`, { token: cat.token });
    expect((skipped.body as { message: string }).message)
      .toMatch(/^Visit skipped: a £[\d.]+ late fee is due; your Direct Debit mandate is cancelled, so the office will contact you to arrange payment$/);
    clock.set(new Date(new Date(second!.due!).getTime() + HOUR));
    await runJob();
    expect(paymentsOf(second!.id)).toEqual([]);
  });

  it('collects a late skip\'s fee by Direct Debit once the visit\'s time has passed, invoiced with its receipt; a visit skipped free owes nothing (decision 109)', async () => {
    const eve = await server.createCustomer({ name: 'Eve Late Skip' });
    const { series } = await ddSeries(eve);
    const [free, late] = [series.visits[0]!, series.visits[1]!];
    expect((await send(server, 'POST', `/services/order/${free.id}/skip`, { token: eve.token })).body).toEqual({ message: 'Visit skipped', fee: 0, visits: 1 });
    // Five hours before the visit: the terms' late fee.
    clock.set(new Date(new Date(late.due!).getTime() - 5 * HOUR));
    eve.token = await server.login(eve.email, eve.password);
    const skipped = await send(server, 'POST', `/services/order/${late.id}/skip`, { token: eve.token });
    expect(skipped.status).toBe(201);
    const fee = pence((skipped.body as { fee: number }).fee);
    expect(fee).toBeGreaterThan(0);
    const feeText = `£${(fee / 100).toFixed(2)}`;
    expect((skipped.body as { message: string }).message).toBe(`Visit skipped: a ${feeText} late fee is due; it is collected by Direct Debit after the visit\u2019s time`);
    const mail = (await mailsTo(eve.email, 'Visit skipped')).at(-1)!;
    expect(mail.text).toContain(`${feeText} is now due on this visit: it is collected by Direct Debit after the visit\u2019s time. Pressing Undo takes it away.`);
    expect(mail.text).not.toContain('Pay now');
    expect(await ddHistory(late.id)).toEqual([`Late fee of ${feeText} owed: to be collected by Direct Debit after the visit's time`]);
    // Not before the visit's time: Undo could still take the fee away.
    await runJob();
    expect(paymentsOf(late.id)).toEqual([]);

    clock.set(new Date(new Date(late.due!).getTime() + HOUR));
    await runJob();
    await runJob();
    expect(paymentsOf(free.id)).toEqual([]);
    const [payment, ...more] = paymentsOf(late.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ amount: fee, currency: 'GBP', idempotencyKey: `visit-order-${late.id}-${fee}` });
    expect(payment!.description).toMatch(/^Order #\d+: late fee$/);
    expect((await gc.collect(payment!.id)).status).toBe(200);
    expect(await ledgerOf(late.id)).toEqual([{ kind: 'payment', name: 'Direct Debit collection', amount: fee, reference: payment!.id }]);
    // Invoiced as a paid fee is, with the collection; the receipt carries it, its figure the ledger's.
    const [receipt, ...again] = await mailsTo(eve.email, 'Payment received');
    expect(again).toEqual([]);
    expect(receipt!.text).toContain(`We collected ${feeText} by Direct Debit`);
    expect(receipt!.text).toMatch(/VAT invoice \d{6} for /);
    expect(await documentsOf(late.id)).toEqual({ invoices: [fee], creditNotes: 0 });
    expect(await documentsOf(free.id)).toEqual({ invoices: [], creditNotes: 0 });
    expect(await ddHistory(late.id)).toEqual([
      `Late fee of ${feeText} owed: to be collected by Direct Debit after the visit's time`,
      `Collection of the late fee, ${feeText}, asked for (${payment!.id})`,
      `Collected ${feeText} (${payment!.id})`,
    ]);
    expect(pence((await detail(late.id)).payment.balanceDue)).toBe(0);
  });

  it('refuses a webhook whose signature does not verify (498, as GoCardless documents), and one without it', async () => {
    const forged = await gc.send(JSON.stringify({ events: [] }), 'not-the-endpoint-secret');
    expect(forged.status).toBe(498);
    const response = await fetch(`${server.baseUrl}${WEBHOOKS}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"events":[]}' });
    expect([response.status, await response.json()]).toEqual([498, { message: 'The webhook signature does not verify' }]);
  });

  it('refuses Direct Debit for a one-off booking', async () => {
    const dan = await server.createCustomer({ name: 'Dan Once' });
    const items = [{ id: house.items[0]!.id, quantity: 1 }];
    const placed = await send(server, 'POST', '/services/order/new', { token: dan.token, body: { service: house.serviceId, items } });
    const { response, error } = await checkout(server, dan.token, checkoutBody((placed.body as OrderSummary).id, new Date('2030-03-12T10:00:00.000Z'), 'direct_debit'));
    expect([response.status, error]).toEqual([400, { message: 'Direct Debit is for a series only (Weekly, Fortnightly or Monthly)' }]);
  });
});

describe('configuration (decision 093)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-more-than-32-bytes-long' };
  const live = { GOCARDLESS_ACCESS_TOKEN: 'live_abc123', GOCARDLESS_WEBHOOK_SECRET: 'a-webhook-secret-of-length' };

  it('takes a live token with its webhook secret; refuses a sandbox token in production unless a demo, and the fake\'s URL', () => {
    expect(loadConfig({ ...production, ...live }).goCardless).toEqual({ accessToken: 'live_abc123', webhookSecret: 'a-webhook-secret-of-length', environment: 'live', apiUrl: null });
    expect(() => loadConfig({ ...production, ...live, GOCARDLESS_WEBHOOK_SECRET: '' })).toThrow(/needs GOCARDLESS_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...production, ...live, GOCARDLESS_ACCESS_TOKEN: 'sandbox_abc123' })).toThrow(/sandbox token, which takes no real money/);
    expect(loadConfig({ ...production, ...live, GOCARDLESS_ACCESS_TOKEN: 'sandbox_abc123', ALLOW_TEST_PAYMENTS: 'true' }).goCardless?.environment).toBe('sandbox');
    expect(() => loadConfig({ ...production, ...live, GOCARDLESS_API_URL: 'http://127.0.0.1:4000' })).toThrow(ConfigError);
    expect(loadConfig({ ...production }).goCardless).toBeNull();
  });
});
