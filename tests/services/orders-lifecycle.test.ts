import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { HttpError } from '../../server/lib/http-error';
import { checkoutOrder, CHECKOUT_MESSAGE, type CheckoutDeps } from '../../server/services/checkout';
import type { Mail } from '../../server/queue/mail';
import { getOrder, listOrders, updateOrderStatus, STALE_ORDER_MESSAGE } from '../../server/services/orders-admin';
import { createOrder, getServiceItems, listMyOrders } from '../../server/services/orders';
import { confirmPayment } from '../../server/services/payments';
import { accountsCsvStream } from '../../server/services/accounts-csv';
import { getReceipt } from '../../server/services/receipts';
import { decideRefund, listRefunds, requestRefund, REFUND_REQUESTED_MESSAGE } from '../../server/services/refunds';
import { getStats, getWeeklyStats, weekStart } from '../../server/services/stats';
import { createTestPaymentProvider, paySession, SIGNATURE_HEADER } from '../../server/services/test-payment-provider';
import { createTestDatabase, roomForBookings, type TestDatabase } from '../api/support/test-database';

/** The lists are paged on the server; these tests read the first hundred rows. */
const FIRST_PAGE = { limit: 100, page: 1 };

/**
 * The order lifecycle rules of docs/requirements.md (R-BOOK, R-PAY, R-CANCEL, R-ADMIN), called
 * directly on a real seeded PGlite database — the same services the API answers with, without
 * HTTP in between, so that mutation testing (`npm run mutation`) can run them per mutant.
 * The HTTP contract of the same rules is tested in tests/api/.
 */
const HOUR = 3_600_000;
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)

let testDb: TestDatabase;
let db: Database;
/** Mails the services wrote to the outbox, with the database handle they were written on. */
const written: { tx: Database; mail: Mail }[] = [];
let jane: AuthUser;
let other: AuthUser;
let admin: AuthUser;
let service: { id: number; name: string; items: { id: number; name: string; price: number }[] };
let otherServiceItem: number;

async function user(email: string): Promise<AuthUser> {
  const [row] = await db.query<AuthUser>('SELECT id, name, email, roles FROM users WHERE email = $1', [email]);
  return row!;
}

async function newCustomer(email: string): Promise<AuthUser> {
  const [row] = await db.query<AuthUser>(
    `INSERT INTO users (name, email, password_hash, roles) VALUES ($1, $2, 'x', ARRAY['ROLE_USER']) RETURNING id, name, email, roles`,
    [`Customer ${email}`, email],
  );
  return row!;
}

const SECRET = 'services-test-secret';
const deps = (now = NOW): CheckoutDeps => ({
  db,
  payments: createTestPaymentProvider({ db, secret: SECRET, now: () => now }),
  outbox: {
    add: async (tx, mail) => {
      written.push({ tx, mail });
    },
    site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' },
  },
  now,
});

const details = (order: number, due: { date: string; time: string }, payment: 'cash' | 'card' = 'cash') => ({
  order,
  due_date: due.date,
  due_time: due.time,
  address: '221B Baker Street',
  phone: '020 7946 0000',
  city: 'London',
  code_postal: 'nw1 6xe',
  client_note: 'The key is under the mat.',
  payment,
});
/** Two days ahead, 10:00 UK time. */
const later = { date: '2030-01-09', time: '10:00' };

async function placed(customer = jane, items = [{ id: service.items[0]!.id, quantity: 2 }]) {
  return createOrder(db, customer, { service: service.id, items }, NOW);
}

async function booked(due = later, customer = jane, payment: 'cash' | 'card' = 'cash') {
  const order = await placed(customer);
  await checkoutOrder(deps(), customer, details(order.id, due, payment), undefined);
  return order;
}

/** A card order paid through the test provider (its page's Pay, then its signed notification). */
async function paidCard(due = later, customer = jane) {
  const order = await placed(customer);
  const { shippingInfo } = (await checkoutOrder(deps(), customer, details(order.id, due, 'card'), undefined)) as { shippingInfo: string };
  const notification = await paySession(db, SECRET, shippingInfo.split('/').at(-1)!, NOW);
  await confirmPayment(deps(), { headers: { [SIGNATURE_HEADER]: notification!.signature }, body: notification!.body });
  return order;
}

