import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database';
import { conflict } from '../lib/http-error';
import { toPence } from '../../domain/money/money';
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
      const [session] = await deps.db.query<{ id: string }>(
        `INSERT INTO payment_sessions (id, order_id, amount, description, email, created_at, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING id`,
        [id, request.orderId, request.amount, request.description, request.customerEmail, deps.now(), request.idempotencyKey],
      );
      // Same origin as the shop, as a path: it works whichever address the site was opened at.
      return { id: session!.id, url: `/test-payments/${session!.id}` };
    },

    verifyNotification(notification) {
      return verifySignedNotification(deps.secret, notification, deps.now());
    },

    async refund(request) {
      // Once per refund key (a repeat answers the same refund), several per payment, never more in
      // all than was paid: the session's row is locked while the refunds so far are added up.
      return deps.db.transaction(async (tx) => {
        const [session] = await tx.query<{ amount: number; refunded_amount: number }>(
          `SELECT amount, refunded_amount FROM payment_sessions WHERE id = $1 AND status = 'paid' FOR UPDATE`, [request.paymentId]);
        const [earlier] = await tx.query<{ id: string; amount: number }>(
          'SELECT id, amount FROM payment_session_refunds WHERE idempotency_key = $1 AND session_id = $2', [request.idempotencyKey, request.paymentId]);
        if (earlier && toPence(earlier.amount) === toPence(request.amount)) return { id: earlier.id, amount: request.amount };
        const left = session ? toPence(session.amount) - toPence(session.refunded_amount) : 0;
        if (!session || earlier || toPence(request.amount) > left) throw conflict(REFUND_REFUSED_MESSAGE);
        const [{ count }] = (await tx.query<{ count: number }>(
          'SELECT count(*)::integer AS count FROM payment_session_refunds WHERE session_id = $1', [request.paymentId])) as [{ count: number }];
        const id = count === 0 ? `re_${request.paymentId}` : `re_${request.paymentId}_${count + 1}`;
        await tx.query('INSERT INTO payment_session_refunds (idempotency_key, id, session_id, amount, created_at) VALUES ($1, $2, $3, $4, $5)',
          [request.idempotencyKey, id, request.paymentId, request.amount, deps.now()]);
        await tx.query('UPDATE payment_sessions SET refunded_amount = refunded_amount + $2, refund_key = $3 WHERE id = $1',
          [request.paymentId, request.amount, request.idempotencyKey]);
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

/** An open session whose order was checked out with it and still awaits payment. */
export interface PayableSession {
  id: string;
  order_id: number;
  amount: number;
  description: string;
  email: string;
}

// The provider's page also asks the shop's tables whether the order still awaits payment: a real
// provider's session would be expired by the shop instead (not needed while this one is the only).
const PAYABLE = `
  SELECT p.id, p.order_id, p.amount, p.description, p.email
    FROM payment_sessions p
    JOIN orders o ON o.id = p.order_id
   WHERE p.id = $1 AND p.status = 'open' AND o.payment_method = 'card'
     AND ((o.payment_ref = p.id AND o.status = 'awaiting_validation'
           AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.order_id = o.id))
       -- A balance due after the first payment (a late fee, decision 036) while the job stands, or
       -- the fee a cancelled order owes (decision 070): the shop checks the amount when told.
       OR o.balance_payment_ref = p.id)`;

export async function findPayableSession(db: Database, id: string): Promise<PayableSession | null> {
  const rows = await db.query<PayableSession>(PAYABLE, [id]);
  return rows[0] ?? null;
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
    const [payable] = await tx.query<PayableSession>(`${PAYABLE} FOR UPDATE OF p`, [id]);
    if (!payable) return null;
    await tx.query(`UPDATE payment_sessions SET status = 'paid', paid_at = $2 WHERE id = $1`, [id, now]);
    return payable;
  });
  if (!session) return null;
  const body = JSON.stringify({ type: 'payment.succeeded', payment: session.id, order: session.order_id, amount: session.amount });
  return { body, signature: signNotification(secret, body, now), orderId: session.order_id };
}
