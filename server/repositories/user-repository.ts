import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import type { Users } from '../db/schema';
import { countAccounts, type Page, type PageRequest } from './paging';
import { selectTypedLatePage, type TypedSortKey } from './typed-paging';

export type UserSort = 'id' | 'name' | 'email' | 'created';

/** Names and emails sort without regard to case (indexes users_name_idx, users_email_lower_key). */
const SORT_BY: Record<Exclude<UserSort, 'id'>, TypedSortKey<'users', object>['by']> = {
  name: sql`lower(name)`, email: sql`lower(email)`, created: 'created_at',
};

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

    /**
     * One page of accounts, administrators included (the back office's Users table), by id unless
     * `sort` says otherwise. An anonymised account has no email: the spec's table shows it empty.
     * The page's ids come from the sort's index alone, then those accounts (late row lookup, 020).
     */
    async accountsPage(query: { sort?: UserSort; order?: 'asc' | 'desc' }, page: PageRequest): Promise<Page<{ id: number; name: string; email: string; created_at: Date }>> {
      const desc = query.order === 'desc';
      const sort = query.sort ?? 'id';
      const keys: TypedSortKey<'users', object>[] = sort === 'id' ? [{ by: 'id', desc }] : [{ by: SORT_BY[sort], desc }, { by: 'id', desc }];
      const total = await countAccounts(db, 'accounts');
      const rows = k.selectFrom('users').select((eb) => ['id', 'name', eb.fn.coalesce('email', sql.lit('')).as('email'), 'created_at']);
      return selectTypedLatePage(rows, k.selectFrom('users').select('id'), { idColumn: 'id', keys, total, page });
    },

    async count(): Promise<number> {
      const row = await k.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
      return row?.count ?? 0;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
