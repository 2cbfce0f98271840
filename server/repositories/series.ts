import type { Database } from '../db/database';
import { SELECT_ORDER, type OrderRow } from './orders';
import type { SeriesFrequency } from '../../domain/time/series-dates';
import { sqlStatus, sqlStatuses } from './order-status-sql';
import { CANCELLED_STATUS, COMPLETED_STATUS, FIRST_STATUS } from '../../domain/orders/order-statuses';

export interface SeriesRow {
  id: number;
  user_id: number;
  service_id: number;
  service_name: string;
  frequency: SeriesFrequency;
  frequency_name: string;
  first_order_id: number;
  first_date: string;
  first_time: string;
  planned_through: number;
  ended_at: Date | null;
  /** The SEQUENCE of the series' calendar entry (024), raised on every change. */
  calendar_sequence: number;
  /** A card is saved to pay the later visits (032, decision 038). */
  card_saved: boolean;
}

const SELECT_SERIES = `
  SELECT b.id, b.user_id, b.service_id, s.name AS service_name, b.frequency, f.name AS frequency_name,
         b.first_order_id, to_char(b.first_date, 'YYYY-MM-DD') AS first_date, b.first_time,
         b.planned_through, b.ended_at, b.calendar_sequence, b.card_payment_method IS NOT NULL AS card_saved
    FROM booking_series b
    JOIN services s ON s.id = b.service_id
    JOIN frequencies f ON f.code = b.frequency`;

export interface PlannedVisit {
  seriesId: number;
  occurrence: number;
  dueAt: Date;
  teamId: number | null;
  minutes: number;
  at: Date;
}

export function seriesRepository(db: Database) {
  return {
    /** The series of a checked-out order (its first visit); the order becomes occurrence 0. */
    async create(series: {
      userId: number; serviceId: number; frequency: SeriesFrequency; firstOrderId: number; firstDate: string; firstTime: string; at: Date;
      /** The customer ticked "Save my card to pay each visit automatically" (decision 038). */
      cardConsent: boolean;
    }): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO booking_series (user_id, service_id, frequency, first_order_id, first_date, first_time, created_at, card_consent_at)
         VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8) RETURNING id`,
        [series.userId, series.serviceId, series.frequency, series.firstOrderId, series.firstDate, series.firstTime, series.at, series.cardConsent ? series.at : null],
      );
      await db.query('UPDATE orders SET series_id = $2, series_occurrence = 0 WHERE id = $1', [series.firstOrderId, row!.id]);
      return row!.id;
    },

    async find(id: number, options: { forUpdate?: boolean } = {}): Promise<SeriesRow | null> {
      const rows = await db.query<SeriesRow>(`${SELECT_SERIES} WHERE b.id = $1${options.forUpdate ? ' FOR UPDATE OF b' : ''}`, [id]);
      return rows[0] ?? null;
    },

    byUser(userId: number): Promise<SeriesRow[]> {
      return db.query<SeriesRow>(`${SELECT_SERIES} WHERE b.user_id = $1 ORDER BY b.id DESC`, [userId]);
    },

    /** Ids of the series that still plan visits, after `afterId` (batches of the planning job). */
    async activeIds(afterId: number, limit: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        'SELECT id FROM booking_series WHERE ended_at IS NULL AND id > $1 ORDER BY id LIMIT $2',
        [afterId, limit],
      );
      return rows.map((row) => row.id);
    },

    /**
     * Visit `occurrence` as a copy of the series's first order (items, price lines, address,
     * payment method), checked out now for `dueAt`; answers its id, or null when that occurrence
     * exists already (the unique index of 017_series.sql).
     */
    async insertVisit(series: SeriesRow, visit: PlannedVisit): Promise<number | null> {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO orders (user_id, service_id, status, total, payment_method, due_at, address, phone, city, code_postal,
                             client_note, checked_out_at, created_at, duration_minutes, team_id, frequency, vat, price_lines,
                             priced_postcode, series_id, series_occurrence)
         SELECT user_id, service_id, ${sqlStatus(FIRST_STATUS)}, total - reschedule_fees, payment_method, $2, address, phone, city, code_postal,
                client_note, $3, $3, $4, $5, frequency, vat, price_lines, priced_postcode, $6, $7
           FROM orders WHERE id = $1
         ON CONFLICT (series_id, series_occurrence) WHERE series_id IS NOT NULL DO NOTHING
         RETURNING id`,
        [series.first_order_id, visit.dueAt, visit.at, visit.minutes, visit.teamId, visit.seriesId, visit.occurrence],
      );
      const id = rows[0]?.id ?? null;
      if (id === null) return null;
      await db.query(
        `INSERT INTO order_items (order_id, item_id, name, unit_price, quantity, total_price)
         SELECT $2, item_id, name, unit_price, quantity, total_price FROM order_items WHERE order_id = $1`,
        [series.first_order_id, id],
      );
      return id;
    },

    async setPlannedThrough(id: number, occurrence: number): Promise<void> {
      await db.query('UPDATE booking_series SET planned_through = GREATEST(planned_through, $2) WHERE id = $1', [id, occurrence]);
    },

    async end(id: number, at: Date): Promise<void> {
      await db.query('UPDATE booking_series SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [id, at]);
    },

    /** A visit skipped (a cancellation that remembers the status it had, decision 060). */
    async skipVisit(orderId: number, at: Date): Promise<void> {
      await db.query(
        `UPDATE orders SET status = ${sqlStatus(CANCELLED_STATUS)}, skipped_at = $2, skipped_from = status, version = version + 1 WHERE id = $1`,
        [orderId, at],
      );
    },

    /** A skip undone: the visit gets back the status it had; answers it. */
    async unskipVisit(orderId: number): Promise<OrderRow['status']> {
      const [restored] = await db.query<{ status: OrderRow['status'] }>(
        `UPDATE orders SET status = COALESCE(skipped_from, ${sqlStatus(FIRST_STATUS)}), skipped_at = NULL, skipped_from = NULL, version = version + 1
          WHERE id = $1 RETURNING status`,
        [orderId],
      );
      return restored!.status;
    },

    /** The series' visits still to come after `now`: not cancelled, not completed, nothing asked back. */
    async visitsLeft(seriesId: number, now: Date): Promise<number> {
      const [left] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders o
          WHERE o.series_id = $1 AND o.due_at > $2 AND o.status NOT IN (${sqlStatuses([CANCELLED_STATUS, COMPLETED_STATUS])})
            AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.order_id = o.id)`,
        [seriesId, now],
      );
      return Number(left!.n);
    },

    /** A change the series' calendar entry must show: its SEQUENCE goes up; answers the series as it now is. */
    async touchCalendar(id: number): Promise<SeriesRow> {
      await db.query('UPDATE booking_series SET calendar_sequence = calendar_sequence + 1 WHERE id = $1', [id]);
      return (await this.find(id))!;
    },

    /** The visits of these series from `since` on, soonest first. */
    visits(seriesIds: number[], since: Date): Promise<(OrderRow & { series_id: number })[]> {
      return db.query<OrderRow & { series_id: number }>(
        `${SELECT_ORDER} WHERE o.series_id = ANY($1::int[]) AND o.due_at >= $2 ORDER BY o.due_at, o.id`,
        [seriesIds, since],
      );
    },
  };
}
