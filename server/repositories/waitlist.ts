import type { Database } from '../db/database';
import type { TimeOfDay } from '../../domain/waitlist/times-of-day';
import { JOB_MINUTES_SQL } from './job-minutes';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/** An entry of a day's waiting list, with what its offer and the lists need (050_waitlists.sql). */
export interface WaitlistRow {
  id: number;
  user_id: number;
  order_id: number;
  day: string;
  created_at: Date;
  status: 'waiting' | 'offered' | 'booked' | 'expired' | 'removed';
  held_due_at: Date | null;
  held_until: Date | null;
  customer: string;
  email: string | null;
  service: string;
  /** The draft's job length (JOB_MINUTES_SQL) and postcode (the travel gap), for fitting it into the day. */
  minutes: number;
  code_postal: string | null;
  /** A draft's entry whose draft was checked out (through the offer or at another time): done. */
  checked_out: boolean;
  /** The entry moves a booked visit (decision 067): its offer is taken by a reschedule. */
  moves_order: boolean;
  /** The times of day that suit the customer (decision 085); none: any time. */
  times_of_day: TimeOfDay[];
}

/** The address and phone a customer gave before, for the offer's dialog to reuse (decision 085). */
export interface GivenContact {
  address: string;
  city: string;
  code_postal: string;
  phone: string;
}

const SELECT_ENTRY = `
  SELECT w.id, w.user_id, w.order_id, to_char(w.day, 'YYYY-MM-DD') AS day, w.created_at, w.status, w.held_due_at, w.held_until,
         u.name AS customer, u.email, s.name AS service, ${JOB_MINUTES_SQL} AS minutes, o.code_postal,
         o.checked_out_at IS NOT NULL AND NOT w.moves_order AS checked_out, w.moves_order, w.times_of_day
    FROM waitlist_entries w JOIN orders o ON o.id = w.order_id JOIN users u ON u.id = w.user_id JOIN services s ON s.id = o.service_id`;

const LIVE = `w.status IN ('waiting', 'offered')`;

function entry(row: WaitlistRow): WaitlistRow {
  return {
    ...row, created_at: new Date(row.created_at), minutes: Number(row.minutes), times_of_day: [...(row.times_of_day ?? [])],
    held_due_at: row.held_due_at === null ? null : new Date(row.held_due_at), held_until: row.held_until === null ? null : new Date(row.held_until),
  };
}

