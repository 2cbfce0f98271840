import type { Database } from '../db/database';

/**
 * Card payments that arrived for an order no longer awaiting them (decision 071): one row per
 * provider payment, with what is given back (pence) and the provider's refund once made.
 */
export type LatePaymentReason = 'cancelled' | 'replaced';

export interface LatePaymentRow {
  payment_ref: string;
  order_id: number;
  reason: LatePaymentReason;
  amount: number;
  refund_amount: number;
  received_at: Date;
  refund_ref: string | null;
  refunded_at: Date | null;
}

const COLUMNS = 'payment_ref, order_id, reason, amount, refund_amount, received_at, refund_ref, refunded_at';

export function latePaymentRepository(db: Database) {
  return {
    /** Records the payment once: false when this provider payment was recorded before. */
    async insert(row: { paymentRef: string; orderId: number; reason: LatePaymentReason; amount: number; refundAmount: number; at: Date }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO late_payments (payment_ref, order_id, reason, amount, refund_amount, received_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (payment_ref) DO NOTHING RETURNING payment_ref`,
        [row.paymentRef, row.orderId, row.reason, row.amount, row.refundAmount, row.at],
      );
      return rows.length === 1;
    },

    forOrder(orderId: number): Promise<LatePaymentRow[]> {
      return db.query<LatePaymentRow>(`SELECT ${COLUMNS} FROM late_payments WHERE order_id = $1 ORDER BY received_at, payment_ref`, [orderId]);
    },

    /** Those still to give back: of one order, or of every order (the hourly retry). */
    unrefunded(orderId: number | null): Promise<LatePaymentRow[]> {
      return db.query<LatePaymentRow>(
        `SELECT ${COLUMNS} FROM late_payments
          WHERE refund_ref IS NULL AND refund_amount > 0 AND ($1::integer IS NULL OR order_id = $1)
          ORDER BY received_at, payment_ref LIMIT 100`,
        [orderId],
      );
    },

    /** The refund the provider made; false when another request recorded it first. */
    async markRefunded(paymentRef: string, refundRef: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        'UPDATE late_payments SET refund_ref = $2, refunded_at = $3 WHERE payment_ref = $1 AND refund_ref IS NULL RETURNING payment_ref',
        [paymentRef, refundRef, at],
      );
      return rows.length === 1;
    },
  };
}
