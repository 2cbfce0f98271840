import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import type { Users } from '../db/schema';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  passwordHash: string;
  roles: string[];
  tokenVersion: number;
  createdAt: Date;
}

/** email is null once the account was anonymised (011_customers_and_messages.sql). */
type UserRow = Pick<Selectable<Users>, (typeof COLUMNS)[number]>;

const COLUMNS = ['id', 'name', 'email', 'password_hash', 'roles', 'token_version', 'created_at'] as const;

const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  name: row.name,
  email: row.email ?? '',
  passwordHash: row.password_hash,
  roles: row.roles,
  tokenVersion: row.token_version,
  createdAt: row.created_at,
});

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  roles?: string[];
}

export interface UserChanges {
  name?: string;
  email?: string;
  passwordHash?: string;
  /** Ends every token issued before (logout, email or password change). */
  endSessions?: boolean;
}

/** Accounts; emails are unique whatever their case (users_email_lower_key). */
export function createUserRepository(db: Database) {
  const k = kysely(db);
  const users = () => k.selectFrom('users').select(COLUMNS);
  return {
    async findById(id: number): Promise<UserRecord | null> {
      const row = await users().where('id', '=', id).executeTakeFirst();
      return row ? toUser(row) : null;
    },

    /** Several users in one round trip (the authenticator's batches); absent ids are simply missing. */
    async findByIds(ids: number[]): Promise<UserRecord[]> {
      const rows = await users().where((eb) => eb('id', '=', eb.fn.any(eb.val(ids)))).execute();
      return rows.map(toUser);
    },

    async findByEmail(email: string): Promise<UserRecord | null> {
      const row = await users().where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email.trim())]))).executeTakeFirst();
      return row ? toUser(row) : null;
    },

    /** The new user, or null when the email is taken. */
    async create(user: NewUser): Promise<UserRecord | null> {
      const row = await k
        .insertInto('users')
        .values({ name: user.name, email: user.email.trim(), password_hash: user.passwordHash, roles: user.roles ?? ['ROLE_USER'] })
        .onConflict((oc) => oc.expression(sql`(lower(email))`).doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toUser(row) : null;
    },

    /** The updated user, or null when the new email is taken by someone else. */
    async update(id: number, changes: UserChanges): Promise<UserRecord | null> {
      try {
        const row = await k
          .updateTable('users')
          .set((eb) => ({
            name: eb.fn.coalesce(eb.val(changes.name ?? null), eb.ref('name')),
            email: eb.fn.coalesce(eb.val(changes.email?.trim() ?? null), eb.ref('email')),
            password_hash: eb.fn.coalesce(eb.val(changes.passwordHash ?? null), eb.ref('password_hash')),
            token_version: sql<number>`token_version + CASE WHEN ${changes.endSessions ?? false} THEN 1 ELSE 0 END`,
          }))
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst();
        return row ? toUser(row) : null;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return null;
        throw error;
      }
    },

    async endSessions(id: number): Promise<void> {
      await k.updateTable('users').set((eb) => ({ token_version: eb('token_version', '+', 1) })).where('id', '=', id).execute();
    },

    /**
     * Locks the account FOR KEY SHARE, the lock order of services/account-lock.ts; answers whether it
     * is there and not erased.
     */
    async lockForKeyShare(id: number): Promise<boolean> {
      const row = await k.selectFrom('users').select('anonymised_at').where('id', '=', id).forKeyShare().executeTakeFirst();
      return row !== undefined && row.anonymised_at === null;
    },

    /** Whether the account was erased (or is gone). */
    async isAnonymised(id: number): Promise<boolean> {
      const row = await k.selectFrom('users').select((eb) => eb('anonymised_at', 'is not', null).$castTo<boolean>().as('anonymised')).where('id', '=', id).executeTakeFirst();
      return row?.anonymised ?? true;
    },

    async count(): Promise<number> {
      const row = await k.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
      return row?.count ?? 0;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