export function waitlistRepository(db: Database) {
  return {
    /** Joins the day's list; null when the customer already waits for that day (one live entry per customer per day). */
    async join(userId: number, orderId: number, day: string, now: Date, movesOrder = false, times: readonly TimeOfDay[] = []): Promise<number | null> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO waitlist_entries (user_id, order_id, day, created_at, moves_order, times_of_day) VALUES ($1, $2, $3::date, $4, $5, $6::text[])
         ON CONFLICT (user_id, day) WHERE status IN ('waiting', 'offered') DO NOTHING RETURNING id`,
        [userId, orderId, day, now, movesOrder, [...times]],
      );
      return row?.id ?? null;
    },

    /** Keeps the address and phone given when joining on the draft, for the offer to reuse (a booked visit keeps its own). */
    async keepContact(orderId: number, contact: GivenContact): Promise<void> {
      await db.query(
        'UPDATE orders SET address = $2, city = $3, code_postal = $4, phone = $5 WHERE id = $1 AND checked_out_at IS NULL',
        [orderId, contact.address, contact.city, contact.code_postal, contact.phone],
      );
    },

    /**
     * The address and phone the customer gave before: the waiting draft's own (given when joining),
     * else those of their latest booking; null when they never gave any (or were erased).
     */
    async givenContact(userId: number, orderId: number): Promise<GivenContact | null> {
      const [row] = await db.query<GivenContact>(
        `SELECT address, city, code_postal, phone FROM orders
          WHERE user_id = $1 AND (id = $2 OR checked_out_at IS NOT NULL)
            AND address <> '' AND city <> '' AND code_postal <> '' AND phone <> ''
          ORDER BY (id = $2) DESC, checked_out_at DESC NULLS LAST, id DESC LIMIT 1`,
        [userId, orderId],
      );
      return row ?? null;
    },

    async find(id: number): Promise<WaitlistRow | null> {
      const [row] = await db.query<WaitlistRow>(`${SELECT_ENTRY} WHERE w.id = $1`, [id]);
      return row ? entry(row) : null;
    },

    async findByOfferHash(hash: string): Promise<WaitlistRow | null> {
      const [row] = await db.query<WaitlistRow>(`${SELECT_ENTRY} WHERE w.offer_hash = $1`, [hash]);
      return row ? entry(row) : null;
    },

    /** The customer's live entries, soonest day first. */
    async mine(userId: number): Promise<WaitlistRow[]> {
      return (await db.query<WaitlistRow>(`${SELECT_ENTRY} WHERE w.user_id = $1 AND ${LIVE} ORDER BY w.day, w.id`, [userId])).map(entry);
    },

    /** A day's live entries in the order they are offered (first come, first served). */
    async onDay(day: string, options: { lock?: boolean } = {}): Promise<WaitlistRow[]> {
      const rows = await db.query<WaitlistRow>(
        `${SELECT_ENTRY} WHERE w.day = $1::date AND ${LIVE} ORDER BY w.created_at, w.id${options.lock ? ' FOR UPDATE OF w' : ''}`,
        [day],
      );
      return rows.map(entry);
    },

    /** Leaves the list (an offer's hold is released with it); false when there was no live entry of the customer's. */
    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db.query(`UPDATE waitlist_entries w SET status = 'removed' WHERE id = $1 AND user_id = $2 AND ${LIVE} RETURNING id`, [id, userId]);
      return rows.length > 0;
    },

    /** The days from `today` on that someone waits for (each looked at by the offering run). */
    async daysWithWaiting(today: string): Promise<string[]> {
      const rows = await db.query<{ day: string }>(
        `SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM waitlist_entries WHERE status = 'waiting' AND day >= $1::date ORDER BY 1`,
        [today],
      );
      return rows.map((row) => row.day);
    },

    /**
     * Ends every offer whose hold ran out at `now`, and every entry whose draft was checked out
     * (booked: through the offer, or at another time); answers the days whose holds were released.
     * The status condition makes each end happen once, whoever runs it.
     */
    async settle(now: Date): Promise<string[]> {
      await db.query(
        `UPDATE waitlist_entries w SET status = 'booked' FROM orders o
          WHERE o.id = w.order_id AND o.checked_out_at IS NOT NULL AND NOT w.moves_order AND ${LIVE}`,
      );
      // A booked visit that waited (decision 067) and was cancelled no longer waits.
      await db.query(
        `UPDATE waitlist_entries w SET status = 'removed' FROM orders o
          WHERE o.id = w.order_id AND w.moves_order AND o.status = ${sqlStatus(CANCELLED_STATUS)} AND ${LIVE}`,
      );
      const rows = await db.query<{ day: string }>(
        `UPDATE waitlist_entries SET status = 'expired' WHERE status = 'offered' AND held_until <= $1
         RETURNING to_char(day, 'YYYY-MM-DD') AS day`,
        [now],
      );
      return [...new Set(rows.map((row) => row.day))];
    },

    /**
     * Offers the held time to the entry (the day's lock is the caller's) and restarts its draft's
     * life (drafts.ts), so a draft that waited for days can still be checked out while it is held.
     */
    async offer(id: number, offer: { dueAt: Date; minutes: number; until: Date; hash: string; now: Date }): Promise<void> {
      await db.query(
        `WITH offered AS (
           UPDATE waitlist_entries SET status = 'offered', held_due_at = $2, held_minutes = $3, held_until = $4, offer_hash = $5, offered_at = $6
            WHERE id = $1 AND status = 'waiting' RETURNING order_id)
         UPDATE orders SET created_at = $6 WHERE id = (SELECT order_id FROM offered) AND checked_out_at IS NULL`,
        [id, offer.dueAt, offer.minutes, offer.until, offer.hash, offer.now],
      );
    },

    /** The reschedule moved the order onto `day` (decision 067): its entry for that day is used, whether through the offer or not. */
    async markMoved(orderId: number, day: string): Promise<void> {
      await db.query(`UPDATE waitlist_entries w SET status = 'booked' WHERE order_id = $1 AND day = $2::date AND moves_order AND ${LIVE}`, [orderId, day]);
    },

    async markBooked(id: number): Promise<void> {
      await db.query(`UPDATE waitlist_entries SET status = 'booked' WHERE id = $1`, [id]);
    },

    /** How long an offered time is held (pricing_settings, default 2 hours); `lock` for an edit. */
    async holdMinutes(lock = false): Promise<number> {
      const [row] = await db.query<{ minutes: number }>(`SELECT waitlist_hold_minutes AS minutes FROM pricing_settings${lock ? ' FOR UPDATE' : ''}`);
      return row?.minutes ?? 120;
    },

    async setHoldMinutes(minutes: number): Promise<void> {
      await db.query('UPDATE pricing_settings SET waitlist_hold_minutes = $1', [minutes]);
    },
  };
}