/** A booked order whose job started an hour before `now`, as time passing would (bookings need 24 hours' notice). */
async function started(now = NOW) {
  const order = await booked();
  await db.query('UPDATE orders SET due_at = $2 WHERE id = $1', [order.id, new Date(now.getTime() - HOUR)]);
  return order;
}

async function refused(promise: Promise<unknown>, status: number, message: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(status);
  if (typeof message === 'string') expect((error as HttpError).message).toBe(message);
  else expect((error as HttpError).message).toMatch(message);
}

// Under `npm run mutation` this file runs once per mutant in one long-lived worker; loading the
// database is most of a run, so there it is loaded once and shared (the tests count differences).
const shared = globalThis as { sparkleServicesDb?: Promise<TestDatabase> };
const reuse = process.env.SPARKLE_SHARED_TEST_DB === '1';
let unique = 0;
const uniqueEmail = (name: string) => `${name}-${process.pid}-${Date.now()}-${++unique}@services.test`;

beforeAll(async () => {
  testDb = await (reuse ? (shared.sparkleServicesDb ??= createTestDatabase()) : createTestDatabase());
  db = testDb.db;
  // These rules are not about capacity: room for every booking at the same hour (decision 015).
  await roomForBookings(db);
  jane = await user('customer@sparkle.test');
  admin = await user('admin@sparkle.test');
  other = await newCustomer(uniqueEmail('other'));
  const services = await db.query<{ id: number; name: string }>('SELECT id, name FROM services ORDER BY id');
  const items = await getServiceItems(db, services[0]!.id);
  service = { id: services[0]!.id, name: items.serviceName, items: items.items };
  const [foreign] = await db.query<{ id: number }>('SELECT id FROM service_items WHERE service_id <> $1 ORDER BY id LIMIT 1', [service.id]);
  otherServiceItem = foreign!.id;
}, 60_000);

afterAll(async () => {
  if (!reuse) await testDb?.dispose();
});

describe('booking (R-BOOK)', () => {
  it("a service's checklist lists its items with their prices; an unknown service is 404", async () => {
    expect(service.items.length).toBeGreaterThan(1);
    for (const item of service.items) expect(item).toEqual({ id: expect.any(Number), name: expect.any(String), price: expect.any(Number) });
    await refused(getServiceItems(db, 999_999), 404, 'Service not found');
  });

  it('totals the stored prices times the quantities, exactly in pence', async () => {
    const [a, b] = service.items;
    const order = await placed(jane, [
      { id: a!.id, quantity: 3 },
      { id: b!.id, quantity: 1 },
    ]);
    const total = Math.round(a!.price * 300 + b!.price * 100) / 100;
    expect(order).toEqual({
      id: expect.any(Number),
      name: service.name,
      total,
      // Prices include VAT at 20%: a sixth of the total, to the penny (decision 014).
      vat: Math.round((total * 100) / 6) / 100,
      frequency: 'one_off',
      lines: [
        { kind: 'item', name: a!.name, quantity: 3, unitPrice: a!.price, amount: Math.round(a!.price * 300) / 100 },
        { kind: 'item', name: b!.name, quantity: 1, unitPrice: b!.price, amount: b!.price },
      ],
      items: [
        { name: a!.name, quantity: 3 },
        { name: b!.name, quantity: 1 },
      ],
      // Four units of 30 minutes each (service_items.duration_minutes, decision 015).
      duration_minutes: 120,
    });
  });

  it('refuses an item listed twice, an item of another service, an unknown item and an unknown service', async () => {
    const [a] = service.items;
    await refused(createOrder(db, jane, { service: service.id, items: [{ id: a!.id, quantity: 1 }, { id: a!.id, quantity: 2 }] }, NOW), 400, `Item ${a!.id} is listed more than once`);
    await refused(createOrder(db, jane, { service: service.id, items: [{ id: otherServiceItem, quantity: 1 }] }, NOW), 400, `Item ${otherServiceItem} is not part of ${service.name}`);
    await refused(createOrder(db, jane, { service: service.id, items: [{ id: 999_999, quantity: 1 }] }, NOW), 404, 'Item 999999 not found');
    await refused(createOrder(db, jane, { service: 999_999, items: [{ id: a!.id, quantity: 1 }] }, NOW), 404, 'Service not found');
  });

  it("a new order is a draft until checkout; then it is the customer's own, awaiting validation, free to cancel until a day before the job", async () => {
    const order = await placed(other);
    expect(((await listMyOrders(db, other, NOW, {}, FIRST_PAGE)).rows).map((o) => o.id)).not.toContain(order.id);
    await checkoutOrder(deps(), other, details(order.id, later), undefined);
    const mine = (await listMyOrders(db, other, NOW, {}, FIRST_PAGE)).rows;
    expect(mine.map((o) => o.id)).toContain(order.id);
    expect(mine.find((o) => o.id === order.id)).toMatchObject({
      status: 'awaiting_validation', due: '2030-01-09T10:00:00.000Z', refund: null,
      cancellation: { allowed: true, fee: 0, freeUntil: '2030-01-08T10:00:00.000Z' },
    });
    expect(((await listMyOrders(db, jane, NOW, {}, FIRST_PAGE)).rows).map((o) => o.id)).not.toContain(order.id);
  });
});

