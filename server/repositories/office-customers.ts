import type { Database } from '../db/database';
import { INVITED_PASSWORD_HASH } from './cleaners';

export interface OfficeCustomer {
  id: number;
  name: string;
  email: string;
  roles: string[];
}

/**
 * The customers an office booking is made for (decision 047): an existing customer's account, or a
 * new one created by staff without a password (the same "invited" mark as a cleaner's, decision
 * 040), undone when the booking it was created for could not be placed.
 */
export function officeCustomersRepository(db: Database) {
  return {
    /** A customer's account that can still book: not staff, not a cleaner, not erased. */
    async findBookable(id: number): Promise<OfficeCustomer | null> {
      const [row] = await db.query<OfficeCustomer>(
        `SELECT id, name, email, roles FROM users
          WHERE id = $1 AND email IS NOT NULL AND roles = ARRAY['ROLE_USER']`,
        [id],
      );
      return row ?? null;
    },

    /** The new account, or null when the address is taken (whatever its case). */
    async createInvited(name: string, email: string): Promise<OfficeCustomer | null> {
      const [row] = await db.query<OfficeCustomer>(
        `INSERT INTO users (name, email, password_hash, roles) VALUES ($1, $2, $3, ARRAY['ROLE_USER'])
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING id, name, email, roles`,
        [name, email.trim(), INVITED_PASSWORD_HASH],
      );
      return row ?? null;
    },

    /** A booking that failed leaves nothing behind: its draft, and the account made for it. */
    async undo(orderId: number | null, newCustomerId: number | null): Promise<void> {
      if (orderId !== null) await db.query('DELETE FROM orders WHERE id = $1 AND checked_out_at IS NULL', [orderId]);
      if (newCustomerId !== null) await db.query('DELETE FROM users WHERE id = $1 AND password_hash = $2', [newCustomerId, INVITED_PASSWORD_HASH]);
    },
  };
}
