import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { PLACED } from './orders';
import { countAll } from './typed-paging';
import { LONDON } from '../../domain/time/london-time';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS, COMPLETED_STATUS } from '../../domain/orders/order-statuses';

/** Orders (order_counters' rows) whose status is `filter`'s, as an integer. */
const ordersWhere = (eb: ExpressionBuilder<DB, 'order_counters'>, filter: Expression<SqlBool>) =>
  eb.cast<number>(eb.fn.coalesce(eb.fn.sum<number>('orders').filterWhere(filter), sql.lit(0)), 'integer');

/** The dashboard's counts (services/stats.ts); its revenue comes from revenue.ts. */
export function statsRepository(db: Database) {
  const k = kysely(db);
  return {
    /**
     * Orders from the few rows of order_counters and customers from customer_count (kept by
     * triggers, 006 and 016), never a scan; accepted refunds through their status index.
     */
    counts(inQueueStatuses: readonly string[]) {
      return k
        .selectFrom('order_counters')
        .select((eb) => [
          ordersWhere(eb, eb('status', '=', sql.raw<string>(sqlStatus(COMPLETED_STATUS)))).as('completed'),
          ordersWhere(eb, eb('status', '=', eb.fn.any(sql<string[]>`${[...inQueueStatuses]}::text[]`))).as('inqueue'),
          ordersWhere(eb, eb('status', '=', sql.raw<string>(sqlStatus(CANCELLED_STATUS)))).as('cancelled'),
          eb
            .selectFrom('refund_requests')
            .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('refunded_amount'), sql.lit(0)).as('refunded'))
            .where('status', '=', sql.lit('accepted'))
            .as('refunded'),
          eb.selectFrom('customer_count').select('customers').as('users'),
        ])
        .where((eb) => eb.ref('checked_out'))
        .executeTakeFirst();
    },

    /** Orders placed per UK week (its Monday, YYYY-MM-DD) created in [start, end). */
    ordersPerWeek(start: Date | undefined, end: Date | undefined) {
      return k
        .selectFrom('orders as o')
        .select([sql<string>`to_char(date_trunc('week', o.created_at AT TIME ZONE ${LONDON}), 'YYYY-MM-DD')`.as('week'), countAll.as('orders')])
        .where((eb) => eb.and([eb('o.created_at', '>=', eb.val(start)), eb('o.created_at', '<', eb.val(end)), sql.raw<boolean>(PLACED)]))
        .groupBy(sql`1`)
        .execute();
    },
  };
}
