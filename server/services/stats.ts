import type { Stats, WeeklyStat } from '../../openapi/schema';
import type { Database } from '../db/database';
import { IN_QUEUE_STATUSES, REVENUE_STATUSES } from '../../domain/orders/order-statuses';
import { toPence, toPounds } from '../../domain/money/money';
import { PLACED } from '../repositories/orders';


/**
 * The dashboard's tiles:
 * - revenue: sum of the totals of orders that are payment_validated or completed (a cash order
 *   counts once an administrator marks it completed); cancelled orders count for nothing;
 * - refunded ("Total Refound"): sum of accepted refunds, each the order's total less its fee;
 * - users: accounts without ROLE_ADMIN; completed / inqueue (awaiting_validation +
 *   payment_validated) / cancelled: numbers of orders in those statuses.
 * Drafts (orders not checked out, decision 007) count nowhere.
 */
export async function getStats(db: Database): Promise<Stats> {
  // One round trip. Orders from the few rows of order_counters and customers from customer_count
  // (kept by triggers, 006 and 016), never a scan; accepted refunds through their status index.
  const [row] = await db.query<{ revenue: number; completed: number; inqueue: number; cancelled: number; refunded: number; users: number }>(
    `SELECT COALESCE(sum(total) FILTER (WHERE status = ANY($1::text[])), 0) AS revenue,
            COALESCE(sum(orders) FILTER (WHERE status = 'completed'), 0)::integer AS completed,
            COALESCE(sum(orders) FILTER (WHERE status = ANY($2::text[])), 0)::integer AS inqueue,
            COALESCE(sum(orders) FILTER (WHERE status = 'cancelled'), 0)::integer AS cancelled,
            (SELECT COALESCE(sum(refunded_amount), 0) FROM refund_requests WHERE status = 'accepted') AS refunded,
            (SELECT customers FROM customer_count) AS users
       FROM order_counters
      WHERE checked_out`,
    [REVENUE_STATUSES, IN_QUEUE_STATUSES],
  );
  return {
    revenue: toPounds(toPence(row?.revenue ?? 0)),
    refunded: toPounds(toPence(row?.refunded ?? 0)),
    users: row?.users ?? 0,
    completed: row?.completed ?? 0,
    inqueue: row?.inqueue ?? 0,
    cancelled: row?.cancelled ?? 0,
  };
}

export const WEEKS_SHOWN = 12;
const WEEK_MS = 7 * 86_400_000;

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * 86_400_000);
}

/**
 * The last 12 weeks (Monday-starting, UTC, the current week last): the orders created in each week,
 * and the revenue of those of them that are payment_validated or completed. Weeks without orders are zeros.
 */
export async function getWeeklyStats(db: Database, now: Date): Promise<WeeklyStat[]> {
  const first = new Date(weekStart(now).getTime() - (WEEKS_SHOWN - 1) * WEEK_MS);
  const end = new Date(first.getTime() + WEEKS_SHOWN * WEEK_MS);
  const rows = await db.query<{ week: number; orders: number; revenue: number }>(
    `SELECT floor(extract(epoch FROM (created_at - $1::timestamptz)) / $3)::integer AS week,
            count(*)::integer AS orders,
            COALESCE(sum(total) FILTER (WHERE status = ANY($4::text[])), 0) AS revenue
       FROM orders o
      WHERE created_at >= $1 AND created_at < $2 AND ${PLACED}
      GROUP BY 1`,
    [first, end, WEEK_MS / 1000, REVENUE_STATUSES],
  );
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return Array.from({ length: WEEKS_SHOWN }, (_, index) => {
    const row = byWeek.get(index);
    return {
      week: new Date(first.getTime() + index * WEEK_MS).toISOString().slice(0, 10),
      revenue: toPounds(toPence(row?.revenue ?? 0)),
      orders: row?.orders ?? 0,
    };
  });
}
