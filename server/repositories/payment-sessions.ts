import type { Database } from '../db/database';
import { sqlStatus } from './order-status-sql';
import { FIRST_STATUS } from '../../domain/orders/order-statuses';

/**
 * The test payment provider's own tables (services/test-payment-provider.ts): its sessions and their
 * refunds, as a real provider would keep them on its side. Amounts are pence (077).
 */
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
     AND ((o.payment_ref = p.id AND o.status = ${sqlStatus(FIRST_STATUS)}
           AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.order_id = o.id))
       -- A balance due after the first payment (a late fee, decision 036) while the job stands, or
       -- the fee a cancelled order owes (decision 070): the shop checks the amount when told.
       OR o.balance_payment_ref = p.id)`;

export function paymentSessionsRepository(db: Database) {
  return {
    /** One statement: concurrent creates with one key all answer the single session it made. */
    async create(session: { id: string; orderId: number; amount: number; description: string; email: string; at: Date; idempotencyKey: string }): Promise<string> {
      const [created] = await db.query<{ id: string }>(
        `INSERT INTO payment_sessions (id, order_id, amount, description, email, created_at, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING id`,
        [session.id, session.orderId, session.amount, session.description, session.email, session.at, session.idempotencyKey],
      );
      return created!.id;
    },

    /** A paid session, locked: its amount and what was refunded of it so far; undefined when not paid. */
    async lockPaid(id: string): Promise<{ amount: number; refunded_amount: number } | undefined> {
      const [session] = await db.query<{ amount: number; refunded_amount: number }>(
        `SELECT amount, refunded_amount FROM payment_sessions WHERE id = $1 AND status = 'paid' FOR UPDATE`, [id]);
      return session;
    },

    /** The refund made earlier with this key on this session. */
    async refundByKey(idempotencyKey: string, sessionId: string): Promise<{ id: string; amount: number } | undefined> {
      const [earlier] = await db.query<{ id: string; amount: number }>(
        'SELECT id, amount FROM payment_session_refunds WHERE idempotency_key = $1 AND session_id = $2', [idempotencyKey, sessionId]);
      return earlier;
    },

    async refundCount(sessionId: string): Promise<number> {
      const [{ count }] = (await db.query<{ count: number }>(
        'SELECT count(*)::integer AS count FROM payment_session_refunds WHERE session_id = $1', [sessionId])) as [{ count: number }];
      return count;
    },

    /** A refund of the session, added to what was refunded of it. */
    async addRefund(refund: { idempotencyKey: string; id: string; sessionId: string; amount: number; at: Date }): Promise<void> {
      await db.query('INSERT INTO payment_session_refunds (idempotency_key, id, session_id, amount, created_at) VALUES ($1, $2, $3, $4, $5)',
        [refund.idempotencyKey, refund.id, refund.sessionId, refund.amount, refund.at]);
      await db.query('UPDATE payment_sessions SET refunded_amount = refunded_amount + $2, refund_key = $3 WHERE id = $1',
        [refund.sessionId, refund.amount, refund.idempotencyKey]);
    },

    async findPayable(id: string): Promise<PayableSession | null> {
      const rows = await db.query<PayableSession>(PAYABLE, [id]);
      return rows[0] ?? null;
    },

    async lockPayable(id: string): Promise<PayableSession | undefined> {
      const [payable] = await db.query<PayableSession>(`${PAYABLE} FOR UPDATE OF p`, [id]);
      return payable;
    },

    async markPaid(id: string, at: Date): Promise<void> {
      await db.query(`UPDATE payment_sessions SET status = 'paid', paid_at = $2 WHERE id = $1`, [id, at]);
    },
  };
}