describe('checkout (R-PAY)', () => {
  it('cash: answers the message, stores the details (postcode upper-cased) and the UK due time, and mails a confirmation', async () => {
    const order = await placed();
    const answer = await checkoutOrder(deps(), jane, details(order.id, later), undefined);
    const detail = await getOrder(db, order.id);
    // The answer names the order by the reference it was given, the one its mails carry (decision 051).
    expect(answer).toEqual({ message: CHECKOUT_MESSAGE, payment: 'cash', reference: detail.reference });
    expect(detail.reference).toEqual(expect.any(Number));
    expect(detail).toMatchObject({
      order_id: order.id,
      dueTime: '2030-01-09T10:00:00.000Z',
      payment_method: 'cash',
      address: '221B Baker Street',
      city: 'London',
      codePostal: 'NW1 6XE',
      phone: '020 7946 0000',
      note: 'The key is under the mat.',
      status: 'awaiting_validation',
    });
    expect(detail.history).toEqual([
      expect.objectContaining({ action: 'order.checkout', from: null, to: 'cash', actor: jane.name }),
      // The team the checkout claimed (issue 15).
      expect.objectContaining({ action: 'order.team', from: null, to: expect.stringMatching(/^Team /), actor: jane.name }),
    ]);
    const item = service.items[0]!;
    expect(detail.items).toEqual([{ name: item.name, quantity: 2, unit_price: item.price, total_price: Math.round(item.price * 200) / 100 }]);
    // Written in the checkout's own transaction (not on the pool), so it exists exactly when the checkout commits.
    const confirmation = written.filter(({ mail }) => mail.to === jane.email && mail.text.includes(`#${detail.reference}:`));
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.tx).not.toBe(db);
    expect(confirmation[0]!.mail.subject).toMatch(/^Booking confirmed: /);
  });

  it('a summer booking is stored an hour earlier in UTC (BST)', async () => {
    const order = await placed();
    await checkoutOrder(deps(), jane, details(order.id, { date: '2030-07-01', time: '09:30' }), undefined);
    expect((await getOrder(db, order.id)).dueTime).toBe('2030-07-01T08:30:00.000Z');
  });

  it('card: answers the payment page as a same-origin path', async () => {
    const order = await placed();
    const answer = await checkoutOrder(deps(), jane, details(order.id, later, 'card'), undefined);
    // A path, so the page opens wherever the site was opened (127.0.0.1, localhost, a LAN address).
    expect(answer).toEqual({ message: CHECKOUT_MESSAGE, payment: 'card', reference: (await getOrder(db, order.id)).reference, shippingInfo: expect.stringMatching(/^\/test-payments\/[\w-]{20,}$/) });
  });

  it("needs 24 hours' notice: exactly 24 hours is accepted, a minute less refused with the earliest time", async () => {
    const ok = await placed();
    await checkoutOrder(deps(), jane, details(ok.id, { date: '2030-01-08', time: '12:00' }), undefined);
    const late = await placed();
    await refused(
      checkoutOrder(deps(), jane, details(late.id, { date: '2030-01-08', time: '11:59' }), undefined),
      400,
      "Online bookings need 24 hours' notice: please choose 2030-01-08 12:00 (UK time) or later",
    );
  });

  it('happens once: a second checkout is 409, also once cancelled; a draft is no booking to the back office; an order of someone else is 404', async () => {
    const order = await booked();
    await refused(checkoutOrder(deps(), jane, details(order.id, later), undefined), 409, 'This order has already been checked out');
    await updateOrderStatus(db, admin, order.id, 'cancelled', { status: 'cancelled' }, NOW, deps().outbox);
    await refused(checkoutOrder(deps(), jane, details(order.id, later), undefined), 409, 'This order has already been checked out');
    const draft = await placed();
    await refused(updateOrderStatus(db, admin, draft.id, 'cancelled', { status: 'cancelled' }, NOW, deps().outbox), 404, 'Order not found');
    const theirs = await placed(other);
    await refused(checkoutOrder(deps(), jane, details(theirs.id, later), undefined), 404, 'Order not found');
  });

  it('the same Idempotency-Key replays the first answer; with other details it is 422', async () => {
    const order = await placed();
    const first = await checkoutOrder(deps(), jane, details(order.id, later), 'key-1');
    expect(first.reference).toBe((await getOrder(db, order.id)).reference);
    // The same fields in another order are the same request.
    const { payment, ...rest } = details(order.id, later);
    expect(await checkoutOrder(deps(), jane, { payment, ...rest }, 'key-1')).toEqual(first);
    await refused(checkoutOrder(deps(), jane, { ...details(order.id, later), city: 'Leeds' }, 'key-1'), 422, 'This Idempotency-Key was used for another request');
    // Another customer's key of the same name is theirs.
    const theirs = await placed(other);
    expect(await checkoutOrder(deps(), other, details(theirs.id, later), 'key-1')).toEqual({ message: CHECKOUT_MESSAGE, payment: 'cash', reference: (await getOrder(db, theirs.id)).reference });
  });
});

