import type { Database } from '../db/database';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS, COMPLETED_STATUS } from '../../domain/orders/order-statuses';

/** A GoCardless payment collecting one visit (direct_debit_payments, migration 074). */
export interface DirectDebitPaymentRow {
  id: string;
  order_id: number;
  amount: number;
  status: string;
  failures: number;
  last_event_at: Date | null;
}

/** Direct Debit for series (decision 093): the series' mandate and each visit's collection. */
export function directDebitRepository(db: Database) {
  return {
    async setBillingRequest(seriesId: number, billingRequest: string): Promise<void> {
      await db.query('UPDATE booking_series SET dd_billing_request = $2 WHERE id = $1 AND dd_mandate IS NULL', [seriesId, billingRequest]);
    },

    async mandateOfSeries(seriesId: number): Promise<{ dd_billing_request: string | null; dd_mandate: string | null } | undefined> {
      const [row] = await db.query<{ dd_billing_request: string | null; dd_mandate: string | null }>(
        'SELECT dd_billing_request, dd_mandate FROM booking_series WHERE id = $1', [seriesId]);
      return row;
    },

    async setMandate(seriesId: number, mandate: string, at: Date): Promise<void> {
      await db.query('UPDATE booking_series SET dd_mandate = $2, dd_mandate_at = $3 WHERE id = $1 AND dd_mandate IS NULL', [seriesId, mandate, at]);
    },

    async setMandateOfBillingRequest(billingRequest: string, mandate: string, at: Date): Promise<void> {
      await db.query('UPDATE booking_series SET dd_mandate = $2, dd_mandate_at = $3 WHERE dd_billing_request = $1 AND dd_mandate IS NULL', [billingRequest, mandate, at]);
    },

    /** The series of the mandate, once: null when unknown or ended already. */
    async endMandate(mandate: string, at: Date): Promise<number | null> {
      const [row] = await db.query<{ id: number }>(
        'UPDATE booking_series SET dd_mandate_ended_at = $2 WHERE dd_mandate = $1 AND dd_mandate_ended_at IS NULL RETURNING id', [mandate, at]);
      return row?.id ?? null;
    },

    /** Visits by Direct Debit that are done, unpaid and not collected yet, on a standing mandate. */
    doneUncollected(limit: number): Promise<Array<{ id: number; mandate: string }>> {
      return db.query<{ id: number; mandate: string }>(
        `SELECT o.id, b.dd_mandate AS mandate FROM orders o JOIN booking_series b ON b.id = o.series_id
          WHERE o.payment_method = 'direct_debit' AND o.status = ${sqlStatus(COMPLETED_STATUS)} AND o.paid_amount IS NULL
            AND b.dd_mandate IS NOT NULL AND b.dd_mandate_ended_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM direct_debit_payments p WHERE p.order_id = o.id)
          ORDER BY o.due_at, o.id LIMIT ${Number(limit)}`,
      );
    },

    /** The series' visits by Direct Debit, not cancelled, with no collection, soonest first. */
    async uncollectedOfSeries(seriesId: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `SELECT o.id FROM orders o WHERE o.series_id = $1 AND o.payment_method = 'direct_debit' AND o.status <> ${sqlStatus(CANCELLED_STATUS)} AND o.paid_amount IS NULL
            AND NOT EXISTS (SELECT 1 FROM direct_debit_payments p WHERE p.order_id = o.id)
          ORDER BY o.due_at, o.id`, [seriesId]);
      return rows.map((row) => row.id);
    },

    /** True when kept now; false when that payment was kept already. */
    async addPayment(payment: { id: string; orderId: number; amount: number; status: string; at: Date }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO direct_debit_payments (id, order_id, amount, status, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [payment.id, payment.orderId, payment.amount, payment.status, payment.at],
      );
      return rows.length === 1;
    },

    async paymentForUpdate(id: string): Promise<DirectDebitPaymentRow | undefined> {
      const [row] = await db.query<DirectDebitPaymentRow>('SELECT id, order_id, amount, status, failures, last_event_at FROM direct_debit_payments WHERE id = $1 FOR UPDATE', [id]);
      return row;
    },

    async updatePayment(id: string, change: { status: string; lastEventAt: Date; failures: number }): Promise<void> {
      await db.query('UPDATE direct_debit_payments SET status = $2, last_event_at = $3, failures = $4 WHERE id = $1', [id, change.status, change.lastEventAt, change.failures]);
    },

    /** The visit's collection was confirmed: paid, with the GoCardless payment as its reference. */
    async markCollected(orderId: number, payment: { amount: number; at: Date; ref: string }): Promise<void> {
      await db.query('UPDATE orders SET paid_amount = $2, paid_at = $3, payment_ref = $4, version = version + 1 WHERE id = $1 AND paid_amount IS NULL',
        [orderId, payment.amount, payment.at, payment.ref]);
    },
  };
}
