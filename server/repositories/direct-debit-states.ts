import { sql } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { OrderRow } from './orders';
import type { MandateState } from '../../domain/money/direct-debit';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/**
 * What My orders reads of Direct Debit (decisions 100 and 108): each series' mandate, each visit's
 * latest GoCardless payment, and the older visits whose money may still be moving. Reads only; the
 * writes are server/repositories/direct-debit.ts's.
 */
export function directDebitStatesRepository(db: Database) {
  const k = kysely(db);
  return {
    /** The mandate of each of these series that is paid by Direct Debit (its first order's method); others are left out. */
    async mandatesOf(seriesIds: readonly number[]): Promise<Map<number, MandateState>> {
      if (seriesIds.length === 0) return new Map();
      const rows = await k
        .selectFrom('booking_series as b')
        .innerJoin('orders as o', 'o.id', 'b.first_order_id')
        .select(['b.id', 'b.dd_billing_request', 'b.dd_mandate', 'b.dd_mandate_ended_at', 'o.payment_method'])
        .where('b.id', 'in', [...seriesIds])
        .execute();
      const mandates = new Map<number, MandateState>();
      for (const row of rows) {
        if (row.payment_method !== 'direct_debit' && row.dd_billing_request === null && row.dd_mandate === null) continue;
        mandates.set(row.id, row.dd_mandate_ended_at !== null ? 'ended' : row.dd_mandate !== null ? 'set_up' : 'pending');
      }
      return mandates;
    },

    /** The latest GoCardless payment of each of these orders that has one, with the failures reported. */
    async collectionsOf(orderIds: readonly number[]): Promise<Map<number, { id: string; failures: number }>> {
      if (orderIds.length === 0) return new Map();
      const rows = await k
        .selectFrom('direct_debit_payments')
        .select(['id', 'order_id', 'failures'])
        .where('order_id', 'in', [...orderIds])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return new Map(rows.map((row) => [row.order_id, { id: row.id, failures: row.failures }]));
    },

    /**
     * The Direct Debit visits of these series due before `before` that My orders may still list
     * (decision 108), soonest first, as `orders.visits` answers them: those owing money on the
     * ledger (charges less payments plus refunds above zero), or whose money moved since
     * `movedSince`; a visit cancelled with nothing asked of GoCardless is not one. More than the
     * rule keeps, never fewer: `directDebitStillShown` (domain/money/direct-debit.ts) decides.
     */
    async settlingVisits(seriesIds: readonly number[], before: Date, movedSince: Date): Promise<(OrderRow & { series_id: number })[]> {
      if (seriesIds.length === 0) return [];
      const rows = await k
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .innerJoin('services as s', 's.id', 'o.service_id')
        .leftJoin('refund_requests as r', 'r.order_id', 'o.id')
        .selectAll('o')
        .select((eb) => [
          'u.name as user_name',
          sql<string>`COALESCE(u.email, '')`.as('user_email'),
          's.name as service_name',
          'r.status as refund_status',
          'r.reason as refund_reason',
          'r.fee as refund_fee',
          eb.exists(eb.selectFrom('booking_series as b').select('b.id').whereRef('b.id', '=', 'o.series_id').where('b.card_payment_method', 'is not', null)).as('series_card_saved'),
        ])
        .where('o.series_id', 'in', [...seriesIds])
        .where('o.payment_method', '=', 'direct_debit')
        .where('o.due_at', '<', before)
        .where((eb) => eb.or([
          eb('o.status', '<>', CANCELLED_STATUS),
          eb.exists(eb.selectFrom('direct_debit_payments as p').select('p.id').whereRef('p.order_id', '=', 'o.id')),
        ]))
        .where((eb) => eb.or([
          eb.exists(eb.selectFrom('order_ledger as m').select('m.id').whereRef('m.order_id', '=', 'o.id')
            .where('m.kind', 'in', ['payment', 'refund']).where('m.created_at', '>=', movedSince)),
          eb(
            eb.selectFrom('order_ledger as l')
              .select(sql<number>`COALESCE(sum(CASE WHEN l.kind = 'payment' THEN -l.amount ELSE l.amount END), 0)`.as('owed'))
              .whereRef('l.order_id', '=', 'o.id'),
            '>', 0,
          ),
        ]))
        .orderBy('o.due_at')
        .orderBy('o.id')
        .execute();
      // The same columns as SELECT_ORDER's, read through the same driver: OrderRow's types.
      return rows as unknown as (OrderRow & { series_id: number })[];
    },
  };
}
