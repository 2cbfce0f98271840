import type { InferResult } from 'kysely';
import { kysely, type Db } from '../db/kysely';
import type { Database } from '../db/database';

/**
 * Card payments that arrived for an order no longer awaiting them (decision 071): one row per
 * provider payment, with what is given back and the provider's refund once made.
 */
export type LatePaymentReason = 'cancelled' | 'replaced';

/** `reason` is text in the table; only `insert` writes it, with a LatePaymentReason. */
const latePayments = (k: Db) =>
  k
    .selectFrom('late_payments')
    .select([
      'payment_ref',
      'order_id',
      'reason',
      'amount',
      'refund_amount',
      'received_at',
      'refund_ref',
      'refunded_at',
    ])
    .$narrowType<{ reason: LatePaymentReason }>();

export type LatePaymentRow = InferResult<ReturnType<typeof latePayments>>[number];

export function latePaymentRepository(db: Database) {
  const k = kysely(db);
  return {
    /** Records the payment once: false when this provider payment was recorded before. */
    async insert(row: { paymentRef: string; orderId: number; reason: LatePaymentReason; amount: number; refundAmount: number; at: Date }): Promise<boolean> {
      const rows = await k
        .insertInto('late_payments')
        .values({ payment_ref: row.paymentRef, order_id: row.orderId, reason: row.reason, amount: row.amount, refund_amount: row.refundAmount, received_at: row.at })
        .onConflict((oc) => oc.column('payment_ref').doNothing())
        .returning('payment_ref')
        .execute();
      return rows.length === 1;
    },

    forOrder(orderId: number): Promise<LatePaymentRow[]> {
      return latePayments(k).where('order_id', '=', orderId).orderBy('received_at').orderBy('payment_ref').execute();
    },

    /** Those still to give back: of one order, or of every order (the hourly retry). */
    unrefunded(orderId: number | null): Promise<LatePaymentRow[]> {
      let unrefunded = latePayments(k).where('refund_ref', 'is', null).where('refund_amount', '>', 0);
      if (orderId !== null) unrefunded = unrefunded.where('order_id', '=', orderId);
      return unrefunded
        .orderBy('received_at')
        .orderBy('payment_ref')
        .limit(100)
        .execute();
    },

    /** The refund the provider made; false when another request recorded it first. */
    async markRefunded(paymentRef: string, refundRef: string, at: Date): Promise<boolean> {
      const rows = await k
        .updateTable('late_payments')
        .set({ refund_ref: refundRef, refunded_at: at })
        .where('payment_ref', '=', paymentRef)
        .where('refund_ref', 'is', null)
        .returning('payment_ref')
        .execute();
      return rows.length === 1;
    },
  };
}
