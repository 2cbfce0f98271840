import type { Database } from '../db/database';

/** The purge's statements (services/purge.ts says how long each kind is kept): each answers how many rows went. */
export function expiredRowsRepository(db: Database) {
  const count = async (sql: string, params: unknown[]) => (await db.query(sql, params)).length;
  return {
    idempotencyKeys: (before: Date) => count('DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1', [before]),
    officeBookingKeys: (before: Date) => count('DELETE FROM office_booking_keys WHERE created_at < $1 RETURNING 1', [before]),
    passwordResetTokens: (now: Date) => count('DELETE FROM password_reset_tokens WHERE expires_at < $1 OR used_at IS NOT NULL RETURNING 1', [now]),
    emailConfirmations: (now: Date) => count('DELETE FROM email_confirmations WHERE expires_at < $1 OR used_at IS NOT NULL RETURNING 1', [now]),
    /** A card payment session nobody paid, that its order does not name. */
    orphanPaymentSessions: (before: Date) => count(
      `DELETE FROM payment_sessions s WHERE s.status = 'open' AND s.created_at < $1
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = s.order_id AND o.payment_ref = s.id) RETURNING 1`,
      [before],
    ),
    finishedLocalJobs: (before: Date) => count("DELETE FROM local_jobs WHERE state IN ('completed', 'failed') AND completed_on < $1 RETURNING 1", [before]),
  };
}
