import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import {
  createTestPaymentProvider,
  findPayableSession,
  paySession,
  SIGNATURE_HEADER,
  signNotification,
  TEST_PROVIDER_ACTOR,
} from '../../server/services/test-payment-provider';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, PAYMENT_SECRET } from './support/booking';
import { houseKeepingDatabase } from './support/own-database';
import { refused } from './support/refused';

/**
 * The payment provider in test mode (decision 008): its sessions, one per idempotency key; its
 * notifications, signed with HMAC-SHA256 and refused when forged, altered or stale; its refunds,
 * once per key; and its page's Pay, once per session. On a real seeded PGlite with card bookings.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)
const SECOND = 1000;

let testDb: TestDatabase;
const db = (): Database => testDb.db;
const { book } = bookings(db);
const provider = (now = NOW) => createTestPaymentProvider({ db: db(), secret: PAYMENT_SECRET, now: () => now });
let jane: AuthUser;
let service: number;
let items: Array<{ id: number; quantity: number }>;
let slot = 0;

/** A card booking checked out (awaiting payment): its order id and the provider's session id. */
async function cardOrder(): Promise<{ order: number; session: string }> {
  const day = 9 + (slot++ % 20);
  const order = await book(jane, service, items, { date: `2030-01-${String(day).padStart(2, '0')}`, time: '10:00', now: NOW, payment: 'card' });
  const [row] = await db().query<{ payment_ref: string }>('SELECT payment_ref FROM orders WHERE id = $1', [order]);
  return { order, session: row!.payment_ref };
}

/** A notification as the provider would send it, signed `at`. */
function signed(body: object | string, at = NOW, secret = PAYMENT_SECRET) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { headers: { [SIGNATURE_HEADER]: signNotification(secret, text, at) }, body: text };
}

