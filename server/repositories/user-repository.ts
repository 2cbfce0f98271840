import type { Database } from '../db/database';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  passwordHash: string;
  roles: string[];
  tokenVersion: number;
  createdAt: Date;
}

interface UserRow {
  id: number;
  name: string;
  /** Null once the account was anonymised (011_customers_and_messages.sql). */
  email: string | null;
  password_hash: string;
  roles: string[];
  token_version: number;
  created_at: Date;
}

const COLUMNS = 'id, name, email, password_hash, roles, token_version, created_at';

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
  return {
    async findById(id: number): Promise<UserRecord | null> {
      const [row] = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
      return row ? toUser(row) : null;
    },

    /** Several users in one round trip (the authenticator's batches); absent ids are simply missing. */
    async findByIds(ids: number[]): Promise<UserRecord[]> {
      const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ANY($1::integer[])`, [ids]);
      return rows.map(toUser);
    },

    async findByEmail(email: string): Promise<UserRecord | null> {
      const [row] = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
      return row ? toUser(row) : null;
    },

    /** The new user, or null when the email is taken. */
    async create(user: NewUser): Promise<UserRecord | null> {
      const [row] = await db.query<UserRow>(
        `INSERT INTO users (name, email, password_hash, roles) VALUES ($1, $2, $3, $4)
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING ${COLUMNS}`,
        [user.name, user.email.trim(), user.passwordHash, user.roles ?? ['ROLE_USER']],
      );
      return row ? toUser(row) : null;
    },

    /** The updated user, or null when the new email is taken by someone else. */
    async update(id: number, changes: UserChanges): Promise<UserRecord | null> {
      try {
        const [row] = await db.query<UserRow>(
          `UPDATE users SET
             name = COALESCE($2, name),
             email = COALESCE($3, email),
             password_hash = COALESCE($4, password_hash),
             token_version = token_version + CASE WHEN $5 THEN 1 ELSE 0 END
           WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, changes.name ?? null, changes.email?.trim() ?? null, changes.passwordHash ?? null, changes.endSessions ?? false],
        );
        return row ? toUser(row) : null;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return null;
        throw error;
      }
    },

    async endSessions(id: number): Promise<void> {
      await db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [id]);
    },

    /**
     * Locks the account FOR KEY SHARE, the lock order of services/account-lock.ts; answers whether it
     * is there and not erased.
     */
    async lockForKeyShare(id: number): Promise<boolean> {
      const [row] = await db.query<{ anonymised_at: Date | null }>('SELECT anonymised_at FROM users WHERE id = $1 FOR KEY SHARE', [id]);
      return row !== undefined && row.anonymised_at === null;
    },

    /** Whether the account was erased (or is gone). */
    async isAnonymised(id: number): Promise<boolean> {
      const [row] = await db.query<{ anonymised: boolean }>('SELECT anonymised_at IS NOT NULL AS anonymised FROM users WHERE id = $1', [id]);
      return row?.anonymised ?? true;
    },

    async count(): Promise<number> {
      const [row] = await db.query<{ count: number }>('SELECT count(*) AS count FROM users');
      return row?.count ?? 0;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
