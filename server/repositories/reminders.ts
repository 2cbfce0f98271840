import type { Database } from '../db/database';
import { SELECT_ORDER } from './orders';
import { sqlStatuses } from './order-status-sql';
import { IN_QUEUE_STATUSES } from '../../domain/orders/order-statuses';

/** The booking reminders (services/reminders.ts): claimed in order_reminders, keyed by order and job time. */
export function remindersRepository(tx: Database) {
  return {
    /**
     * Claims the reminders of up to `limit` booked jobs starting in (now, until] not reminded for
     * their current time; answers the orders claimed.
     */
    async claimDue(now: Date, until: Date, limit: number): Promise<number[]> {
      const rows = await tx.query<{ order_id: number }>(
        `INSERT INTO order_reminders (order_id, due_at, sent_at)
         SELECT o.id, o.due_at, $3
           FROM orders o
          WHERE o.checked_out_at IS NOT NULL AND o.due_at > $1 AND o.due_at <= $2
            AND o.status IN (${sqlStatuses(IN_QUEUE_STATUSES)})
            AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.order_id = o.id)
            AND NOT EXISTS (SELECT 1 FROM order_reminders m WHERE m.order_id = o.id AND m.due_at = o.due_at)
          ORDER BY o.due_at
          LIMIT ${Number(limit)}
         ON CONFLICT (order_id, due_at) DO NOTHING
         RETURNING order_id`,
        [now, until, now],
      );
      return rows.map((row) => row.order_id);
    },

    /** These orders, by id. */
    orders<Row>(ids: number[]): Promise<Row[]> {
      return tx.query<Row>(`${SELECT_ORDER} WHERE o.id = ANY($1::int[]) ORDER BY o.id`, [ids]);
    },
  };
}
