import { sql, type InferResult, type NotNull } from 'kysely';
import type { Database } from '../db/database';
import { kysely, type Db } from '../db/kysely';
import { INVITED_PASSWORD_HASH } from './cleaners';

/** A customer's account only (not staff, not a cleaner): `roles = ARRAY['ROLE_USER']`. */
const CUSTOMER_ROLES = sql<string[]>`ARRAY['ROLE_USER']`;

const bookableQuery = (k: Db, id: number) =>
  k
    .selectFrom('users')
    .select(['id', 'name', 'email', 'roles'])
    .where('id', '=', id)
    .where('email', 'is not', null)
    .where('roles', '=', CUSTOMER_ROLES)
    .$narrowType<{ email: NotNull }>();

export type OfficeCustomer = InferResult<ReturnType<typeof bookableQuery>>[number];

/**
 * The customers an office booking is made for (decision 047): an existing customer's account, or a
 * new one created by staff without a password (the same "invited" mark as a cleaner's, decision
 * 040), undone when the booking it was created for could not be placed.
 */
export function officeCustomersRepository(db: Database) {
  const k = kysely(db);
  return {
    /** A customer's account that can still book: not staff, not a cleaner, not erased. */
    async findBookable(id: number): Promise<OfficeCustomer | null> {
      return (await bookableQuery(k, id).executeTakeFirst()) ?? null;
    },

    /** The new account, or null when the address is taken (whatever its case). */
    async createInvited(name: string, email: string): Promise<OfficeCustomer | null> {
      const row = await k
        .insertInto('users')
        .values({ name, email: email.trim(), password_hash: INVITED_PASSWORD_HASH, roles: CUSTOMER_ROLES })
        .onConflict((oc) => oc.expression(sql`(lower(email))`).doNothing())
        .returning(['id', 'name', 'email', 'roles'])
        .$narrowType<{ email: NotNull }>()
        .executeTakeFirst();
      return row ?? null;
    },

    /** A booking that failed leaves nothing behind: its draft, and the account made for it. */
    async undo(orderId: number | null, newCustomerId: number | null): Promise<void> {
      if (orderId !== null) await k.deleteFrom('orders').where('id', '=', orderId).where('checked_out_at', 'is', null).execute();
      if (newCustomerId !== null) await k.deleteFrom('users').where('id', '=', newCustomerId).where('password_hash', '=', INVITED_PASSWORD_HASH).execute();
    },
  };
}