describe('cancelling (R-CANCEL)', () => {
  it('is free at least 24 hours ahead; the request is pending and cannot be made twice', async () => {
    const order = await booked();
    await refused(requestRefund(db, deps().outbox, jane, order.id, '   ', NOW), 400, 'Please tell us why you cancel the order');
    expect(await requestRefund(db, deps().outbox, jane, order.id, '  Plans changed  ', NOW)).toEqual({ message: REFUND_REQUESTED_MESSAGE, fee: 0 });
    const mine = ((await listMyOrders(db, jane, NOW, {}, FIRST_PAGE)).rows).find((o) => o.id === order.id)!;
    expect(mine).toMatchObject({
      refund: { status: 'pending', reason: 'Plans changed', fee: 0 },
      cancellation: { allowed: false, fee: 0, reason: 'A cancellation was already requested for this order' },
    });
    await refused(requestRefund(db, deps().outbox, jane, order.id, 'Again', NOW), 409, 'A cancellation was already requested for this order');
  });

  it('costs 30% of the total within 24 hours, paid or not (decision 032), and is refused once the job started', async () => {
    const order = await paidCard();
    const dueIn = (await getOrder(db, order.id)).dueTime!;
    const sixHoursBefore = new Date(new Date(dueIn).getTime() - 6 * HOUR);
    const fee = Math.round(order.total * 30) / 100;
    expect(((await listMyOrders(db, jane, sixHoursBefore, {}, FIRST_PAGE)).rows).find((o) => o.id === order.id)!.cancellation).toEqual({ allowed: true, fee, freeUntil: null });
    const unpaid = await booked();
    expect(((await listMyOrders(db, jane, sixHoursBefore, {}, FIRST_PAGE)).rows).find((o) => o.id === unpaid.id)!.cancellation).toEqual({ allowed: true, fee: Math.round(unpaid.total * 30) / 100, freeUntil: null });
    await refused(requestRefund(db, deps().outbox, jane, unpaid.id, 'Too late', new Date(dueIn)), 409, 'The service cannot be cancelled once it has started');
    expect(await requestRefund(db, deps().outbox, jane, order.id, 'Ill', sixHoursBefore)).toEqual({ message: REFUND_REQUESTED_MESSAGE, fee });
  });

  it("only the customer's own order; not a cancelled or completed one", async () => {
    const theirs = await booked(later, other);
    await refused(requestRefund(db, deps().outbox, jane, theirs.id, 'Not mine', NOW), 404, 'Order not found');
    const done = await started();
    await updateOrderStatus(db, admin, done.id, 'completed', { status: 'completed' }, NOW, deps().outbox);
    await refused(requestRefund(db, deps().outbox, jane, done.id, 'Late', NOW), 409, 'This order is already completed');
    const cancelled = await booked();
    await updateOrderStatus(db, admin, cancelled.id, 'cancelled', { status: 'cancelled' }, NOW, deps().outbox);
    await refused(requestRefund(db, deps().outbox, jane, cancelled.id, 'Again', NOW), 409, 'This order is already cancelled');
  });
});