beforeAll(async () => {
  ({ testDb, jane, serviceId: service, twoBedrooms: items } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('payment sessions', () => {
  it('opens one session per idempotency key, at a same-origin page whose address cannot be guessed', async () => {
    const { order, session } = await cardOrder();
    const request = { orderId: order, amount: 50, description: 'House Keeping', customerEmail: jane.email };
    const first = await provider().createPayment({ ...request, idempotencyKey: `test-${order}-a` });
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.url).toBe(`/test-payments/${first.id}`);
    expect(await provider().createPayment({ ...request, amount: 70, idempotencyKey: `test-${order}-a` })).toEqual(first);
    const second = await provider().createPayment({ ...request, idempotencyKey: `test-${order}-b` });
    expect(second.id).not.toBe(first.id);
    expect(second.id).not.toBe(session);
    const [stored] = await db().query('SELECT order_id, amount, description, email, status, created_at FROM payment_sessions WHERE id = $1', [first.id]);
    // Asked in pounds, kept in pence (077).
    expect(stored).toEqual({ order_id: order, amount: 5000, description: 'House Keeping', email: jane.email, status: 'open', created_at: NOW });
    expect(provider().name).toBe(TEST_PROVIDER_ACTOR);
  });

  it("is payable while its order awaits the card payment, once: Pay answers the notification to send, signed", async () => {
    const { order, session } = await cardOrder();
    const [{ total }] = (await db().query<{ total: number }>('SELECT total FROM orders WHERE id = $1', [order])) as [{ total: number }];
    expect(await findPayableSession(db(), session)).toEqual({ id: session, order_id: order, amount: total, description: expect.any(String), email: jane.email });
    const paid = await paySession(db(), PAYMENT_SECRET, session, NOW);
    expect(paid).toEqual({
      body: JSON.stringify({ type: 'payment.succeeded', payment: session, order, amount: total / 100 }),
      signature: signNotification(PAYMENT_SECRET, paid!.body, NOW),
      orderId: order,
    });
    expect(provider().verifyNotification({ headers: { [SIGNATURE_HEADER]: paid!.signature }, body: paid!.body })).toEqual({
      type: 'payment.succeeded', paymentId: session, orderId: order, amount: total / 100,
    });
    const [row] = await db().query('SELECT status, paid_at FROM payment_sessions WHERE id = $1', [session]);
    expect(row).toEqual({ status: 'paid', paid_at: NOW });
    expect(await findPayableSession(db(), session)).toBeNull();
    expect(await paySession(db(), PAYMENT_SECRET, session, NOW)).toBeNull();
  });

  it('is not payable once the order was cancelled, or for a session that does not exist', async () => {
    const { order, session } = await cardOrder();
    await db().query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [order]);
    expect(await findPayableSession(db(), session)).toBeNull();
    expect(await paySession(db(), PAYMENT_SECRET, session, NOW)).toBeNull();
    expect(await db().query('SELECT status, paid_at FROM payment_sessions WHERE id = $1', [session])).toEqual([{ status: 'open', paid_at: null }]);
    expect(await findPayableSession(db(), 'no-such-session')).toBeNull();
  });
});

describe('notifications', () => {
  const body = { type: 'payment.succeeded', payment: 'pay_1', order: 42, amount: 80.5 };

  it('reads a notification signed with the secret within five minutes either side', () => {
    const expected = { type: 'payment.succeeded', paymentId: 'pay_1', orderId: 42, amount: 80.5 };
    expect(provider().verifyNotification(signed(body))).toEqual(expected);
    expect(provider().verifyNotification(signed(body, new Date(NOW.getTime() - 300 * SECOND)))).toEqual(expected);
    expect(provider().verifyNotification(signed(body, new Date(NOW.getTime() + 300 * SECOND)))).toEqual(expected);
    // Spaces around the parts of the header are allowed.
    const { headers, body: text } = signed(body);
    expect(provider().verifyNotification({ headers: { [SIGNATURE_HEADER]: (headers[SIGNATURE_HEADER] as string).replace(',', ' , ') }, body: text })).toEqual(expected);
  });

  it('signs `t.body` with HMAC-SHA256 in the header `t=<unix seconds>,v1=<hex>`', () => {
    const at = new Date('2030-01-07T12:00:00.999Z');
    const t = Math.floor(at.getTime() / 1000);
    expect(signNotification('s3cret', '{"a":1}', at)).toBe(`t=${t},v1=${createHmac('sha256', 's3cret').update(`${t}.{"a":1}`).digest('hex')}`);
  });

  it('refuses a notification that is stale, forged, altered, unsigned or not a payment', () => {
    const refusedAll = [
      signed(body, new Date(NOW.getTime() - 301 * SECOND)),
      signed(body, new Date(NOW.getTime() + 301 * SECOND)),
      signed(body, NOW, 'another-secret'),
      { ...signed(body), body: JSON.stringify({ ...body, amount: 1 }) },
      { headers: {}, body: JSON.stringify(body) },
      { headers: { [SIGNATURE_HEADER]: [signed(body).headers[SIGNATURE_HEADER] as string] }, body: JSON.stringify(body) },
      { headers: { [SIGNATURE_HEADER]: `t=${NOW.getTime() / 1000}` }, body: JSON.stringify(body) },
      { headers: { [SIGNATURE_HEADER]: `t=${NOW.getTime() / 1000},v1=${'0'.repeat(64)}` }, body: JSON.stringify(body) },
      { headers: { [SIGNATURE_HEADER]: (signed(body).headers[SIGNATURE_HEADER] as string).replace(/v1=(..)/, 'v1=') }, body: JSON.stringify(body) },
      { headers: { [SIGNATURE_HEADER]: (signed(body).headers[SIGNATURE_HEADER] as string).toUpperCase().replace('T=', 't=').replace('V1=', 'v1=') }, body: JSON.stringify(body) },
      { headers: { [SIGNATURE_HEADER]: (signed(body).headers[SIGNATURE_HEADER] as string).replace('t=', 't=x') }, body: JSON.stringify(body) },
      // The right signature with something after it is not the right signature.
      { headers: { [SIGNATURE_HEADER]: `${signed(body).headers[SIGNATURE_HEADER] as string}zz` }, body: JSON.stringify(body) },
      signed('not json'),
      signed('null'),
      signed({ ...body, type: 'payment.failed' }),
      signed({ ...body, payment: 7 }),
      signed({ ...body, order: '42' }),
      signed({ ...body, order: 4.2 }),
      signed({ ...body, amount: '80.50' }),
    ];
    expect(refusedAll.map((notification) => provider().verifyNotification(notification))).toEqual(refusedAll.map(() => null));
  });
});

describe('refunds', () => {
  it('gives back up to the amount paid, once per refund key, in one or more refunds; a repeat of the same refund answers it again', async () => {
    const { session } = await cardOrder();
    await refused(provider().refund({ paymentId: session, amount: 10, idempotencyKey: 'refund-early' }), 409, 'The payment provider refused the refund: the payment is not paid, or was refunded already');
    await paySession(db(), PAYMENT_SECRET, session, NOW);
    const [{ pence }] = (await db().query<{ pence: number }>('SELECT amount AS pence FROM payment_sessions WHERE id = $1', [session])) as [{ pence: number }];
    const amount = pence / 100;
    await refused(provider().refund({ paymentId: session, amount: amount + 0.01, idempotencyKey: 'refund-1' }), 409, 'The payment provider refused the refund: the payment is not paid, or was refunded already');
    expect(await provider().refund({ paymentId: session, amount: amount - 5, idempotencyKey: 'refund-1' })).toEqual({ id: `re_${session}`, amount: amount - 5 });
    expect(await provider().refund({ paymentId: session, amount: amount - 5, idempotencyKey: 'refund-1' })).toEqual({ id: `re_${session}`, amount: amount - 5 });
    await refused(provider().refund({ paymentId: session, amount: amount - 4, idempotencyKey: 'refund-1' }), 409, 'The payment provider refused the refund: the payment is not paid, or was refunded already');
    // A second refund of the same payment (decision 045) gives back what is left, never more.
    await refused(provider().refund({ paymentId: session, amount: 5.01, idempotencyKey: 'refund-2' }), 409, 'The payment provider refused the refund: the payment is not paid, or was refunded already');
    expect(await provider().refund({ paymentId: session, amount: 5, idempotencyKey: 'refund-2' })).toEqual({ id: `re_${session}_2`, amount: 5 });
    await refused(provider().refund({ paymentId: session, amount: 0.01, idempotencyKey: 'refund-3' }), 409, 'The payment provider refused the refund: the payment is not paid, or was refunded already');
    const [row] = await db().query('SELECT refunded_amount, refund_key FROM payment_sessions WHERE id = $1', [session]);
    expect(row).toEqual({ refunded_amount: pence, refund_key: 'refund-2' });
  });

  it('refunds the whole amount', async () => {
    const { session } = await cardOrder();
    await paySession(db(), PAYMENT_SECRET, session, NOW);
    const [{ pence }] = (await db().query<{ pence: number }>('SELECT amount AS pence FROM payment_sessions WHERE id = $1', [session])) as [{ pence: number }];
    const amount = pence / 100;
    expect(await provider().refund({ paymentId: session, amount, idempotencyKey: 'refund-all' })).toEqual({ id: `re_${session}`, amount });
  });
});
