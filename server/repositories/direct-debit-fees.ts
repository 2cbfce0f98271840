import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/**
 * Visits by Direct Debit cancelled with a fee on their ledger (a late skip, or a late cancellation
 * accepted: decision 070), not collected yet, on a standing mandate, soonest first (so those whose
 * time has passed lead the batch): the ones the hourly job may collect a fee of (decision 109).
 * What is owed, and from when, is the domain's rule (`directDebitCollectionDue`); this only keeps a
 * visit skipped free out of the list.
 */
export function directDebitFeesRepository(db: Database) {
  const k = kysely(db);
  return {
    async cancelledOwingUncollected(limit: number): Promise<Array<{ id: number; mandate: string }>> {
      const rows = await k
        .selectFrom('orders as o')
        .innerJoin('booking_series as b', 'b.id', 'o.series_id')
        .select(['o.id', 'b.dd_mandate'])
        .where('o.payment_method', '=', 'direct_debit')
        .where('o.status', '=', CANCELLED_STATUS)
        .where('o.paid_amount', 'is', null)
        .where('b.dd_mandate', 'is not', null)
        .where('b.dd_mandate_ended_at', 'is', null)
        .where(({ exists, selectFrom }) => exists(selectFrom('order_ledger as l').select('l.id').whereRef('l.order_id', '=', 'o.id').where('l.kind', '=', 'fee')))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('direct_debit_payments as p').select('p.id').whereRef('p.order_id', '=', 'o.id'))))
        .orderBy('o.due_at')
        .orderBy('o.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, mandate: row.dd_mandate! }));
    },
  };
}
