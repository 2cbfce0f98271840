import type { Database } from '../db/database';
import { quoteRepository } from '../repositories/quotes';
import { purgeExpiredDrafts } from './drafts';

/** Deletes what has expired; answers how many rows went. */
export type Purger = (db: Database, now: Date) => Promise<number>;

const DAY_MS = 86_400_000;

/**
 * The periodic purge (scheduled on the job queue, once across instances). Idempotency keys (the
 * checkout's and the office bookings') are kept a day (a client retries within minutes); reset tokens once expired or used; a card payment
 * session nobody paid a day on, when its order does not name it (a checkout that failed after
 * starting it). Booking drafts a day after Next (docs/decisions/007). Quotes once they no longer
 * hold their price (docs/decisions/014).
 */
export const PURGERS: Record<string, Purger> = {
  idempotencyKeys: async (db, now) => count(await db.query(
    'DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1',
    [new Date(now.getTime() - DAY_MS)],
  )),
  officeBookingKeys: async (db, now) => count(await db.query(
    'DELETE FROM office_booking_keys WHERE created_at < $1 RETURNING 1',
    [new Date(now.getTime() - DAY_MS)],
  )),
  passwordResetTokens: async (db, now) => count(await db.query(
    'DELETE FROM password_reset_tokens WHERE expires_at < $1 OR used_at IS NOT NULL RETURNING 1',
    [now],
  )),
  /** A pending registration holds a name, an address and a password hash: gone once used or expired. */
  emailConfirmations: async (db, now) => count(await db.query(
    'DELETE FROM email_confirmations WHERE expires_at < $1 OR used_at IS NOT NULL RETURNING 1',
    [now],
  )),
  orphanPaymentSessions: async (db, now) => count(await db.query(
    `DELETE FROM payment_sessions s WHERE s.status = 'open' AND s.created_at < $1
       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = s.order_id AND o.payment_ref = s.id) RETURNING 1`,
    [new Date(now.getTime() - DAY_MS)],
  )),
  drafts: purgeExpiredDrafts,
  quotes: (db, now) => quoteRepository(db).deleteExpired(now),
  /** The embedded queue's finished jobs (pg-boss cleans its own). */
  finishedLocalJobs: async (db, now) => count(await db.query(
    "DELETE FROM local_jobs WHERE state IN ('completed', 'failed') AND completed_on < $1 RETURNING 1",
    [new Date(now.getTime() - 7 * DAY_MS)],
  )),
};

export async function purgeExpired(db: Database, now: Date, purgers: Record<string, Purger> = PURGERS): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const [name, purge] of Object.entries(purgers)) deleted[name] = await purge(db, now);
  return deleted;
}

function count(rows: unknown[]): number {
  return rows.length;
}
