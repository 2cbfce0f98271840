import { sql, type InferResult, type NotNull } from 'kysely';
import { kysely, type Db } from '../db/kysely';
import type { Database } from '../db/database';
import { sqlStatus } from './order-status-sql';
import { countAll } from './typed-paging';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/** Text consents, their history and the texts claimed per order (migration 075, decision 094). */
export type ConsentSource = 'profile' | 'stop reply' | 'start reply';
export interface TextKey { orderId: number; kind: 'reminder' | 'on_my_way' | 'first_job'; dueAt: string; userId: number }

const CONSENT_COLUMNS = ['phone', 'opted_in', 'changed_at', 'source'] as const;

/** `source` is text in the table, checked to be one of ConsentSource (075_text_messages.sql). */
const consentQuery = (k: Db, userId: number) =>
  k.selectFrom('text_consents').select(CONSENT_COLUMNS).where('user_id', '=', userId).$narrowType<{ source: ConsentSource }>();

export type ConsentRow = InferResult<ReturnType<typeof consentQuery>>[number];

export function textsRepository(db: Database) {
  const k = kysely(db);
  const logEvent = (userId: number, phone: string, optedIn: boolean, source: ConsentSource, at: Date) =>
    k.insertInto('text_consent_events').values({ user_id: userId, phone, opted_in: optedIn, source, at }).execute();
  /** The orders of the person. */
  const ordersOf = (userId: number) => k.selectFrom('orders').select('id').where('user_id', '=', userId);
  return {
    async consent(userId: number, options: { forUpdate?: boolean } = {}): Promise<ConsentRow | null> {
      const row = await consentQuery(k, userId)
        .$if(options.forUpdate === true, (query) => query.forUpdate())
        .executeTakeFirst();
      return row ?? null;
    },

    /** Sets the person's consent and keeps the change in its history. */
    async setConsent(userId: number, phone: string, optedIn: boolean, source: ConsentSource, at: Date): Promise<ConsentRow> {
      const row = await k
        .insertInto('text_consents')
        .values({ user_id: userId, phone, opted_in: optedIn, changed_at: at, source })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            phone: eb.ref('excluded.phone'),
            opted_in: eb.ref('excluded.opted_in'),
            changed_at: eb.ref('excluded.changed_at'),
            source: eb.ref('excluded.source'),
          })),
        )
        .returning(CONSENT_COLUMNS)
        .$narrowType<{ source: ConsentSource }>()
        .executeTakeFirstOrThrow();
      await logEvent(userId, phone, optedIn, source, at);
      return row;
    },

    /** Every consent to `phone` not already `optedIn` becomes it (a STOP or START reply); answers how many. */
    async setByPhone(phone: string, optedIn: boolean, source: ConsentSource, at: Date): Promise<number> {
      const changed = await k
        .updateTable('text_consents')
        .set({ opted_in: optedIn, changed_at: at, source })
        .where('phone', '=', phone)
        .where('opted_in', '<>', optedIn)
        .returning('user_id')
        .execute();
      for (const { user_id } of changed) await logEvent(user_id, phone, optedIn, source, at);
      return changed.length;
    },

    /** The order's customer and their number when they consent to texts, their consent row locked. */
    async consentingCustomerOfOrder(orderId: number): Promise<{ userId: number; phone: string } | null> {
      const row = await k
        .selectFrom('orders as o')
        .innerJoin('text_consents as c', (join) => join.onRef('c.user_id', '=', 'o.user_id').on((eb) => eb.ref('c.opted_in')))
        .select(['c.user_id', 'c.phone'])
        .where('o.id', '=', orderId)
        .forUpdate('c')
        .executeTakeFirst();
      return row ? { userId: row.user_id, phone: row.phone } : null;
    },

    /** The person's number while they consent to texts, their consent row locked. */
    async consentingPhone(userId: number): Promise<string | null> {
      const row = await k
        .selectFrom('text_consents')
        .select('phone')
        .where('user_id', '=', userId)
        .where((eb) => eb.ref('opted_in'))
        .forUpdate()
        .executeTakeFirst();
      return row?.phone ?? null;
    },

    /** Each opted-in cleaner's team's first placed job starting in [from, to): one row per cleaner. */
    firstJobsOfCleaners(from: Date, to: Date) {
      return k
        .selectFrom('users as u')
        .innerJoin('text_consents as c', (join) => join.onRef('c.user_id', '=', 'u.id').on((eb) => eb.ref('c.opted_in')))
        .innerJoin('orders as o', 'o.team_id', 'u.team_id')
        .innerJoin('services as s', 's.id', 'o.service_id')
        .distinctOn('u.id')
        .select(['u.id as user_id', 'c.phone', 'o.id as order_id', 'o.due_at', 's.name as service'])
        .where(sql<boolean>`'ROLE_CLEANER' = ANY (u.roles)`)
        .where('o.checked_out_at', 'is not', null)
        .where('o.status', '<>', sql.raw<string>(sqlStatus(CANCELLED_STATUS)))
        .where('o.due_at', '>=', from)
        .where('o.due_at', '<', to)
        .orderBy('u.id')
        .orderBy('o.due_at')
        .orderBy('o.id')
        .$narrowType<{ due_at: NotNull }>()
        .execute();
    },

    async queuedSince(phone: string, since: Date): Promise<number> {
      const row = await k.selectFrom('order_texts').select(countAll.as('count')).where('phone', '=', phone).where('queued_at', '>', since).executeTakeFirst();
      return row?.count ?? 0;
    },

    /** Claims the text; false when it was claimed before. */
    async claim(key: TextKey, phone: string, at: Date): Promise<boolean> {
      const rows = await k
        .insertInto('order_texts')
        .values({ order_id: key.orderId, kind: key.kind, due_at: key.dueAt, user_id: key.userId, phone, queued_at: at })
        .onConflict((oc) => oc.columns(['order_id', 'kind', 'due_at', 'user_id']).doNothing())
        .returning('order_id')
        .execute();
      return rows.length > 0;
    },

    /** Whether the claimed text is still to send: not sent, and its person still consents to its number. */
    async stillToSend(key: TextKey): Promise<boolean> {
      const rows = await k
        .selectFrom('order_texts as t')
        .innerJoin('text_consents as c', (join) =>
          join.onRef('c.user_id', '=', 't.user_id').on((eb) => eb.ref('c.opted_in')).onRef('c.phone', '=', 't.phone'),
        )
        .select(sql<number>`1`.as('one'))
        .where('t.order_id', '=', key.orderId)
        .where('t.kind', '=', key.kind)
        .where('t.due_at', '=', new Date(key.dueAt))
        .where('t.user_id', '=', key.userId)
        .where('t.sent_at', 'is', null)
        .execute();
      return rows.length > 0;
    },

    /** Marks it sent; false when it was already. */
    async markSent(key: TextKey, at: Date): Promise<boolean> {
      const rows = await k
        .updateTable('order_texts')
        .set({ sent_at: at })
        .where('order_id', '=', key.orderId)
        .where('kind', '=', key.kind)
        .where('due_at', '=', new Date(key.dueAt))
        .where('user_id', '=', key.userId)
        .where('sent_at', 'is', null)
        .returning('order_id')
        .execute();
      return rows.length > 0;
    },

    /**
     * Erasure (decision 016): the person's consent and its history go, and the number leaves the
     * claims and the histories of their orders ("reminder to an erased number").
     */
    async forgetPerson(userId: number): Promise<void> {
      await k.deleteFrom('text_consents').where('user_id', '=', userId).execute();
      await k.deleteFrom('text_consent_events').where('user_id', '=', userId).execute();
      await k
        .updateTable('order_texts')
        .set({ phone: '' })
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('order_id', 'in', ordersOf(userId))]))
        .execute();
      await k
        .updateTable('audit_log')
        .set({ to_value: sql<string>`split_part(to_value, ' to ', 1) || ' to an erased number'` })
        .where('action', '=', 'order.text')
        .where('order_id', 'in', ordersOf(userId))
        .execute();
    },
  };
}
