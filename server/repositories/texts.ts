import type { Database } from '../db/database';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/** Text consents, their history and the texts claimed per order (migration 075, decision 094). */
export type ConsentSource = 'profile' | 'stop reply' | 'start reply';
export interface ConsentRow { phone: string; opted_in: boolean; changed_at: Date; source: ConsentSource }
export interface TextKey { orderId: number; kind: 'reminder' | 'on_my_way' | 'first_job'; dueAt: string; userId: number }
export interface FirstJobRow { user_id: number; phone: string; order_id: number; due_at: Date; service: string }

export function textsRepository(db: Database) {
  const logEvent = (userId: number, phone: string, optedIn: boolean, source: ConsentSource, at: Date) =>
    db.query('INSERT INTO text_consent_events (user_id, phone, opted_in, source, at) VALUES ($1, $2, $3, $4, $5)', [userId, phone, optedIn, source, at]);
  return {
    async consent(userId: number, options: { forUpdate?: boolean } = {}): Promise<ConsentRow | null> {
      const [row] = await db.query<ConsentRow>(
        `SELECT phone, opted_in, changed_at, source FROM text_consents WHERE user_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
        [userId],
      );
      return row ?? null;
    },

    /** Sets the person's consent and keeps the change in its history. */
    async setConsent(userId: number, phone: string, optedIn: boolean, source: ConsentSource, at: Date): Promise<ConsentRow> {
      const [row] = await db.query<ConsentRow>(
        `INSERT INTO text_consents (user_id, phone, opted_in, changed_at, source) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id) DO UPDATE SET phone = EXCLUDED.phone, opted_in = EXCLUDED.opted_in, changed_at = EXCLUDED.changed_at, source = EXCLUDED.source
         RETURNING phone, opted_in, changed_at, source`,
        [userId, phone, optedIn, at, source],
      );
      await logEvent(userId, phone, optedIn, source, at);
      return row!;
    },

    /** Every consent to `phone` not already `optedIn` becomes it (a STOP or START reply); answers how many. */
    async setByPhone(phone: string, optedIn: boolean, source: ConsentSource, at: Date): Promise<number> {
      const changed = await db.query<{ user_id: number }>(
        'UPDATE text_consents SET opted_in = $2, changed_at = $3, source = $4 WHERE phone = $1 AND opted_in <> $2 RETURNING user_id',
        [phone, optedIn, at, source],
      );
      for (const { user_id } of changed) await logEvent(user_id, phone, optedIn, source, at);
      return changed.length;
    },

    /** The order's customer and their number when they consent to texts, their consent row locked. */
    async consentingCustomerOfOrder(orderId: number): Promise<{ userId: number; phone: string } | null> {
      const [row] = await db.query<{ user_id: number; phone: string }>(
        'SELECT c.user_id, c.phone FROM orders o JOIN text_consents c ON c.user_id = o.user_id AND c.opted_in WHERE o.id = $1 FOR UPDATE OF c',
        [orderId],
      );
      return row ? { userId: row.user_id, phone: row.phone } : null;
    },

    /** The person's number while they consent to texts, their consent row locked. */
    async consentingPhone(userId: number): Promise<string | null> {
      const [row] = await db.query<{ phone: string }>('SELECT phone FROM text_consents WHERE user_id = $1 AND opted_in FOR UPDATE', [userId]);
      return row?.phone ?? null;
    },

    /** Each opted-in cleaner's team's first placed job starting in [from, to): one row per cleaner. */
    firstJobsOfCleaners(from: Date, to: Date): Promise<FirstJobRow[]> {
      return db.query<FirstJobRow>(
        `SELECT DISTINCT ON (u.id) u.id AS user_id, c.phone, o.id AS order_id, o.due_at, s.name AS service
           FROM users u
           JOIN text_consents c ON c.user_id = u.id AND c.opted_in
           JOIN orders o ON o.team_id = u.team_id
           JOIN services s ON s.id = o.service_id
          WHERE 'ROLE_CLEANER' = ANY (u.roles) AND o.checked_out_at IS NOT NULL AND o.status <> ${sqlStatus(CANCELLED_STATUS)}
            AND o.due_at >= $1 AND o.due_at < $2
          ORDER BY u.id, o.due_at, o.id`,
        [from, to],
      );
    },

    async queuedSince(phone: string, since: Date): Promise<number> {
      const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM order_texts WHERE phone = $1 AND queued_at > $2', [phone, since]);
      return row?.count ?? 0;
    },

    /** Claims the text; false when it was claimed before. */
    async claim(key: TextKey, phone: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO order_texts (order_id, kind, due_at, user_id, phone, queued_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (order_id, kind, due_at, user_id) DO NOTHING RETURNING order_id`,
        [key.orderId, key.kind, key.dueAt, key.userId, phone, at],
      );
      return rows.length > 0;
    },

    /** Whether the claimed text is still to send: not sent, and its person still consents to its number. */
    async stillToSend(key: TextKey): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM order_texts t
           JOIN text_consents c ON c.user_id = t.user_id AND c.opted_in AND c.phone = t.phone
          WHERE t.order_id = $1 AND t.kind = $2 AND t.due_at = $3 AND t.user_id = $4 AND t.sent_at IS NULL`,
        [key.orderId, key.kind, key.dueAt, key.userId],
      );
      return rows.length > 0;
    },

    /** Marks it sent; false when it was already. */
    async markSent(key: TextKey, at: Date): Promise<boolean> {
      const rows = await db.query(
        'UPDATE order_texts SET sent_at = $5 WHERE order_id = $1 AND kind = $2 AND due_at = $3 AND user_id = $4 AND sent_at IS NULL RETURNING order_id',
        [key.orderId, key.kind, key.dueAt, key.userId, at],
      );
      return rows.length > 0;
    },

    /**
     * Erasure (decision 016): the person's consent and its history go, and the number leaves the
     * claims and the histories of their orders ("reminder to an erased number").
     */
    async forgetPerson(userId: number): Promise<void> {
      await db.query('DELETE FROM text_consents WHERE user_id = $1', [userId]);
      await db.query('DELETE FROM text_consent_events WHERE user_id = $1', [userId]);
      await db.query("UPDATE order_texts SET phone = '' WHERE user_id = $1 OR order_id IN (SELECT id FROM orders WHERE user_id = $1)", [userId]);
      await db.query(
        `UPDATE audit_log SET to_value = split_part(to_value, ' to ', 1) || ' to an erased number'
          WHERE action = 'order.text' AND order_id IN (SELECT id FROM orders WHERE user_id = $1)`,
        [userId],
      );
    },
  };
}
