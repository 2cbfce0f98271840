import type { Database } from '../db/database';
import { expiredRowsRepository } from '../repositories/expired-rows';
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
  idempotencyKeys: (db, now) => expiredRowsRepository(db).idempotencyKeys(new Date(now.getTime() - DAY_MS)),
  officeBookingKeys: (db, now) => expiredRowsRepository(db).officeBookingKeys(new Date(now.getTime() - DAY_MS)),
  passwordResetTokens: (db, now) => expiredRowsRepository(db).passwordResetTokens(now),
  /** A pending registration holds a name, an address and a password hash: gone once used or expired. */
  emailConfirmations: (db, now) => expiredRowsRepository(db).emailConfirmations(now),
  orphanPaymentSessions: (db, now) => expiredRowsRepository(db).orphanPaymentSessions(new Date(now.getTime() - DAY_MS)),
  drafts: purgeExpiredDrafts,
  quotes: (db, now) => quoteRepository(db).deleteExpired(now),
  /** The embedded queue's finished jobs (pg-boss cleans its own). */
  finishedLocalJobs: (db, now) => expiredRowsRepository(db).finishedLocalJobs(new Date(now.getTime() - 7 * DAY_MS)),
};

export async function purgeExpired(db: Database, now: Date, purgers: Record<string, Purger> = PURGERS): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const [name, purge] of Object.entries(purgers)) deleted[name] = await purge(db, now);
  return deleted;
}
