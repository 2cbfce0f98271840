import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { Mail } from '../../server/queue/mail';
import { directDebitRepository } from '../../server/repositories/direct-debit';
import { directDebitFeesRepository } from '../../server/repositories/direct-debit-fees';
import { checkoutOrder, type CheckoutDeps } from '../../server/services/checkout';
import { applyDirectDebitWebhook, collectDoneVisits, completeMandate, MANDATE_START_FAILED_MESSAGE, startMandate, type DirectDebitDeps } from '../../server/services/direct-debit';
import type { DirectDebitEvent, DirectDebitProvider } from '../../server/services/gocardless';
import { updateOrderStatus } from '../../server/services/orders-admin';
import { createOrder } from '../../server/services/orders';
import { createQuote } from '../../server/services/quotes';
import { listMySeries } from '../../server/services/series';
import { skipVisit } from '../../server/services/series-skip';
import type { TestDatabase } from '../api/support/test-database';
import { houseKeepingDatabase, newAccount, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * Direct Debit for series (decisions 093, 100, 108, 109) on a real seeded PGlite: the mandate kept
 * on the series, each done visit (and each late skip's fee) asked for once on a standing mandate,
 * GoCardless's events applied once each (collected, failed and retried, charged back, mandate
 * cancelled), and what My orders says of each visit. GoCardless is a small fake in this file that
 * answers as the provider does (the same payment for the same key); its events are given as data.
 * What the statements of repositories/direct-debit*.ts select shows here as a collection asked for
 * or not, a ledger line, a history line or a visit's state.
 */
const START = new Date('2030-03-01T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const OFFICE = 'office@sparkle.test';
const SIGNED = 'signed-by-gocardless';

interface AskedPayment { id: string; mandate: string; amountPence: number; description: string; orderId: number; idempotencyKey: string }

/** GoCardless as the shop sees it: billing requests the test fulfils, payments by idempotency key, retries asked for. */
function fakeGoCardless() {
  const billingRequests = new Map<string, string | null>();
  const payments: AskedPayment[] = [];
  const retries: string[] = [];
  /** Every payment asked for, a repeat included (the same key answers the same payment). */
  const calls: string[] = [];
  let requestNumber = 0;
  const provider: DirectDebitProvider = {
    name: 'GoCardless',
    async startMandate({ seriesId, redirectUri }) {
      const id = `BRQ${seriesId}x${++requestNumber}`;
      billingRequests.set(id, null);
      return { billingRequestId: id, url: `https://pay.gocardless.test/flow/${id}?back=${encodeURIComponent(redirectUri)}` };
    },
    async mandateOf(billingRequestId) {
      return billingRequests.get(billingRequestId) ?? null;
    },
    async createPayment(payment) {
      calls.push(payment.idempotencyKey);
      const same = payments.find((one) => one.idempotencyKey === payment.idempotencyKey);
      if (same) return { id: same.id, status: 'pending_submission' };
      const id = `PM${String(payments.length + 1).padStart(4, '0')}`;
      payments.push({ id, ...payment });
      return { id, status: 'pending_submission' };
    },
    async retryPayment(paymentId) {
      retries.push(paymentId);
    },
    verifyWebhook(body, signature) {
      if (signature !== SIGNED) return null;
      return (JSON.parse(body) as Array<Omit<DirectDebitEvent, 'createdAt'> & { createdAt: string }>).map((event) => ({ ...event, createdAt: new Date(event.createdAt) }));
    },
  };
  return { provider, billingRequests, payments, retries, calls };
}

let testDb: TestDatabase;
let db: Database;
let admin: AuthUser;
let serviceId: number;
let bedroom: number;
const gc = fakeGoCardless();
const mails: Mail[] = [];
const outbox = { add: async (_tx: Database, mail: Mail) => void mails.push(mail), site: { publicUrl: 'https://sparkle.example.co.uk', vatNumber: 'GB 123 4567 89' } };
let eventNumber = 0;

const ddDeps = (now: Date): DirectDebitDeps => ({ db, directDebit: gc.provider, outbox, now, office: OFFICE });
const checkoutDeps = (now: Date): CheckoutDeps => ({ db, payments: null, outbox, now, directDebit: gc.provider });

/** GoCardless's webhook with these events (each a new id unless given), signed. */
async function webhook(now: Date, ...events: Array<Partial<DirectDebitEvent> & Pick<DirectDebitEvent, 'resourceType' | 'action'>>) {
  const body = JSON.stringify(events.map((event) => ({
    id: `EV${++eventNumber}`, createdAt: now.toISOString(), payment: null, mandate: null, billingRequest: null, mandateRequestMandate: null, cause: null, description: null, ...event,
  })));
  return applyDirectDebitWebhook(ddDeps(now), body, SIGNED);
}

let customerNumber = 0;
/** A new customer's weekly series from `date` 10:00 (UK) paid by `payment`: the customer and the series' visits, soonest first. */
async function weeklySeries(date: string, payment: 'direct_debit' | 'cash' = 'direct_debit') {
  const account = await newAccount(db, `dd-${++customerNumber}@example.test`, 'a-long-enough-password', `Customer ${customerNumber}`);
  const customer: AuthUser = { id: account.id, name: `Customer ${customerNumber}`, email: account.email, roles: ['ROLE_USER'] };
  const items = [{ id: bedroom, quantity: 1 }];
  const quote = await createQuote(db, { service: serviceId, items, frequency: 'weekly' }, START);
  const order = await createOrder(db, customer, { service: serviceId, items, quote: quote.id }, START);
  const answer = await checkoutOrder(checkoutDeps(START), customer, {
    order: order.id, due_date: date, due_time: '10:00', address: '1 Test Street', phone: '020 7946 0000', city: 'London',
    code_postal: 'se22 8ab', client_note: '', payment,
  }, undefined);
  const [row] = await db.query<{ id: number }>('SELECT series_id AS id FROM orders WHERE id = $1', [order.id]);
  const seriesId = Number(row!.id);
  const visits = await db.query<{ id: number; due_at: Date; total: number }>(
    'SELECT id, due_at, total::integer AS total FROM orders WHERE series_id = $1 ORDER BY due_at', [seriesId]);
  return { customer, seriesId, answer, visits: visits.map((visit) => ({ id: Number(visit.id), due: new Date(visit.due_at), total: Number(visit.total) })) };
}

/** The customer finished GoCardless's page: the billing request gave `mandate`, and the browser came back. */
async function setUp(seriesId: number, mandate: string) {
  const series = await directDebitRepository(db).mandateOfSeries(seriesId);
  gc.billingRequests.set(series!.dd_billing_request!, mandate);
  expect(await completeMandate(ddDeps(START), seriesId)).toBe(true);
}

/** Staff mark the visit completed an hour after its start. */
const complete = (id: number, due: Date) =>
  updateOrderStatus(db, admin, id, 'completed', { status: 'completed' }, new Date(due.getTime() + HOUR), outbox);

const seriesRow = async (id: number) =>
  (await db.query<{ dd_billing_request: string | null; dd_mandate: string | null; dd_mandate_at: Date | null; dd_mandate_ended_at: Date | null }>(
    'SELECT dd_billing_request, dd_mandate, dd_mandate_at, dd_mandate_ended_at FROM booking_series WHERE id = $1', [id]))[0]!;
const askedFor = (orderId: number) => gc.payments.filter((payment) => payment.orderId === orderId);
const ddHistory = async (orderId: number) =>
  (await db.query<{ to_value: string }>(`SELECT to_value FROM audit_log WHERE order_id = $1 AND action = 'order.direct_debit' ORDER BY id`, [orderId])).map((row) => row.to_value);
const moneyLines = async (orderId: number) =>
  (await db.query<{ kind: string; name: string; amount: number; reference: string | null }>(
    `SELECT kind, name, amount::integer AS amount, reference FROM order_ledger WHERE order_id = $1 AND kind IN ('payment', 'refund') ORDER BY id`, [orderId]))
    .map((line) => ({ ...line, amount: Number(line.amount) }));
const paidOf = async (orderId: number) =>
  (await db.query<{ paid_amount: number | null; payment_ref: string | null }>('SELECT paid_amount::integer AS paid_amount, payment_ref FROM orders WHERE id = $1', [orderId]))[0]!;
/** What My orders says of the series and each visit it lists, at `now`. */
async function myOrders(customer: AuthUser, now: Date) {
  const [series] = await listMySeries(db, customer, now);
  return { mandate: series!.directDebit, visits: series!.visits.map((visit) => [visit.id, visit.payment.directDebit?.state ?? null, visit.payment.directDebit?.amount ?? null]) };
}

beforeAll(async () => {
  let jane;
  ({ testDb, db, jane, serviceId } = await houseKeepingDatabase());
  void jane;
  admin = await seededUser(db, 'admin@sparkle.test');
  const [row] = await db.query<{ id: number }>(`SELECT i.id FROM service_items i WHERE i.service_id = $1 AND i.name = 'Bedroom'`, [serviceId]);
  bedroom = Number(row!.id);
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

const day = (date: string, time = '12:00') => new Date(`${date}T${time}:00.000Z`);
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

describe('the mandate of a series by Direct Debit', () => {
  it('keeps the billing request until a mandate is given, then the mandate once; each series its own', async () => {
    const ann = await weeklySeries('2030-03-11');
    const bob = await weeklySeries('2030-03-12');
    const cy = await weeklySeries('2030-03-10');
    expect(ann.answer.shippingInfo).toBe(`https://pay.gocardless.test/flow/BRQ${ann.seriesId}x1?back=${encodeURIComponent(`https://sparkle.example.co.uk/payments/direct-debit/return/${ann.seriesId}`)}`);
    const annRequest = (await seriesRow(ann.seriesId)).dd_billing_request!;
    const bobRequest = (await seriesRow(bob.seriesId)).dd_billing_request!;
    expect(annRequest).toMatch(/^BRQ\d+x\d+$/);
    expect(bobRequest).not.toBe(annRequest);
    expect(await myOrders(ann.customer, START)).toEqual({ mandate: 'pending', visits: ann.visits.map((visit) => [visit.id, 'mandate_pending', 21.25]) });

    // Back from the page before finishing it: no mandate yet.
    expect(await completeMandate(ddDeps(START), ann.seriesId)).toBe(false);
    // Tried again from My orders: the new billing request replaces the first one (no mandate yet), on Ann's series only.
    await startMandate({ db, directDebit: gc.provider }, ann.seriesId, ann.customer.email, 'https://sparkle.example.co.uk');
    const again = (await seriesRow(ann.seriesId)).dd_billing_request!;
    expect(again).not.toBe(annRequest);
    expect(await seriesRow(bob.seriesId)).toEqual({ dd_billing_request: bobRequest, dd_mandate: null, dd_mandate_at: null, dd_mandate_ended_at: null });

    await setUp(ann.seriesId, 'MDANN1');
    expect(await seriesRow(ann.seriesId)).toEqual({ dd_billing_request: again, dd_mandate: 'MDANN1', dd_mandate_at: START, dd_mandate_ended_at: null });
    expect(await seriesRow(bob.seriesId)).toMatchObject({ dd_mandate: null });
    expect(await myOrders(ann.customer, START)).toEqual({ mandate: 'set_up', visits: ann.visits.map((visit) => [visit.id, 'after_the_visit', 21.25]) });
    expect(await myOrders(bob.customer, START)).toMatchObject({ mandate: 'pending' });

    // Once the mandate is kept, neither a new billing request nor another mandate replaces it.
    await startMandate({ db, directDebit: gc.provider }, ann.seriesId, ann.customer.email, 'https://sparkle.example.co.uk');
    await directDebitRepository(db).setMandate(ann.seriesId, 'MDOTHER', day('2030-03-02'));
    expect(await seriesRow(ann.seriesId)).toEqual({ dd_billing_request: again, dd_mandate: 'MDANN1', dd_mandate_at: START, dd_mandate_ended_at: null });
    expect(await completeMandate(ddDeps(START), ann.seriesId)).toBe(true);

    // GoCardless says Bob's billing request is fulfilled before his browser is back: his series keeps the mandate, Ann's stays.
    await webhook(START, { resourceType: 'billing_requests', action: 'fulfilled', billingRequest: bobRequest, mandateRequestMandate: 'MDBOB1' });
    await webhook(START, { resourceType: 'billing_requests', action: 'fulfilled', billingRequest: bobRequest, mandateRequestMandate: 'MDBOB2' });
    expect(await seriesRow(bob.seriesId)).toEqual({ dd_billing_request: bobRequest, dd_mandate: 'MDBOB1', dd_mandate_at: START, dd_mandate_ended_at: null });
    expect((await seriesRow(ann.seriesId)).dd_mandate).toBe('MDANN1');
    // Cy has not finished the page: his series still waits for its mandate.
    expect(await seriesRow(cy.seriesId)).toMatchObject({ dd_mandate: null, dd_mandate_at: null });
    expect(await myOrders(bob.customer, START)).toMatchObject({ mandate: 'set_up' });
    expect(await myOrders(cy.customer, START)).toMatchObject({ mandate: 'pending' });
  });

  it("a series whose GoCardless page could not be opened is placed, and waits for its mandate on My orders", async () => {
    const startMandateOf = gc.provider.startMandate;
    gc.provider.startMandate = async () => Promise.reject(new Error('GoCardless could not be reached'));
    try {
      await refused(weeklySeries('2030-03-09'), 502, MANDATE_START_FAILED_MESSAGE);
    } finally {
      gc.provider.startMandate = startMandateOf;
    }
    const [row] = await db.query<{ id: number; user_id: number }>(
      `SELECT b.id, b.user_id FROM booking_series b JOIN orders o ON o.id = b.first_order_id WHERE o.due_at = '2030-03-09T10:00:00Z'`);
    expect(await seriesRow(Number(row!.id))).toEqual({ dd_billing_request: null, dd_mandate: null, dd_mandate_at: null, dd_mandate_ended_at: null });
    const customer: AuthUser = { id: Number(row!.user_id), name: 'Customer', email: 'unused@example.test', roles: ['ROLE_USER'] };
    expect(await myOrders(customer, START)).toMatchObject({ mandate: 'pending', visits: expect.arrayContaining([[expect.any(Number), 'mandate_pending', 21.25]]) });
  });

  it('a series paid cash has no Direct Debit on My orders', async () => {
    const cash = await weeklySeries('2030-03-13', 'cash');
    const [series] = await listMySeries(db, cash.customer, START);
    expect(series!.directDebit).toBeUndefined();
    expect(series!.visits.map((visit) => visit.payment.directDebit)).toEqual(cash.visits.map(() => undefined));
  });
});

describe('collecting done visits', () => {
  it('asks once for each done visit owing its price on a standing mandate, soonest first; none for others', async () => {
    const later = await weeklySeries('2030-03-18');
    const sooner = await weeklySeries('2030-03-17');
    const pending = await weeklySeries('2030-03-19');
    const cash = await weeklySeries('2030-03-20', 'cash');
    const ended = await weeklySeries('2030-03-21');
    await setUp(later.seriesId, 'MDLATER');
    await setUp(sooner.seriesId, 'MDSOONER');
    await setUp(ended.seriesId, 'MDENDED');
    await webhook(day('2030-03-16'), { resourceType: 'mandates', action: 'cancelled', mandate: 'MDENDED' });
    for (const series of [later, sooner, pending, cash, ended]) await complete(series.visits[0]!.id, series.visits[0]!.due);
    // Later's second visit is done and was paid some other way; its third is not done.
    await complete(later.visits[1]!.id, later.visits[1]!.due);
    await directDebitRepository(db).markCollected(later.visits[1]!.id, { amount: 2125, at: day('2030-03-25'), ref: 'paid-on-the-day' });
    expect(await paidOf(later.visits[1]!.id)).toEqual({ paid_amount: 2125, payment_ref: 'paid-on-the-day' });
    expect(await paidOf(later.visits[0]!.id)).toEqual({ paid_amount: null, payment_ref: null });

    const mine = new Set([later, sooner, pending, cash, ended].flatMap((series) => series.visits.map((visit) => visit.id)));
    const due = async (limit: number) => (await directDebitRepository(db).doneUncollected(limit)).filter((row) => mine.has(row.id));
    expect(await due(100)).toEqual([{ id: sooner.visits[0]!.id, mandate: 'MDSOONER' }, { id: later.visits[0]!.id, mandate: 'MDLATER' }]);
    expect(await due(1)).toEqual([{ id: sooner.visits[0]!.id, mandate: 'MDSOONER' }]);

    const now = day('2030-03-26');
    const before = gc.payments.length;
    expect(await collectDoneVisits(ddDeps(now))).toBe(2);
    const asked = gc.payments.slice(before);
    expect(asked.map((payment) => [payment.orderId, payment.mandate, payment.amountPence, payment.idempotencyKey])).toEqual([
      [sooner.visits[0]!.id, 'MDSOONER', 2125, `visit-order-${sooner.visits[0]!.id}-2125`],
      [later.visits[0]!.id, 'MDLATER', 2125, `visit-order-${later.visits[0]!.id}-2125`],
    ]);
    expect(asked[0]!.description).toMatch(/^Order #\d+: visit$/);
    expect(await ddHistory(sooner.visits[0]!.id)).toEqual([`Collection of £21.25 asked for (${asked[0]!.id})`]);
    for (const series of [pending, cash, ended]) expect(askedFor(series.visits[0]!.id)).toEqual([]);
    expect(askedFor(later.visits[1]!.id)).toEqual([]);
    expect(askedFor(later.visits[2]!.id)).toEqual([]);
    expect(await due(100)).toEqual([]);
    expect(await myOrders(sooner.customer, now)).toMatchObject({ visits: expect.arrayContaining([[sooner.visits[0]!.id, 'asked', 21.25]]) });

    // Run again: nothing is asked twice, nor even asked of GoCardless again.
    const calls = gc.calls.length;
    expect(await collectDoneVisits(ddDeps(now))).toBe(0);
    expect(gc.calls.length).toBe(calls);
    // The same GoCardless payment is kept once.
    expect(await directDebitRepository(db).addPayment({ id: asked[0]!.id, orderId: sooner.visits[0]!.id, amount: 2125, status: 'pending_submission', at: now })).toBe(false);
    expect(await db.query('SELECT id FROM direct_debit_payments WHERE order_id = $1', [sooner.visits[0]!.id])).toEqual([{ id: asked[0]!.id }]);
  });

  it("collects a late skip's fee once the visit's time has passed, on a standing mandate only; a free skip owes nothing", async () => {
    const eve = await weeklySeries('2030-04-01');
    const gone = await weeklySeries('2030-04-02');
    const notYet = await weeklySeries('2030-04-03');
    await setUp(eve.seriesId, 'MDEVE');
    await setUp(gone.seriesId, 'MDGONE');
    const [free, late] = [eve.visits[0]!, eve.visits[1]!];
    expect(await skipVisit({ db, outbox, now: START, payments: null }, eve.customer, free.id)).toEqual({ message: 'Visit skipped', fee: 0, visits: 1 });
    const skipped = await skipVisit({ db, outbox, now: new Date(late.due.getTime() - 5 * HOUR), payments: null }, eve.customer, late.id);
    const fee = Math.round(skipped.fee * 100);
    expect(fee).toBeGreaterThan(0);
    expect(skipped.message).toBe(`Visit skipped: a ${pounds(fee)} late fee is due; it is collected by Direct Debit after the visit\u2019s time`);
    expect(await ddHistory(late.id)).toEqual([`Late fee of ${pounds(fee)} owed: to be collected by Direct Debit after the visit's time`]);

    // The same late skip on a series whose mandate was cancelled, and on one whose mandate is not set up yet.
    await webhook(START, { resourceType: 'mandates', action: 'cancelled', mandate: 'MDGONE' });
    const goneSkip = await skipVisit({ db, outbox, now: new Date(gone.visits[1]!.due.getTime() - 5 * HOUR), payments: null }, gone.customer, gone.visits[1]!.id);
    expect(goneSkip.message).toBe(`Visit skipped: a ${pounds(fee)} late fee is due; your Direct Debit mandate is cancelled, so the office will contact you to arrange payment`);
    expect(await ddHistory(gone.visits[1]!.id)).toEqual([
      'Mandate cancelled (cancelled): not collected by Direct Debit (MDGONE)',
      `Late fee of ${pounds(fee)} owed: the mandate is cancelled, not collected by Direct Debit`,
    ]);
    await skipVisit({ db, outbox, now: new Date(notYet.visits[1]!.due.getTime() - 5 * HOUR), payments: null }, notYet.customer, notYet.visits[1]!.id);

    const mine = new Set([eve, gone, notYet].flatMap((series) => series.visits.map((visit) => visit.id)));
    const owing = async () => (await directDebitFeesRepository(db).cancelledOwingUncollected(100)).filter((row) => mine.has(row.id));
    expect(await owing()).toEqual([{ id: late.id, mandate: 'MDEVE' }]);

    // Not before the visit's time: Undo could still take the fee away.
    expect(await collectDoneVisits(ddDeps(new Date(late.due.getTime() - HOUR)))).toBe(0);
    expect(askedFor(late.id)).toEqual([]);
    const after = new Date(late.due.getTime() + HOUR);
    expect(await collectDoneVisits(ddDeps(after))).toBe(1);
    const [payment, ...more] = askedFor(late.id);
    expect(more).toEqual([]);
    expect([payment!.amountPence, payment!.mandate, payment!.idempotencyKey]).toEqual([fee, 'MDEVE', `visit-order-${late.id}-${fee}`]);
    expect(payment!.description).toMatch(/^Order #\d+: late fee$/);
    for (const id of [free.id, gone.visits[1]!.id, notYet.visits[1]!.id]) expect(askedFor(id)).toEqual([]);
    expect(await owing()).toEqual([]);
    expect(await ddHistory(late.id)).toEqual([
      `Late fee of ${pounds(fee)} owed: to be collected by Direct Debit after the visit's time`,
      `Collection of the late fee, ${pounds(fee)}, asked for (${payment!.id})`,
    ]);
    // Two days on, My orders still lists the skipped visit whose fee is being collected, not the one skipped free.
    const listed = (await myOrders(eve.customer, new Date(late.due.getTime() + 48 * HOUR))).visits;
    expect(listed[0]).toEqual([late.id, 'asked', fee / 100]);
    expect(listed.map(([id]) => id)).not.toContain(free.id);
  });
});

describe("GoCardless's events", () => {
  it('a confirmed collection is a ledger line, the visit paid, one receipt; the same event again, or an older one, changes nothing', async () => {
    const kim = await weeklySeries('2030-05-06');
    await setUp(kim.seriesId, 'MDKIM');
    const [first, second] = [kim.visits[0]!, kim.visits[1]!];
    await complete(first.id, first.due);
    await complete(second.id, second.due);
    const asked = day('2030-05-14');
    expect(await collectDoneVisits(ddDeps(asked))).toBe(2);
    const [one] = askedFor(first.id);
    const [two] = askedFor(second.id);

    const confirmedAt = day('2030-05-17');
    const mailed = mails.length;
    await webhook(confirmedAt, { id: 'EVKIMCONFIRMED', resourceType: 'payments', action: 'confirmed', payment: one!.id });
    expect(await moneyLines(first.id)).toEqual([{ kind: 'payment', name: 'Direct Debit collection', amount: 2125, reference: one!.id }]);
    expect(await paidOf(first.id)).toEqual({ paid_amount: 2125, payment_ref: one!.id });
    expect(await ddHistory(first.id)).toEqual([`Collection of £21.25 asked for (${one!.id})`, `Collected £21.25 (${one!.id})`]);
    expect(mails.slice(mailed).map((mail) => [mail.to, mail.subject.startsWith('Payment received')])).toEqual([[kim.customer.email, true]]);
    const [payment] = await db.query<{ status: string; failures: number; last_event_at: Date }>('SELECT status, failures, last_event_at FROM direct_debit_payments WHERE id = $1', [one!.id]);
    expect(payment).toEqual({ status: 'confirmed', failures: 0, last_event_at: confirmedAt });
    // The other visit's payment and order are untouched.
    expect(await paidOf(second.id)).toEqual({ paid_amount: null, payment_ref: null });
    expect(await db.query('SELECT status, failures, last_event_at FROM direct_debit_payments WHERE id = $1', [two!.id])).toEqual([{ status: 'pending_submission', failures: 0, last_event_at: null }]);
    expect((await myOrders(kim.customer, confirmedAt)).visits.slice(0, 2)).toEqual([[first.id, 'collected', 21.25], [second.id, 'asked', 21.25]]);

    // The same event delivered again, and an older event of that payment: nothing more.
    await webhook(confirmedAt, { id: 'EVKIMCONFIRMED', resourceType: 'payments', action: 'confirmed', payment: one!.id });
    await webhook(day('2030-05-15'), { resourceType: 'payments', action: 'failed', payment: one!.id });
    expect(await moneyLines(first.id)).toEqual([{ kind: 'payment', name: 'Direct Debit collection', amount: 2125, reference: one!.id }]);
    expect(await db.query('SELECT status, failures FROM direct_debit_payments WHERE id = $1', [one!.id])).toEqual([{ status: 'confirmed', failures: 0 }]);
    expect(mails.length).toBe(mailed + 1);
    // A payment the shop never asked for changes nothing.
    await webhook(confirmedAt, { resourceType: 'payments', action: 'confirmed', payment: 'PMUNKNOWN' });
    expect(await moneyLines(second.id)).toEqual([]);

    // A chargeback later gives the money back and tells the customer and the office.
    await webhook(day('2030-06-20'), { resourceType: 'payments', action: 'charged_back', payment: one!.id, description: 'The customer disputed it' });
    expect(await moneyLines(first.id)).toEqual([
      { kind: 'payment', name: 'Direct Debit collection', amount: 2125, reference: one!.id },
      { kind: 'refund', name: 'Direct Debit chargeback', amount: 2125, reference: one!.id },
    ]);
    expect(mails.slice(mailed + 1).map((mail) => mail.to)).toEqual([kim.customer.email, OFFICE]);
    expect((await myOrders(kim.customer, day('2030-06-20'))).visits.find(([id]) => id === first.id)).toEqual([first.id, 'charged_back', 21.25]);
  });

  it('a failed collection is retried once; failing again mails the customer and the office', async () => {
    const lee = await weeklySeries('2030-05-07');
    await setUp(lee.seriesId, 'MDLEE');
    const visit = lee.visits[0]!;
    await complete(visit.id, visit.due);
    await collectDoneVisits(ddDeps(day('2030-05-08')));
    const [payment] = askedFor(visit.id);
    const mailed = mails.length;
    await webhook(day('2030-05-11'), { resourceType: 'payments', action: 'failed', payment: payment!.id, description: 'Insufficient funds' });
    expect(gc.retries.filter((id) => id === payment!.id)).toHaveLength(1);
    expect(await db.query('SELECT status, failures FROM direct_debit_payments WHERE id = $1', [payment!.id])).toEqual([{ status: 'failed', failures: 1 }]);
    expect((await myOrders(lee.customer, day('2030-05-11'))).visits[0]).toEqual([visit.id, 'retrying', 21.25]);
    expect(mails.length).toBe(mailed);
    await webhook(day('2030-05-12'), { resourceType: 'payments', action: 'submitted', payment: payment!.id });
    await webhook(day('2030-05-15'), { resourceType: 'payments', action: 'failed', payment: payment!.id, description: 'Insufficient funds' });
    expect(gc.retries.filter((id) => id === payment!.id)).toHaveLength(1);
    expect(await db.query('SELECT status, failures FROM direct_debit_payments WHERE id = $1', [payment!.id])).toEqual([{ status: 'failed', failures: 2 }]);
    expect((await myOrders(lee.customer, day('2030-05-15'))).visits[0]).toEqual([visit.id, 'failed', 21.25]);
    expect(mails.slice(mailed).map((mail) => mail.to)).toEqual([lee.customer.email, OFFICE]);
    expect(await ddHistory(visit.id)).toEqual([
      `Collection of £21.25 asked for (${payment!.id})`,
      `Collection of £21.25 failed (Insufficient funds): tried again (${payment!.id})`,
      `Collection of £21.25 failed again (Insufficient funds): customer mailed, office told (${payment!.id})`,
    ]);

    // The visit's latest collection is the one My orders reads: a new payment asked for it later.
    await directDebitRepository(db).addPayment({ id: 'PMLEEAGAIN', orderId: visit.id, amount: 2125, status: 'pending_submission', at: day('2030-05-20') });
    expect((await myOrders(lee.customer, day('2030-05-20'))).visits[0]).toEqual([visit.id, 'asked', 21.25]);
  });

  it('a cancelled mandate stops the collections: the visits not collected say so, the first one tells customer and office, once', async () => {
    const max = await weeklySeries('2030-06-03');
    const other = await weeklySeries('2030-06-04');
    await setUp(max.seriesId, 'MDMAX');
    await setUp(other.seriesId, 'MDOTHERSERIES');
    const [asked, skipped, paid, ...open] = max.visits;
    await complete(asked!.id, asked!.due);
    await collectDoneVisits(ddDeps(day('2030-06-04')));
    await skipVisit({ db, outbox, now: START, payments: null }, max.customer, skipped!.id);
    await directDebitRepository(db).markCollected(paid!.id, { amount: 2125, at: START, ref: 'paid-ahead' });
    const now = day('2030-06-05');
    const mailed = mails.length;
    await webhook(now, { resourceType: 'mandates', action: 'cancelled', mandate: 'MDMAX', description: 'The customer cancelled it at the bank' });
    expect((await seriesRow(max.seriesId)).dd_mandate_ended_at).toEqual(now);
    expect((await seriesRow(other.seriesId)).dd_mandate_ended_at).toBeNull();
    for (const visit of [asked!, skipped!, paid!]) expect(await ddHistory(visit.id)).not.toContainEqual(expect.stringMatching(/^Mandate/));
    expect(await Promise.all(open.map((visit) => ddHistory(visit.id)))).toEqual(open.map((_, index) => [
      `Mandate cancelled (The customer cancelled it at the bank): not collected by Direct Debit${index === 0 ? '; customer mailed, office told' : ''} (MDMAX)`,
    ]));
    expect(mails.slice(mailed).map((mail) => mail.to)).toEqual([max.customer.email, OFFICE]);
    // The customer's mail is about the first visit not collected.
    const [next] = await db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [open[0]!.id]);
    expect(mails.at(-2)!.text).toContain(`Order #${next!.reference} (House Keeping): Your Direct Debit mandate for this series has been cancelled`);
    for (const visit of other.visits) expect(await ddHistory(visit.id)).toEqual([]);
    expect(await myOrders(max.customer, now)).toMatchObject({ mandate: 'ended' });
    expect((await myOrders(max.customer, now)).visits.find(([id]) => id === open[0]!.id)).toEqual([open[0]!.id, 'mandate_ended', 21.25]);

    // Told once: the mandate expiring later, or a mandate nobody knows, changes nothing.
    await webhook(day('2030-06-06'), { resourceType: 'mandates', action: 'expired', mandate: 'MDMAX' });
    await webhook(day('2030-06-06'), { resourceType: 'mandates', action: 'cancelled', mandate: 'MDNOBODY' });
    expect((await seriesRow(max.seriesId)).dd_mandate_ended_at).toEqual(now);
    expect(await ddHistory(open[0]!.id)).toHaveLength(1);
    expect(mails.length).toBe(mailed + 2);
  });
});

describe('My orders keeps a Direct Debit visit while its money moves (decision 108)', () => {
  it('lists an older visit owing or collected in the last 30 days, never one skipped with nothing asked', async () => {
    const sue = await weeklySeries('2030-07-01');
    await setUp(sue.seriesId, 'MDSUE');
    const [collected, skipped, owing, ...rest] = sue.visits;
    await skipVisit({ db, outbox, now: START, payments: null }, sue.customer, skipped!.id);
    await complete(collected!.id, collected!.due);
    await collectDoneVisits(ddDeps(day('2030-07-02')));
    await webhook(day('2030-07-05'), { resourceType: 'payments', action: 'confirmed', payment: askedFor(collected!.id)[0]!.id });
    await complete(owing!.id, owing!.due);
    const listed = async (now: Date) => (await myOrders(sue.customer, now)).visits.map(([id, state]) => [id, state]);
    // 28 July: everything due before 27 July is older; Sue's first visit was collected 23 days ago.
    const recent = rest.filter((visit) => visit.due.getTime() >= day('2030-07-27').getTime());
    const olderOpen = rest.filter((visit) => visit.due.getTime() < day('2030-07-27').getTime());
    expect(await listed(day('2030-07-28'))).toEqual([
      [collected!.id, 'collected'], [owing!.id, 'after_the_visit'], ...olderOpen.map((visit) => [visit.id, 'after_the_visit']), ...recent.map((visit) => [visit.id, 'after_the_visit']),
    ]);
    // 6 August: the collection moved 32 days ago, settled: no longer listed; the one owing still is.
    expect((await listed(day('2030-08-06'))).slice(0, 2)).toEqual([[owing!.id, 'after_the_visit'], [olderOpen[0]?.id ?? recent[0]!.id, 'after_the_visit']]);
  });
});
