import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { auditRepository } from '../repositories/audit';
import { orderRepository } from '../repositories/orders';
import type { PaymentProvider } from './payment-provider';

/**
 * A payment provider in test mode, hosted by this server: a checkout by card opens a session and
 * sends the browser to its page (/test-payments/:id), where the customer pays or cancels. No card is
 * charged. A real provider replaces it behind the same PaymentProvider seam.
 */
export interface TestPaymentDeps {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  now: () => Date;
}

export const TEST_PROVIDER_ACTOR = 'Test payment provider';

export function createTestPaymentProvider(deps: TestPaymentDeps): PaymentProvider {
  return {
    async createPayment(request) {
      // 128 random bits: the session id is the only key to the page, so it must not be guessable.
      const id = randomBytes(16).toString('base64url');
      await deps.db.query(
        `INSERT INTO payment_sessions (id, order_id, amount, description, email, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, request.orderId, request.amount, request.description, request.customerEmail, deps.now()],
      );
      return { id, url: `${deps.config.publicUrl}/test-payments/${id}` };
    },
  };
}

/** An open session whose order was checked out with it and still awaits payment. */
export interface PayableSession {
  id: string;
  order_id: number;
  amount: number;
  description: string;
  email: string;
}

const PAYABLE = `
  SELECT p.id, p.order_id, p.amount, p.description, p.email
    FROM payment_sessions p
    JOIN orders o ON o.id = p.order_id
   WHERE p.id = $1 AND p.status = 'open'
     AND o.payment_ref = p.id AND o.payment_method = 'card' AND o.status = 'awaiting_validation'`;

export async function findPayableSession(db: Database, id: string): Promise<PayableSession | null> {
  const rows = await db.query<PayableSession>(PAYABLE, [id]);
  return rows[0] ?? null;
}

/** Pays a session once: the order becomes payment_validated, audited. False when not payable. */
export async function paySession(db: Database, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [session] = await tx.query<PayableSession>(`${PAYABLE} FOR UPDATE OF p, o`, [id]);
    if (!session) return false;
    await tx.query(`UPDATE payment_sessions SET status = 'paid', paid_at = $2 WHERE id = $1`, [id, now]);
    await orderRepository(tx).setStatus(session.order_id, 'payment_validated', now);
    await auditRepository(tx).record({
      orderId: session.order_id,
      actorId: null,
      actor: TEST_PROVIDER_ACTOR,
      action: 'order.paid',
      from: 'awaiting_validation',
      to: 'payment_validated',
      at: now,
    });
    return true;
  });
}
