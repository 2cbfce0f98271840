import { sql, type InferResult } from 'kysely';
import type { Database } from '../db/database';
import { asDate, dayText, kysely, type Db } from '../db/kysely';
import { SELECT_ORDER, type OrderRow } from './orders';
import type { SeriesFrequency } from '../../domain/time/series-dates';
import { CANCELLED_STATUS, COMPLETED_STATUS, FIRST_STATUS } from '../../domain/orders/order-statuses';

/**
 * A series with its service's and frequency's names. `card_saved`: a card is saved to pay the later
 * visits (032, decision 038); `calendar_sequence`: the SEQUENCE of the series' calendar entry (024),
 * raised on every change.
 */
const seriesQuery = (k: Db) =>
  k.selectFrom('booking_series as b')
    .innerJoin('services as s', 's.id', 'b.service_id')
    .innerJoin('frequencies as f', 'f.code', 'b.frequency')
    .select((eb) => [
      'b.id', 'b.user_id', 'b.service_id', 's.name as service_name', 'b.frequency', 'f.name as frequency_name',
      'b.first_order_id', dayText(eb.ref('b.first_date')).as('first_date'), 'b.first_time',
      'b.planned_through', 'b.ended_at', 'b.calendar_sequence', eb('b.card_payment_method', 'is not', null).as('card_saved'),
    ])
    .$narrowType<{ frequency: SeriesFrequency; card_saved: boolean }>();

export type SeriesRow = InferResult<ReturnType<typeof seriesQuery>>[number];

export interface PlannedVisit {
  seriesId: number;
  occurrence: number;
  dueAt: Date;
  teamId: number | null;
  minutes: number;
  at: Date;
}

