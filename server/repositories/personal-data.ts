import type { Database } from '../db/database';

/**
 * The statements of an account's erasure (services/personal-data.ts, decision 028), in the order the
 * service runs them inside its transaction.
 */
export function personalDataRepository(tx: Database) {
  return {
    /** Locks the account FOR UPDATE: its address, and whether it was erased already; null when there is none. */
    async lockAccount(userId: number): Promise<{ email: string | null; anonymised_at: Date | null } | null> {
      const [user] = await tx.query<{ email: string | null; anonymised_at: Date | null }>(
        'SELECT email, anonymised_at FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      return user ?? null;
    },

    /** The account and its orders lose what names a person; its history keeps `name` for them. */
    async eraseAccountAndOrders(userId: number, name: string, now: Date): Promise<void> {
      // A password hash no password matches (verifyPassword refuses anything but scrypt$…).
      await tx.query(
        `UPDATE users SET name = $2, email = NULL, password_hash = '!', token_version = token_version + 1, anonymised_at = $3
          WHERE id = $1`,
        [userId, name, now],
      );
      await tx.query(
        `UPDATE orders SET phone = NULL, address = NULL, city = NULL, code_postal = NULL, priced_postcode = NULL, client_note = NULL, access_notes = NULL
          WHERE user_id = $1`,
        [userId],
      );
      await tx.query(`UPDATE payment_sessions SET email = '' WHERE order_id IN (SELECT id FROM orders WHERE user_id = $1)`, [userId]);
      // The orders' history keeps what was done, no longer by whom by name.
      await tx.query('UPDATE audit_log SET actor = $2 WHERE actor_id = $1', [userId, name]);
      await tx.query('DELETE FROM customer_notes WHERE user_id = $1', [userId]);
    },

    /** The account's links, and what was left under its address (contact messages, a district's waiting list: decision 041). */
    async eraseLinksAndMessages(userId: number, email: string | null): Promise<void> {
      await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM email_confirmations WHERE user_id = $1', [userId]);
      if (email) await tx.query('DELETE FROM contact_messages WHERE lower(email) = lower($1)', [email]);
      if (email) await tx.query('DELETE FROM service_area_waitlist WHERE lower(email) = lower($1)', [email]);
    },
  };
}
