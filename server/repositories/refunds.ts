import type { Database } from '../db/database';
import type { RefundStatus } from '../services/order-statuses';

export interface RefundRow {
  order_id: number;
  reason: string;
  status: RefundStatus;
  fee: number;
  /** What accepting owes (total less fee when paid, else 0); what the provider actually refunded. */
  refund_due: number | null;
  refunded_amount: number | null;
  provider_refund_ref: string | null;
  requested_at: Date;
  decided_at: Date | null;
  version: number;
  /** The order's creation time and its customer's name, as the admin list shows them. */
  order_date: Date;
  name: string;
}

const SELECT_REFUND = `
  SELECT r.*, o.created_at AS order_date, u.name
    FROM refund_requests r
    JOIN orders o ON o.id = r.order_id
    JOIN users u ON u.id = o.user_id`;

export function refundRepository(db: Database) {
  return {
    async find(orderId: number, options: { forUpdate?: boolean } = {}): Promise<RefundRow | null> {
      const lock = options.forUpdate ? ' FOR UPDATE OF r' : '';
      const rows = await db.query<RefundRow>(`${SELECT_REFUND} WHERE r.order_id = $1${lock}`, [orderId]);
      return rows[0] ?? null;
    },

    listAll(): Promise<RefundRow[]> {
      return db.query<RefundRow>(`${SELECT_REFUND} ORDER BY r.requested_at DESC, r.order_id DESC`);
    },

    /** False when the order already has a request (one per order). */
    async insert(request: { orderId: number; reason: string; fee: number; requestedAt: Date }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO refund_requests (order_id, reason, fee, requested_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
        [request.orderId, request.reason, request.fee, request.requestedAt],
      );
      return rows.length === 1;
    },

    /**
     * Decides a pending request. Accepted: `refundDue` is what the provider must give back, and
     * `refundedAmount` is set now only when nothing has to move (0). False when not pending any more.
     */
    async decide(decision: {
      orderId: number;
      status: 'accepted' | 'rejected';
      refundDue: number | null;
      refundedAmount: number | null;
      decidedAt: Date;
      decidedBy: number;
    }): Promise<boolean> {
      const rows = await db.query(
        `UPDATE refund_requests
            SET status = $2, refund_due = $3, refunded_amount = $4, decided_at = $5, decided_by = $6, version = version + 1
          WHERE order_id = $1 AND status = 'pending'
          RETURNING order_id`,
        [decision.orderId, decision.status, decision.refundDue, decision.refundedAmount, decision.decidedAt, decision.decidedBy],
      );
      return rows.length === 1;
    },

    /** The provider refunded: from now on the amount counts in Total Refound. */
    async recordProviderRefund(orderId: number, refund: { id: string; amount: number }): Promise<void> {
      await db.query(
        `UPDATE refund_requests SET refunded_amount = $2, provider_refund_ref = $3
          WHERE order_id = $1 AND status = 'accepted' AND provider_refund_ref IS NULL`,
        [orderId, refund.amount, refund.id],
      );
    },
  };
}
