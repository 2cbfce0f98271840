import { sql, type Expression, type InferResult, type NotNull } from 'kysely';
import type { Database } from '../db/database';
import { asDate, dayText, kysely, type Db } from '../db/kysely';
import type { TimeOfDay } from '../../domain/waitlist/times-of-day';
import { jobMinutes } from './job-minutes';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/** Where an entry stands (050_waitlists.sql): 'waiting' and 'offered' are live. */
export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'expired' | 'removed';

/** A status as the literal the partial indexes name (050_waitlists.sql), not a parameter, so the planner proves their predicates as before. */
const statusLiteral = (status: WaitlistStatus) => sql.lit(status);

/** A live entry: waiting, or offered a time (the partial indexes' own predicate). */
const live = (status: Expression<string>) => sql<boolean>`${status} IN ('waiting', 'offered')`;

/** An entry of a day's waiting list, with what its offer and the lists need (050_waitlists.sql). */
const entryQuery = (k: Db) =>
  k
    .selectFrom('waitlist_entries as w')
    .innerJoin('orders as o', 'o.id', 'w.order_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .innerJoin('services as s', 's.id', 'o.service_id')
    .select((eb) => [
      'w.id', 'w.user_id', 'w.order_id', dayText(eb.ref('w.day')).as('day'), 'w.created_at', 'w.status', 'w.held_due_at', 'w.held_until',
      'u.name as customer', 'u.email', 's.name as service',
      // The draft's job length and postcode (the travel gap), for fitting it into the day.
      jobMinutes().as('minutes'), 'o.code_postal',
      // A draft's entry whose draft was checked out (through the offer or at another time): done.
      eb.and([eb('o.checked_out_at', 'is not', null), eb.not(eb.ref('w.moves_order'))]).as('checked_out'),
      // moves_order: the entry moves a booked visit (decision 067), its offer is taken by a reschedule;
      // times_of_day: those that suit the customer (decision 085), none: any time.
      'w.moves_order', 'w.times_of_day',
    ])
    .$narrowType<{ status: WaitlistStatus; checked_out: boolean; times_of_day: TimeOfDay[] }>();

export type WaitlistRow = InferResult<ReturnType<typeof entryQuery>>[number];

const givenContactQuery = (k: Db, userId: number, orderId: number) =>
  k
    .selectFrom('orders')
    .select(['address', 'city', 'code_postal', 'phone'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('id', '=', orderId), eb('checked_out_at', 'is not', null)]))
    .where('address', '<>', '')
    .where('city', '<>', '')
    .where('code_postal', '<>', '')
    .where('phone', '<>', '')
    .$narrowType<{ address: NotNull; city: NotNull; code_postal: NotNull; phone: NotNull }>();

/** The address and phone a customer gave before, for the offer's dialog to reuse (decision 085). */
export type GivenContact = InferResult<ReturnType<typeof givenContactQuery>>[number];

