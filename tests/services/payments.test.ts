import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { HttpError } from '../../server/lib/http-error';
import { ledgerRepository } from '../../server/repositories/ledger';
import { orderRepository } from '../../server/repositories/orders';
import type { PaymentProvider } from '../../server/services/payment-provider';
import {
  awaitsCardPayment,
  CARD_UNAVAILABLE_MESSAGE,
  confirmPayment,
  NOT_AWAITING_PAYMENT_MESSAGE,
  PAYMENT_START_FAILED_MESSAGE,
  payOrder,
  startPayment,
} from '../../server/services/payments';
import { SIGNATURE_HEADER, signNotification, TEST_PROVIDER_ACTOR } from '../../server/services/test-payment-provider';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, orderHistory, PAYMENT_SECRET } from './support/booking';
import { houseKeepingDatabase, newAccount } from './support/own-database';
import { refused } from './support/refused';

/**
 * The shop's side of card payments (decision 008): one payment page per order, a provider that
 * is absent or fails, and an order marked paid only by a signed notification that names its
 * payment and its amount — once, with one receipt. On a real seeded PGlite with the test provider.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book, deps, mails } = bookings(() => db, NOW);
let day = 9;

/** A booking checked out at 10:00 on a day of its own (card: awaiting payment, its session started). */
const booked = (payment: 'cash' | 'card') =>
  book(jane, serviceId, twoBedrooms, { date: `2030-01-${String(day++).padStart(2, '0')}`, time: '10:00', now: NOW, payment });
const orderRow = async (id: number) => (await orderRepository(db).find(id))!;
/** The provider's signed notification that `payment` of `amount` (pence, as the order keeps it) for `order` succeeded; the provider says pounds. */
const notification = (order: number, payment: string, amount: number, secret = PAYMENT_SECRET) => {
  const body = JSON.stringify({ type: 'payment.succeeded', payment, order, amount: amount / 100 });
  return { headers: { [SIGNATURE_HEADER]: signNotification(secret, body, NOW) }, body };
};
/** A provider whose createPayment fails with `error`; everything else as the test provider. */
const failing = (error: Error): PaymentProvider => ({ ...deps().payments!, createPayment: async () => Promise.reject(error) });

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('which orders await a card payment', () => {
  const base = { payment_method: 'card' as const, checked_out_at: NOW, status: 'awaiting_validation' as const, paid_amount: null, refund_status: null };
  it('a checked-out card order nobody has paid, cancelled or asked to cancel', () => {
    expect(awaitsCardPayment(base)).toBe(true);
    expect(awaitsCardPayment({ ...base, payment_method: 'cash' })).toBe(false);
    expect(awaitsCardPayment({ ...base, checked_out_at: null })).toBe(false);
    expect(awaitsCardPayment({ ...base, status: 'cancelled' })).toBe(false);
    expect(awaitsCardPayment({ ...base, paid_amount: 50 })).toBe(false);
    expect(awaitsCardPayment({ ...base, refund_status: 'pending' })).toBe(false);
  });
});

describe('starting a payment', () => {
  it('answers the same page however often it is asked for, and keeps the session on the order', async () => {
    const id = await booked('card');
    const order = await orderRow(id);
    const first = await startPayment(deps(), order);
    expect(first).toBe(`/test-payments/${order.payment_ref}`);
    expect(await startPayment(deps(), await orderRow(id))).toBe(first);
    expect((await db.query('SELECT id FROM payment_sessions WHERE order_id = $1', [id])).length).toBe(1);
  });

  it('records the session when the order has none yet', async () => {
    const id = await booked('card');
    await db.query('UPDATE orders SET payment_ref = NULL WHERE id = $1', [id]);
    const url = await startPayment(deps(), await orderRow(id));
    expect(url).toBe(`/test-payments/${(await orderRow(id)).payment_ref}`);
  });

  it('is refused with no provider, for a cash order, and with 502 when the provider fails', async () => {
    const card = await orderRow(await booked('card'));
    const cash = await orderRow(await booked('cash'));
    await refused(startPayment({ ...deps(), payments: null }, card), 409, CARD_UNAVAILABLE_MESSAGE);
    await refused(startPayment(deps(), cash), 409, NOT_AWAITING_PAYMENT_MESSAGE);
    await refused(startPayment({ ...deps(), payments: failing(new Error('connection reset')) }, card), 502, PAYMENT_START_FAILED_MESSAGE);
    // A refusal the provider words itself is passed on as it is.
    await refused(startPayment({ ...deps(), payments: failing(new HttpError(409, 'Amount too small')) }, card), 409, 'Amount too small');
  });

  it("Pay now opens the customer's own order only", async () => {
    const id = await booked('card');
    expect(await payOrder(deps(), jane, id)).toEqual({ shippingInfo: `/test-payments/${(await orderRow(id)).payment_ref}` });
    const other = await newAccount(db, 'other@payments.test', 'another-password-1');
    await refused(payOrder(deps(), { id: other.id, name: 'Other', email: other.email, roles: ['ROLE_USER'] }, id), 404, 'Order not found');
    await refused(payOrder(deps(), jane, 987_654), 404, 'Order not found');
  });
});

describe("the provider's notification", () => {
  it('marks the order paid once, in its history, with one receipt; a resent notification changes nothing', async () => {
    const id = await booked('card');
    const order = await orderRow(id);
    mails.length = 0;
    expect(await confirmPayment(deps(), notification(id, order.payment_ref!, order.total))).toEqual({ received: true });
    const paid = await orderRow(id);
    expect([paid.status, paid.paid_amount, paid.paid_at?.toISOString()]).toEqual(['payment_validated', order.total, NOW.toISOString()]);
    expect(await orderHistory(db, id, 'order.paid')).toEqual([[TEST_PROVIDER_ACTOR, 'awaiting_validation', 'payment_validated']]);
    expect(mails.map((mail) => [mail.to, mail.text.includes('VAT invoice')])).toEqual([[jane.email, true]]);

    expect(await confirmPayment(deps(), notification(id, order.payment_ref!, order.total))).toEqual({ received: true });
    expect(mails).toHaveLength(1);
    expect(await orderHistory(db, id, 'order.paid')).toHaveLength(1);
  });

  it('is refused unless it is signed and names a known order; a payment the order does not await is never taken as its own', async () => {
    const id = await booked('card');
    const order = await orderRow(id);
    const ref = order.payment_ref!;
    await refused(confirmPayment({ ...deps(), payments: null }, notification(id, ref, order.total)), 404, 'No payment provider is configured');
    await refused(confirmPayment(deps(), notification(id, ref, order.total, 'not-the-secret')), 400, 'The notification signature does not verify');
    await refused(confirmPayment(deps(), notification(987_654, ref, order.total)), 404, 'Order not found');
    // Money received is never refused (decision 071): another page's payment is recorded as a late one, not as the order's.
    expect(await confirmPayment(deps(), notification(id, 'another-payment', order.total))).toEqual({ received: true });
    expect((await orderRow(id)).paid_amount).toBeNull();
    expect(await orderHistory(db, id, 'order.paid')).toEqual([]);
    expect(await orderHistory(db, id, 'order.late_payment')).toHaveLength(1);
    // The provider sends it again: the late payment is recorded once (one ledger line, one history line).
    expect(await confirmPayment(deps(), notification(id, 'another-payment', order.total))).toEqual({ received: true });
    expect(await orderHistory(db, id, 'order.late_payment')).toHaveLength(1);
    expect((await ledgerRepository(db).forOrder(id)).filter((line) => line.reference === 'another-payment').map((line) => [line.kind, line.amount])).toEqual([['payment', order.total]]);
  });
});
