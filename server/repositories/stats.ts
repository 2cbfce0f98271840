import type { Database } from '../db/database';
import { PLACED } from './orders';
import { LONDON } from '../../domain/time/london-time';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS, COMPLETED_STATUS } from '../../domain/orders/order-statuses';

export interface DashboardCounts {
  completed: number;
  inqueue: number;
  cancelled: number;
  refunded: number;
  users: number;
}

/** The dashboard's counts (services/stats.ts); its revenue comes from revenue.ts. */
export function statsRepository(db: Database) {
  return {
    /**
     * Orders from the few rows of order_counters and customers from customer_count (kept by
     * triggers, 006 and 016), never a scan; accepted refunds through their status index.
     */
    async counts(inQueueStatuses: readonly string[]): Promise<DashboardCounts | undefined> {
      const [row] = await db.query<DashboardCounts>(
        `SELECT COALESCE(sum(orders) FILTER (WHERE status = ${sqlStatus(COMPLETED_STATUS)}), 0)::integer AS completed,
                COALESCE(sum(orders) FILTER (WHERE status = ANY($1::text[])), 0)::integer AS inqueue,
                COALESCE(sum(orders) FILTER (WHERE status = ${sqlStatus(CANCELLED_STATUS)}), 0)::integer AS cancelled,
                (SELECT COALESCE(sum(refunded_amount), 0)::bigint FROM refund_requests WHERE status = 'accepted') AS refunded,
                (SELECT customers FROM customer_count) AS users
           FROM order_counters
          WHERE checked_out`,
        [inQueueStatuses],
      );
      return row;
    },

    /** Orders placed per UK week (its Monday, YYYY-MM-DD) created in [start, end). */
    async ordersPerWeek(start: Date | undefined, end: Date | undefined): Promise<Array<{ week: string; orders: number }>> {
      return db.query<{ week: string; orders: number }>(
        `SELECT to_char(date_trunc('week', created_at AT TIME ZONE $3), 'YYYY-MM-DD') AS week, count(*)::integer AS orders
           FROM orders o
          WHERE created_at >= $1 AND created_at < $2 AND ${PLACED}
          GROUP BY 1`,
        [start, end, LONDON],
      );
    },
  };
}
