import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database';
import { conflict } from '../lib/http-error';
import { toPence, toPounds } from '../../domain/money/money';
import { paymentSessionsRepository, type PayableSession } from '../repositories/payment-sessions';

export type { PayableSession } from '../repositories/payment-sessions';
import type { IncomingNotification, PaymentNotification, PaymentProvider } from './payment-provider';

/**
 * A payment provider in test mode, hosted by this server: a checkout by card opens a session and
 * sends the browser to its page (/test-payments/:id), where the customer pays or cancels. No card is
 * charged. It behaves like a real provider towards the shop: it keeps its own sessions, dedupes
 * creates by idempotency key, and tells the shop about a payment only through a notification signed
 * with HMAC-SHA256 (header `Test-Payments-Signature: t=<unix seconds>,v1=<hex>` over `t.body`).
 */
export interface TestPaymentDeps {
  db: Database;
  /** PAYMENT_WEBHOOK_SECRET. */
  secret: string;
  now: () => Date;
}

export const TEST_PROVIDER_ACTOR = 'Test payment provider';
export const SIGNATURE_HEADER = 'test-payments-signature';
/** A notification older than this is refused, so a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_S = 5 * 60;
export const REFUND_REFUSED_MESSAGE = 'The payment provider refused the refund: the payment is not paid, or was refunded already';

export function createTestPaymentProvider(deps: TestPaymentDeps): PaymentProvider {
  return {
    name: TEST_PROVIDER_ACTOR,

    async createPayment(request) {
      // 128 random bits: the session id is the only key to the page, so it must not be guessable.
      const id = randomBytes(16).toString('base64url');
      // One statement: concurrent creates with one key all answer the single session it made.
      const session = await paymentSessionsRepository(deps.db).create({
        id, orderId: request.orderId, amount: toPence(request.amount), description: request.description, email: request.customerEmail,
        at: deps.now(), idempotencyKey: request.idempotencyKey,
      });
      // Same origin as the shop, as a path: it works whichever address the site was opened at.
      return { id: session, url: `/test-payments/${session}` };
    },

    verifyNotification(notification) {
      return verifySignedNotification(deps.secret, notification, deps.now());
    },

    async refund(request) {
      // Once per refund key (a repeat answers the same refund), several per payment, never more in
      // all than was paid: the session's row is locked while the refunds so far are added up.
      return deps.db.transaction(async (tx) => {
        const sessions = paymentSessionsRepository(tx);
        const session = await sessions.lockPaid(request.paymentId);
        const earlier = await sessions.refundByKey(request.idempotencyKey, request.paymentId);
        // The provider is asked in pounds (payment-provider.ts) and keeps pence.
        const asked = toPence(request.amount);
        if (earlier && earlier.amount === asked) return { id: earlier.id, amount: request.amount };
        const left = session ? session.amount - session.refunded_amount : 0;
        if (!session || earlier || asked > left) throw conflict(REFUND_REFUSED_MESSAGE);
        const count = await sessions.refundCount(request.paymentId);
        const id = count === 0 ? `re_${request.paymentId}` : `re_${request.paymentId}_${count + 1}`;
        await sessions.addRefund({ idempotencyKey: request.idempotencyKey, id, sessionId: request.paymentId, amount: asked, at: deps.now() });
        return { id, amount: request.amount };
      });
    },
  };
}

export function signNotification(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

function verifySignedNotification(secret: string, { headers, body }: IncomingNotification, now: Date): PaymentNotification | null {
  const header = headers[SIGNATURE_HEADER];
  if (typeof header !== 'string') return null;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) return null;
  const expected = Buffer.from(hmac(secret, `${t}.${body}`), 'hex');
  const actual = Buffer.from(/^[0-9a-f]{64}$/.test(given) ? given : '', 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const { type, payment, order, amount } = (parsed ?? {}) as Record<string, unknown>;
  if (type !== 'payment.succeeded' || typeof payment !== 'string' || !Number.isInteger(order) || typeof amount !== 'number') return null;
  return { type, paymentId: payment, orderId: order as number, amount };
}

export async function findPayableSession(db: Database, id: string): Promise<PayableSession | null> {
  return paymentSessionsRepository(db).findPayable(id);
}

/**
 * The provider's side of Pay: the session becomes paid once, and the notification to send the shop
 * is answered (body and signature). Null when the session is not payable.
 */
export async function paySession(
  db: Database,
  secret: string,
  id: string,
  now: Date,
): Promise<{ body: string; signature: string; orderId: number } | null> {
  const session = await db.transaction(async (tx) => {
    const sessions = paymentSessionsRepository(tx);
    const payable = await sessions.lockPayable(id);
    if (!payable) return null;
    await sessions.markPaid(id, now);
    return payable;
  });
  if (!session) return null;
  const body = JSON.stringify({ type: 'payment.succeeded', payment: session.id, order: session.order_id, amount: toPounds(session.amount) });
  return { body, signature: signNotification(secret, body, now), orderId: session.order_id };
}