export function seriesRepository(db: Database) {
  const k = kysely(db);
  return {
    /** The series of a checked-out order (its first visit); the order becomes occurrence 0. */
    async create(series: {
      userId: number; serviceId: number; frequency: SeriesFrequency; firstOrderId: number; firstDate: string; firstTime: string; at: Date;
      /** The customer ticked "Save my card to pay each visit automatically" (decision 038). */
      cardConsent: boolean;
    }): Promise<number> {
      const row = await k.insertInto('booking_series')
        .values({
          user_id: series.userId, service_id: series.serviceId, frequency: series.frequency, first_order_id: series.firstOrderId,
          first_date: asDate(series.firstDate), first_time: series.firstTime, created_at: series.at, card_consent_at: series.cardConsent ? series.at : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k.updateTable('orders').set({ series_id: row.id, series_occurrence: 0 }).where('id', '=', series.firstOrderId).execute();
      return row.id;
    },

    async find(id: number, options: { forUpdate?: boolean } = {}): Promise<SeriesRow | null> {
      const query = seriesQuery(k).where('b.id', '=', id);
      return (await (options.forUpdate ? query.forUpdate('b') : query).executeTakeFirst()) ?? null;
    },

    byUser(userId: number): Promise<SeriesRow[]> {
      return seriesQuery(k).where('b.user_id', '=', userId).orderBy('b.id', 'desc').execute();
    },

    /** Ids of the series that still plan visits, after `afterId` (batches of the planning job). */
    async activeIds(afterId: number, limit: number): Promise<number[]> {
      const rows = await k.selectFrom('booking_series').select('id')
        .where('ended_at', 'is', null).where('id', '>', afterId)
        .orderBy('id').limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Visit `occurrence` as a copy of the series's first order (items, price lines, address,
     * payment method), checked out now for `dueAt`; answers its id, or null when that occurrence
     * exists already (the unique index of 017_series.sql).
     */
    async insertVisit(series: SeriesRow, visit: PlannedVisit): Promise<number | null> {
      const rows = await k.insertInto('orders')
        .columns(['user_id', 'service_id', 'status', 'total', 'payment_method', 'due_at', 'address', 'phone', 'city', 'code_postal',
          'client_note', 'checked_out_at', 'created_at', 'duration_minutes', 'team_id', 'frequency', 'vat', 'price_lines',
          'priced_postcode', 'series_id', 'series_occurrence'])
        .expression((eb) => eb.selectFrom('orders')
          .select((first) => [
            'user_id', 'service_id', sql.lit(FIRST_STATUS).as('status'), first('total', '-', first.ref('reschedule_fees')).as('total'), 'payment_method',
            sql.val(visit.dueAt).as('due_at'), 'address', 'phone', 'city', 'code_postal',
            'client_note', sql.val(visit.at).as('checked_out_at'), sql.val(visit.at).as('created_at'), sql.val(visit.minutes).as('duration_minutes'),
            sql.val(visit.teamId).as('team_id'), 'frequency', 'vat', 'price_lines', 'priced_postcode',
            sql.val(visit.seriesId).as('series_id'), sql.val(visit.occurrence).as('series_occurrence'),
          ])
          .where('id', '=', series.first_order_id))
        .onConflict((oc) => oc.columns(['series_id', 'series_occurrence']).where('series_id', 'is not', null).doNothing())
        .returning('id')
        .execute();
      const id = rows[0]?.id ?? null;
      if (id === null) return null;
      await k.insertInto('order_items')
        .columns(['order_id', 'item_id', 'name', 'unit_price', 'quantity', 'total_price'])
        .expression((eb) => eb.selectFrom('order_items')
          .select([sql.val(id).as('order_id'), 'item_id', 'name', 'unit_price', 'quantity', 'total_price'])
          .where('order_id', '=', series.first_order_id))
        .execute();
      return id;
    },

    async setPlannedThrough(id: number, occurrence: number): Promise<void> {
      await k.updateTable('booking_series')
        .set((eb) => ({ planned_through: eb.fn<number>('GREATEST', [eb.ref('planned_through'), eb.val(occurrence)]) }))
        .where('id', '=', id)
        .execute();
    },

    async end(id: number, at: Date): Promise<void> {
      await k.updateTable('booking_series').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();
    },

    /** A visit skipped (a cancellation that remembers the status it had, decision 060). */
    async skipVisit(orderId: number, at: Date): Promise<void> {
      await k.updateTable('orders')
        .set((eb) => ({ status: sql.lit(CANCELLED_STATUS), skipped_at: at, skipped_from: eb.ref('status'), version: eb('version', '+', 1) }))
        .where('id', '=', orderId)
        .execute();
    },

    /** A skip undone: the visit gets back `status`, the one it had (skipped_from), which the service checked against the transition table. */
    async unskipVisit(orderId: number, status: OrderRow['status']): Promise<void> {
      await k.updateTable('orders')
        .set((eb) => ({ status, skipped_at: null, skipped_from: null, version: eb('version', '+', 1) }))
        .where('id', '=', orderId)
        .execute();
    },

    /** The series' visits still to come after `now`: not cancelled, not completed, nothing asked back. */
    async visitsLeft(seriesId: number, now: Date): Promise<number> {
      const left = await k.selectFrom('orders as o')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('o.series_id', '=', seriesId).where('o.due_at', '>', now)
        .where('o.status', 'not in', [sql.lit(CANCELLED_STATUS), sql.lit(COMPLETED_STATUS)])
        .where(({ exists, not, selectFrom }) => not(exists(selectFrom('refund_requests as r').select(sql.lit(1).as('one')).whereRef('r.order_id', '=', 'o.id'))))
        .executeTakeFirstOrThrow();
      return Number(left.n);
    },

    /** A change the series' calendar entry must show: its SEQUENCE goes up; answers the series as it now is. */
    async touchCalendar(id: number): Promise<SeriesRow> {
      await k.updateTable('booking_series').set((eb) => ({ calendar_sequence: eb('calendar_sequence', '+', 1) })).where('id', '=', id).execute();
      return (await this.find(id))!;
    },

    /** The visits of these series from `since` on, soonest first (SELECT_ORDER: hand-tuned SQL, typed by OrderRow from the schema). */
    async visits(seriesIds: number[], since: Date): Promise<(OrderRow & { series_id: number })[]> {
      const { rows } = await sql<OrderRow & { series_id: number }>`${sql.raw(SELECT_ORDER)} WHERE o.series_id = ANY(${seriesIds}::int[]) AND o.due_at >= ${since} ORDER BY o.due_at, o.id`.execute(k);
      return rows;
    },
  };
}
