import { sql } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import { SELECT_ORDER, type OrderRow } from './orders';
import { sqlStatuses } from './order-status-sql';
import { IN_QUEUE_STATUSES } from '../../domain/orders/order-statuses';

/** The booking reminders (services/reminders.ts): claimed in order_reminders, keyed by order and job time. */
export function remindersRepository(tx: Database) {
  const k = kysely(tx);
  return {
    /**
     * Claims the reminders of up to `limit` booked jobs starting in (now, until] not reminded for
     * their current time; answers the orders claimed.
     */
    async claimDue(now: Date, until: Date, limit: number): Promise<number[]> {
      const rows = await k
        .insertInto('order_reminders')
        .columns(['order_id', 'due_at', 'sent_at'])
        .expression((eb) =>
          eb
            .selectFrom('orders as o')
            .select((o) => ['o.id', 'o.due_at', o.val(now).as('sent_at')])
            .where('o.checked_out_at', 'is not', null)
            .where('o.due_at', '>', now)
            .where('o.due_at', '<=', until)
            .where(sql<boolean>`o.status IN (${sql.raw(sqlStatuses(IN_QUEUE_STATUSES))})`)
            .where((o) => o.not(o.exists(o.selectFrom('refund_requests as r').select(sql<number>`1`.as('one')).whereRef('r.order_id', '=', 'o.id'))))
            .where((o) =>
              o.not(o.exists(o.selectFrom('order_reminders as m').select(sql<number>`1`.as('one')).whereRef('m.order_id', '=', 'o.id').whereRef('m.due_at', '=', 'o.due_at'))),
            )
            .orderBy('o.due_at')
            .limit(sql.lit(limit)),
        )
        .onConflict((oc) => oc.columns(['order_id', 'due_at']).doNothing())
        .returning('order_id')
        .execute();
      return rows.map((row) => row.order_id);
    },

    /** These orders, by id: SELECT_ORDER is still written by hand (orders.ts), so its row type is OrderRow's. */
    async orders(ids: number[]): Promise<OrderRow[]> {
      return (await sql<OrderRow>`${sql.raw(SELECT_ORDER)} WHERE o.id = ANY(${ids}::int[]) ORDER BY o.id`.execute(k)).rows;
    },
  };
}
