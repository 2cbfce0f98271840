import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { MandateState } from '../../domain/money/direct-debit';

/**
 * What My orders reads of Direct Debit (decision 100): each series' mandate and each visit's latest
 * GoCardless payment. Reads only; the writes are server/repositories/direct-debit.ts's.
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
  };
}