describe('refund decisions (R-ADMIN-5)', () => {
  async function pendingRefund(hoursBeforeJob = 48, paid = false) {
    const order = paid ? await paidCard() : await booked();
    const due = new Date((await getOrder(db, order.id)).dueTime!);
    await requestRefund(db, deps().outbox, jane, order.id, 'Moving', new Date(due.getTime() - hoursBeforeJob * HOUR));
    return order;
  }

  it('accepting cancels a paid order and refunds what was paid less the fee; the same decision again changes nothing', async () => {
    const before = await getStats(db);
    const order = await pendingRefund(6, true);
    const fee = Math.round(order.total * 30) / 100;
    const { payments } = deps();
    // Decided after it was asked (the history is oldest first).
    const decidedAt = new Date(new Date((await getOrder(db, order.id)).dueTime!).getTime() - 5 * HOUR);
    const decided = await decideRefund({ db, payments, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted' }, decidedAt);
    expect(decided).toMatchObject({ order_id: order.id, status: 'accepted', reason: 'Moving', fee, name: jane.name, version: expect.any(Number) });
    const detail = await getOrder(db, order.id);
    expect(detail.status).toBe('cancelled');
    expect(detail.history.map((h) => [h.action, h.from, h.to])).toEqual([
      ['order.checkout', null, 'card'],
      ['order.team', null, expect.stringMatching(/^Team /)],
      ['order.paid', 'awaiting_validation', 'payment_validated'],
      ['order.refund_request', null, 'pending'],
      ['refund.status', 'pending', 'accepted'],
      ['order.status', 'payment_validated', 'cancelled'],
    ]);
    const after = await getStats(db);
    expect(Math.round((after.refunded - before.refunded) * 100)).toBe(Math.round(order.total * 100) - Math.round(fee * 100));
    expect(after.cancelled).toBe(before.cancelled + 1);
    expect(await decideRefund({ db, payments, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted' }, NOW)).toEqual(decided);
    await refused(decideRefund({ db, payments, outbox: deps().outbox }, admin, { order: order.id, status: 'rejected' }, NOW), 409, 'This refund request was already accepted');
  });

  it('a refund of an invoiced order issues one credit note that names the invoice and credits what was refunded (issue 23 row 6)', async () => {
    const order = await pendingRefund(6, true);
    const fee = Math.round(order.total * 30);
    const refundedPence = Math.round(order.total * 100) - fee;
    const before = await getReceipt({ db, outbox: deps().outbox, now: NOW }, jane, order.id);
    expect(before.creditNote).toBeNull();
    written.length = 0;
    await decideRefund({ db, payments: deps().payments, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted' }, NOW);
    const receipt = await getReceipt({ db, outbox: deps().outbox, now: NOW }, jane, order.id);
    const credit = receipt.creditNote!;
    expect(credit).toMatchObject({ invoice: receipt.number, label: `CN-${String(credit.number).padStart(6, '0')}`, reason: `Refund on the cancellation of order #${receipt.reference}` });
    expect(Math.round(credit.gross * 100)).toBe(refundedPence);
    const vat = Math.round((refundedPence * 20) / 120);
    expect([credit.vat, credit.net]).toEqual([vat / 100, (refundedPence - vat) / 100]);
    expect(credit.lines).toEqual([{ kind: 'credit', name: `Refund on the cancellation of order #${receipt.reference}`, quantity: null, unitPrice: null, unitNet: null, vatRate: 20, net: (refundedPence - vat) / 100, vat: vat / 100, amount: refundedPence / 100 }]);
    const mail = written.map(({ mail }) => mail).find((m) => m.subject === `Credit note ${credit.label} for order #${receipt.reference}`);
    expect(mail?.to).toBe(jane.email);
    expect(mail?.text.split('\n')).toContain(`Credit note ${credit.label} for VAT invoice ${String(receipt.number).padStart(6, '0')} (order #${receipt.reference})`);
    // The same decision again issues nothing more.
    await decideRefund({ db, payments: deps().payments, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted' }, NOW);
    expect((await getReceipt({ db, outbox: deps().outbox, now: NOW }, jane, order.id)).creditNote).toEqual(credit);
    expect((await db.query('SELECT count(*)::int AS n FROM credit_notes WHERE order_id = $1', [order.id]))[0]).toEqual({ n: 1 });

    // The accounts export lists the invoice and its credit note, a line per rate; the credit is negative.
    const csv = await text(accountsCsvStream(db, {}));
    const rows = csv.trimEnd().split('\r\n').map((line) => line.split(','));
    expect(rows[0]).toEqual(['Document', 'Number', 'Credits invoice', 'Issued', 'Order id', 'Customer', 'VAT rate (%)', 'Net (GBP)', 'VAT (GBP)', 'Gross (GBP)']);
    const { reference } = (await db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [order.id]))[0]!;
    const mine = rows.filter((row) => row[4] === String(reference)); // the number people read (decision 073)
    const label = String(receipt.number).padStart(6, '0');
    expect(mine.map((row) => [row[0], row[1], row[2], row[6], row[9]])).toEqual([
      ['VAT invoice', label, '', '20', order.total.toFixed(2)],
      ['Credit note', credit.label, label, '20', (-credit.gross).toFixed(2)],
    ]);
    const charged = mine.reduce((sum, row) => sum + Math.round(Number(row[9]) * 100), 0);
    expect(charged).toBe(fee);
    // A period that ends before the documents were issued lists none of them; a period backwards is a 400.
    expect((await text(accountsCsvStream(db, { to: '2020-01-01' }))).trimEnd().split('\r\n')).toHaveLength(1);
    expect(() => accountsCsvStream(db, { from: '2030-02-01', to: '2030-01-01' })).toThrow('from must not be after to');
  });

  it('a refund of an order never invoiced (cash not yet done) issues no credit note', async () => {
    const order = await pendingRefund(48);
    await decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted' }, NOW);
    expect(await db.query('SELECT number FROM credit_notes WHERE order_id = $1', [order.id])).toEqual([]);
  });

  it('accepting the late request of an order never paid refunds nothing, keeps the 30% fee owed, and adds nothing to Total Refound', async () => {
    const before = await getStats(db);
    const order = await pendingRefund(6);
    const decided = await decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted' }, NOW);
    expect(decided).toMatchObject({ order_id: order.id, status: 'accepted', fee: Math.round(order.total * 30) / 100 });
    expect((await getOrder(db, order.id)).status).toBe('cancelled');
    expect((await getStats(db)).refunded).toBe(before.refunded);
  });

  it('accepting the request of an order an administrator already cancelled records only the decision', async () => {
    const order = await pendingRefund();
    await updateOrderStatus(db, admin, order.id, 'cancelled', { status: 'cancelled' }, NOW, deps().outbox);
    await decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted' }, NOW);
    const detail = await getOrder(db, order.id);
    expect(detail.status).toBe('cancelled');
    expect(detail.history.filter((h) => h.action === 'order.status')).toHaveLength(1);
    expect(detail.history.filter((h) => h.action === 'refund.status').map((h) => h.to)).toEqual(['accepted']);
  });

  it('rejecting leaves the order as it was; the opposite decision afterwards is 409', async () => {
    const order = await pendingRefund();
    const decided = await decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: order.id, status: 'rejected' }, NOW);
    expect(decided.status).toBe('rejected');
    expect((await getOrder(db, order.id)).status).toBe('awaiting_validation');
    await refused(decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted' }, NOW), 409, 'This refund request was already rejected');
    expect(((await listRefunds(db, {}, FIRST_PAGE)).rows).find((r) => r.order_id === order.id)).toEqual(decided);
  });

  it("the office's list finds a customer's requests by part of the name, any case, by status, newest first unless sorted", async () => {
    const who = await newCustomer(uniqueEmail('list'));
    const name = `Ms 100%_Sure ${process.pid}-${++unique}`;
    await db.query('UPDATE users SET name = $2 WHERE id = $1', [who.id, name]);
    const [first, second] = [await booked(later, who), await booked(later, who)];
    await requestRefund(db, deps().outbox, who, first.id, 'Moving', NOW);
    await requestRefund(db, deps().outbox, who, second.id, 'Ill', new Date(NOW.getTime() + HOUR));
    await decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: first.id, status: 'rejected' }, NOW);
    const list = async (query: Parameters<typeof listRefunds>[1]) => {
      const page = await listRefunds(db, query, FIRST_PAGE);
      expect(page.total).toBe(page.rows.length);
      return page.rows.map((row) => [row.order_id, row.name, row.status, row.reason]);
    };
    const search = name.toUpperCase().slice(3);
    expect(await list({ name: search })).toEqual([[second.id, name, 'pending', 'Ill'], [first.id, name, 'rejected', 'Moving']]);
    expect(await list({ name: search, sort: 'order_id' })).toEqual([[first.id, name, 'rejected', 'Moving'], [second.id, name, 'pending', 'Ill']]);
    expect(await list({ name: search, sort: 'reason', order: 'desc' })).toEqual([[first.id, name, 'rejected', 'Moving'], [second.id, name, 'pending', 'Ill']]);
    expect(await list({ name: search, sort: 'reason', order: 'asc' })).toEqual([[second.id, name, 'pending', 'Ill'], [first.id, name, 'rejected', 'Moving']]);
    expect(await list({ name: search, status: 'pending' })).toEqual([[second.id, name, 'pending', 'Ill']]);
    // % and _ are the name's own characters, not wildcards.
    expect(await list({ name: '100%_sure' })).toEqual(expect.arrayContaining([[second.id, name, 'pending', 'Ill']]));
    expect(await list({ name: `100%sure ${process.pid}` })).toEqual([]);
    const pending = await listRefunds(db, { status: 'pending' }, FIRST_PAGE);
    const [counted] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM refund_requests WHERE status = 'pending'`);
    expect(pending.total).toBe(counted!.count);
    expect(pending.rows.map((row) => row.status)).toEqual(pending.rows.map(() => 'pending'));
    const [all] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM refund_requests');
    expect((await listRefunds(db, {}, FIRST_PAGE)).total).toBe(all!.count);
  });

  it('a decision made on a stale version is 409; no request is 404', async () => {
    const order = await pendingRefund();
    const { version } = ((await listRefunds(db, {}, FIRST_PAGE)).rows).find((r) => r.order_id === order.id)!;
    await refused(decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted', version: version + 1 }, NOW), 409, 'This refund request was changed by someone else, reload and try again');
    expect((await decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: order.id, status: 'accepted', version }, NOW)).status).toBe('accepted');
    const none = await booked();
    await refused(decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: none.id, status: 'accepted' }, NOW), 404, 'Refund request not found');
    await refused(decideRefund({ db, payments: null, outbox: deps().outbox }, admin, { order: 999_999, status: 'accepted' }, NOW), 404, 'Refund request not found');
  });
});

describe('order status in the back office (R-ADMIN-4)', () => {
  it('sets any status with the version it was loaded with, records it, and refuses a stale version', async () => {
    const order = await started();
    const row = ((await listOrders(db, {}, FIRST_PAGE)).rows).find((o) => o.id === order.id)!;
    expect(row).toMatchObject({ status: 'awaiting_validation', refund: false, user: jane.name, completed: null });
    const saved = await updateOrderStatus(db, admin, order.id, 'completed', { status: 'completed', version: row.version }, NOW, deps().outbox);
    expect(saved).toMatchObject({ id: order.id, status: 'completed', completed: NOW.toISOString() });
    expect(saved.version).toBeGreaterThan(row.version);
    await refused(updateOrderStatus(db, admin, order.id, 'payment_validated', { status: 'payment_validated', version: row.version }, NOW, deps().outbox), 409, STALE_ORDER_MESSAGE);
    expect((await getOrder(db, order.id)).history.at(-1)).toMatchObject({ action: 'order.status', from: 'awaiting_validation', to: 'completed', actor: admin.name });
  });

  it('the status it already has changes nothing (no new version, no history)', async () => {
    const order = await booked();
    const row = ((await listOrders(db, {}, FIRST_PAGE)).rows).find((o) => o.id === order.id)!;
    expect(await updateOrderStatus(db, admin, order.id, 'awaiting_validation', { status: 'awaiting_validation', version: row.version + 5 }, NOW, deps().outbox)).toEqual(row);
    expect((await getOrder(db, order.id)).history.map((h) => h.action)).toEqual(['order.checkout', 'order.team']);
  });

  it('the path and the body must name the same status; an unknown order is 404', async () => {
    const order = await booked();
    await refused(updateOrderStatus(db, admin, order.id, 'completed', { status: 'cancelled' }, NOW, deps().outbox), 400, 'The status in the path and in the body must be the same');
    await refused(updateOrderStatus(db, admin, 999_999, 'completed', { status: 'completed' }, NOW, deps().outbox), 404, 'Order not found');
    await refused(getOrder(db, 999_999), 404, 'Order not found');
  });
});

describe('dashboard (R-ADMIN-2)', () => {
  it('revenue counts the VAT invoices (a cash job completed is invoiced then), not a status; the queue counts awaiting_validation and payment_validated', async () => {
    const before = await getStats(db);
    const [queued, paid, done, cancelled] = [await booked(), await booked(), await started(), await booked()];
    await updateOrderStatus(db, admin, paid.id, 'payment_validated', { status: 'payment_validated' }, NOW, deps().outbox);
    await updateOrderStatus(db, admin, done.id, 'completed', { status: 'completed' }, NOW, deps().outbox);
    await updateOrderStatus(db, admin, cancelled.id, 'cancelled', { status: 'cancelled' }, NOW, deps().outbox);
    const after = await getStats(db);
    const pennies = (n: number) => Math.round(n * 100);
    // Marked payment_validated without a payment: nothing invoiced, no revenue (decision 072).
    expect(pennies(after.revenue - before.revenue)).toBe(pennies(done.total));
    expect(after.inqueue - before.inqueue).toBe(2); // queued and paid
    expect(after.completed - before.completed).toBe(1);
    expect(after.cancelled - before.cancelled).toBe(1);
    expect(after.users).toBe(before.users);
    void queued;
  });

  it('users counts every account but the administrators', async () => {
    const before = (await getStats(db)).users;
    await newCustomer(uniqueEmail('counted'));
    await db.query(`INSERT INTO users (name, email, password_hash, roles) VALUES ('A2', $1, 'x', ARRAY['ROLE_USER','ROLE_ADMIN'])`, [uniqueEmail('admin')]);
    expect((await getStats(db)).users).toBe(before + 1);
  });

  it('weeks are UK weeks from Monday, as the order filters count them; the last 12, the current one last, empty weeks as zeros', async () => {
    expect(weekStart(new Date('2030-01-07T00:00:00.000Z'))).toBe('2030-01-07');
    expect(weekStart(new Date('2030-01-13T23:59:59.000Z'))).toBe('2030-01-07');
    expect(weekStart(new Date('2030-01-14T00:00:00.000Z'))).toBe('2030-01-14');
    // Summer: 23:30 UTC on a Sunday is already Monday 00:30 in the UK, a new week (UTC would say the old one).
    expect(weekStart(new Date('2030-07-14T23:30:00.000Z'))).toBe('2030-07-15');
    const weeks = await getWeeklyStats(db, NOW);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.week).toBe('2029-10-22');
    expect(weeks.at(-1)!.week).toBe('2030-01-07');
    // This file's orders were all created at NOW: the current week holds those checked out (drafts are
    // no bookings), with the revenue of the documents issued that week: invoices less credit notes (decision 072).
    const ours = await db.query<{ n: number; revenue: string }>(
      `SELECT count(*)::integer AS n,
              (SELECT COALESCE(sum(gross), 0) FROM invoices WHERE issued_at >= '2030-01-07' AND issued_at < '2030-01-14')
              - (SELECT COALESCE(sum(gross), 0) FROM credit_notes WHERE issued_at >= '2030-01-07' AND issued_at < '2030-01-14') AS revenue
         FROM orders WHERE checked_out_at IS NOT NULL AND created_at >= '2030-01-07' AND created_at < '2030-01-14'`,
    );
    // The documents keep pence (077); the statistics answer pounds.
    expect(weeks.at(-1)).toEqual({ week: '2030-01-07', orders: ours[0]!.n, revenue: Number(ours[0]!.revenue) / 100 });
    expect(weeks.at(-1)!.orders).toBeGreaterThan(10);
    expect(weeks.at(-2)).toEqual({ week: '2029-12-31', orders: 0, revenue: 0 });
  });
});

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}
