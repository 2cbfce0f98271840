import { sql, type NotNull } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS, COMPLETED_STATUS } from '../../domain/orders/order-statuses';

/** The payment method of a visit paid by Direct Debit, a literal in the statement as before. */
const DIRECT_DEBIT = sql.lit('direct_debit');

/** Direct Debit for series (decision 093): the series' mandate and each visit's collection. */
export function directDebitRepository(db: Database) {
  const k = kysely(db);
  return {
    async setBillingRequest(seriesId: number, billingRequest: string): Promise<void> {
      await k.updateTable('booking_series').set({ dd_billing_request: billingRequest }).where('id', '=', seriesId).where('dd_mandate', 'is', null).execute();
    },

    mandateOfSeries(seriesId: number) {
      return k.selectFrom('booking_series').select(['dd_billing_request', 'dd_mandate']).where('id', '=', seriesId).executeTakeFirst();
    },

    async setMandate(seriesId: number, mandate: string, at: Date): Promise<void> {
      await k.updateTable('booking_series').set({ dd_mandate: mandate, dd_mandate_at: at }).where('id', '=', seriesId).where('dd_mandate', 'is', null).execute();
    },

    async setMandateOfBillingRequest(billingRequest: string, mandate: string, at: Date): Promise<void> {
      await k
        .updateTable('booking_series')
        .set({ dd_mandate: mandate, dd_mandate_at: at })
        .where('dd_billing_request', '=', billingRequest)
        .where('dd_mandate', 'is', null)
        .execute();
    },

    /** The series of the mandate, once: null when unknown or ended already. */
    async endMandate(mandate: string, at: Date): Promise<number | null> {
      const row = await k
        .updateTable('booking_series')
        .set({ dd_mandate_ended_at: at })
        .where('dd_mandate', '=', mandate)
        .where('dd_mandate_ended_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Visits by Direct Debit that are done, unpaid and not collected yet, on a standing mandate. */
    doneUncollected(limit: number) {
      return k
        .selectFrom('orders as o')
        .innerJoin('booking_series as b', 'b.id', 'o.series_id')
        .select(['o.id', 'b.dd_mandate as mandate'])
        .where('o.payment_method', '=', DIRECT_DEBIT)
        .where('o.status', '=', sql.raw<string>(sqlStatus(COMPLETED_STATUS)))
        .where('o.paid_amount', 'is', null)
        .where('b.dd_mandate', 'is not', null)
        .where('b.dd_mandate_ended_at', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('direct_debit_payments as p').select(sql<number>`1`.as('one')).whereRef('p.order_id', '=', 'o.id'))))
        .orderBy('o.due_at')
        .orderBy('o.id')
        .limit(limit)
        .$narrowType<{ mandate: NotNull }>()
        .execute();
    },

    /** The series' visits by Direct Debit, not cancelled, with no collection, soonest first. */
    async uncollectedOfSeries(seriesId: number): Promise<number[]> {
      const rows = await k
        .selectFrom('orders as o')
        .select('o.id')
        .where('o.series_id', '=', seriesId)
        .where('o.payment_method', '=', DIRECT_DEBIT)
        .where('o.status', '<>', sql.raw<string>(sqlStatus(CANCELLED_STATUS)))
        .where('o.paid_amount', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('direct_debit_payments as p').select(sql<number>`1`.as('one')).whereRef('p.order_id', '=', 'o.id'))))
        .orderBy('o.due_at')
        .orderBy('o.id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** True when kept now; false when that payment was kept already. */
    async addPayment(payment: { id: string; orderId: number; amount: number; status: string; at: Date }): Promise<boolean> {
      const rows = await k
        .insertInto('direct_debit_payments')
        .values({ id: payment.id, order_id: payment.orderId, amount: payment.amount, status: payment.status, created_at: payment.at })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      return rows.length === 1;
    },

    paymentForUpdate(id: string) {
      return k
        .selectFrom('direct_debit_payments')
        .select(['id', 'order_id', 'amount', 'status', 'failures', 'last_event_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async updatePayment(id: string, change: { status: string; lastEventAt: Date; failures: number }): Promise<void> {
      await k
        .updateTable('direct_debit_payments')
        .set({ status: change.status, last_event_at: change.lastEventAt, failures: change.failures })
        .where('id', '=', id)
        .execute();
    },

    /** The visit's collection was confirmed: paid, with the GoCardless payment as its reference. */
    async markCollected(orderId: number, payment: { amount: number; at: Date; ref: string }): Promise<void> {
      await k
        .updateTable('orders')
        .set((eb) => ({ paid_amount: payment.amount, paid_at: payment.at, payment_ref: payment.ref, version: eb('version', '+', 1) }))
        .where('id', '=', orderId)
        .where('paid_amount', 'is', null)
        .execute();
    },
  };
}