export function waitlistRepository(db: Database) {
  const k = kysely(db);
  return {
    /** Joins the day's list; null when the customer already waits for that day (one live entry per customer per day). */
    async join(userId: number, orderId: number, day: string, now: Date, movesOrder = false, times: readonly TimeOfDay[] = []): Promise<number | null> {
      const row = await k
        .insertInto('waitlist_entries')
        .values({ user_id: userId, order_id: orderId, day: asDate(day), created_at: now, moves_order: movesOrder, times_of_day: [...times] })
        .onConflict((oc) => oc.columns(['user_id', 'day']).where((eb) => live(eb.ref('status'))).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Keeps the address and phone given when joining on the draft, for the offer to reuse (a booked visit keeps its own). */
    async keepContact(orderId: number, contact: GivenContact): Promise<void> {
      await k
        .updateTable('orders')
        .set({ address: contact.address, city: contact.city, code_postal: contact.code_postal, phone: contact.phone })
        .where('id', '=', orderId)
        .where('checked_out_at', 'is', null)
        .execute();
    },

    /**
     * The address and phone the customer gave before: the waiting draft's own (given when joining),
     * else those of their latest booking; null when they never gave any (or were erased).
     */
    async givenContact(userId: number, orderId: number): Promise<GivenContact | null> {
      const row = await givenContactQuery(k, userId, orderId)
        .orderBy(sql`(id = ${orderId})`, 'desc')
        .orderBy('checked_out_at', (ob) => ob.desc().nullsLast())
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    async find(id: number): Promise<WaitlistRow | null> {
      return (await entryQuery(k).where('w.id', '=', id).executeTakeFirst()) ?? null;
    },

    async findByOfferHash(hash: string): Promise<WaitlistRow | null> {
      return (await entryQuery(k).where('w.offer_hash', '=', hash).executeTakeFirst()) ?? null;
    },

    /** The customer's live entries, soonest day first. */
    async mine(userId: number): Promise<WaitlistRow[]> {
      return entryQuery(k).where('w.user_id', '=', userId).where((eb) => live(eb.ref('w.status'))).orderBy('w.day').orderBy('w.id').execute();
    },

    /** A day's live entries in the order they are offered (first come, first served). */
    async onDay(day: string, options: { lock?: boolean } = {}): Promise<WaitlistRow[]> {
      return entryQuery(k)
        .where('w.day', '=', asDate(day))
        .where((eb) => live(eb.ref('w.status')))
        .orderBy('w.created_at')
        .orderBy('w.id')
        .$if(options.lock === true, (q) => q.forUpdate('w'))
        .execute();
    },

    /** Leaves the list (an offer's hold is released with it); false when there was no live entry of the customer's. */
    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await k
        .updateTable('waitlist_entries as w')
        .set({ status: statusLiteral('removed') })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where((eb) => live(eb.ref('w.status')))
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    /** The days from `today` on that someone waits for (each looked at by the offering run). */
    async daysWithWaiting(today: string): Promise<string[]> {
      const rows = await k
        .selectFrom('waitlist_entries')
        .select((eb) => dayText(eb.ref('day')).as('day'))
        .distinct()
        .where('status', '=', statusLiteral('waiting'))
        .where('day', '>=', asDate(today))
        .orderBy(sql`1`)
        .execute();
      return rows.map((row) => row.day);
    },

    /**
     * Ends every offer whose hold ran out at `now`, and every entry whose draft was checked out
     * (booked: through the offer, or at another time); answers the days whose holds were released.
     * The status condition makes each end happen once, whoever runs it.
     */
    async settle(now: Date): Promise<string[]> {
      await k
        .updateTable('waitlist_entries as w')
        .from('orders as o')
        .set({ status: statusLiteral('booked') })
        .whereRef('o.id', '=', 'w.order_id')
        .where('o.checked_out_at', 'is not', null)
        .where((eb) => eb.not(eb.ref('w.moves_order')))
        .where((eb) => live(eb.ref('w.status')))
        .execute();
      // A booked visit that waited (decision 067) and was cancelled no longer waits.
      await k
        .updateTable('waitlist_entries as w')
        .from('orders as o')
        .set({ status: statusLiteral('removed') })
        .whereRef('o.id', '=', 'w.order_id')
        .where((eb) => eb.ref('w.moves_order'))
        .where('o.status', '=', sql.raw<string>(sqlStatus(CANCELLED_STATUS)))
        .where((eb) => live(eb.ref('w.status')))
        .execute();
      const rows = await k
        .updateTable('waitlist_entries')
        .set({ status: statusLiteral('expired') })
        .where('status', '=', statusLiteral('offered'))
        .where('held_until', '<=', now)
        .returning((eb) => dayText(eb.ref('day')).as('day'))
        .execute();
      return [...new Set(rows.map((row) => row.day))];
    },

    /**
     * Offers the held time to the entry (the day's lock is the caller's) and restarts its draft's
     * life (drafts.ts), so a draft that waited for days can still be checked out while it is held.
     */
    async offer(id: number, offer: { dueAt: Date; minutes: number; until: Date; hash: string; now: Date }): Promise<void> {
      await k
        .with('offered', (w) =>
          w
            .updateTable('waitlist_entries')
            .set({ status: statusLiteral('offered'), held_due_at: offer.dueAt, held_minutes: offer.minutes, held_until: offer.until, offer_hash: offer.hash, offered_at: offer.now })
            .where('id', '=', id)
            .where('status', '=', statusLiteral('waiting'))
            .returning('order_id'),
        )
        .updateTable('orders')
        .set({ created_at: offer.now })
        .where('id', '=', (eb) => eb.selectFrom('offered').select('order_id'))
        .where('checked_out_at', 'is', null)
        .execute();
    },

    /** The reschedule moved the order onto `day` (decision 067): its entry for that day is used, whether through the offer or not. */
    async markMoved(orderId: number, day: string): Promise<void> {
      await k
        .updateTable('waitlist_entries as w')
        .set({ status: statusLiteral('booked') })
        .where('order_id', '=', orderId)
        .where('day', '=', asDate(day))
        .where((eb) => eb.ref('moves_order'))
        .where((eb) => live(eb.ref('w.status')))
        .execute();
    },

    async markBooked(id: number): Promise<void> {
      await k.updateTable('waitlist_entries').set({ status: statusLiteral('booked') }).where('id', '=', id).execute();
    },

    /** How long an offered time is held (pricing_settings, default 2 hours); `lock` for an edit. */
    async holdMinutes(lock = false): Promise<number> {
      const row = await k.selectFrom('pricing_settings').select('waitlist_hold_minutes as minutes').$if(lock, (q) => q.forUpdate()).executeTakeFirst();
      return row?.minutes ?? 120;
    },

    async setHoldMinutes(minutes: number): Promise<void> {
      await k.updateTable('pricing_settings').set({ waitlist_hold_minutes: minutes }).execute();
    },
  };
}
