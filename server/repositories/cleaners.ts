import type { Database } from '../db/database';

/** The password hash of an invited cleaner: no password matches it until the invitation is used. */
export const INVITED_PASSWORD_HASH = '!invited';
/** The password hash of a removed cleaner: no password matches it, and no reset link is left to change it. */
const REMOVED_PASSWORD_HASH = '!removed';

export interface CleanerRow {
  id: number;
  name: string;
  email: string;
  team_id: number | null;
  team: string | null;
  invited: boolean;
}

const SELECT_CLEANER = `
  SELECT u.id, u.name, u.email, u.team_id, t.name AS team, u.password_hash = '${INVITED_PASSWORD_HASH}' AS invited
    FROM users u LEFT JOIN teams t ON t.id = u.team_id`;

/** Cleaners' accounts (users with ROLE_CLEANER) and the team each works in (034_cleaners.sql). */
export function cleanersRepository(db: Database) {
  return {
    list(): Promise<CleanerRow[]> {
      return db.query<CleanerRow>(`${SELECT_CLEANER} WHERE 'ROLE_CLEANER' = ANY(u.roles) AND u.removed_at IS NULL ORDER BY lower(u.name), u.id`);
    },

    async find(id: number): Promise<CleanerRow | null> {
      const [row] = await db.query<CleanerRow>(`${SELECT_CLEANER} WHERE u.id = $1 AND 'ROLE_CLEANER' = ANY(u.roles) AND u.removed_at IS NULL`, [id]);
      return row ?? null;
    },

    /** The new cleaner's id, or null when the address belongs to an account already. */
    async create(name: string, email: string, teamId: number): Promise<number | null> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO users (name, email, password_hash, roles, team_id) VALUES ($1, $2, $3, ARRAY['ROLE_CLEANER'], $4)
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
        [name, email.trim(), INVITED_PASSWORD_HASH, teamId],
      );
      return row?.id ?? null;
    },

    /** Puts a cleaner (not removed) in `teamId`; false when there is no such cleaner. */
    async move(id: number, teamId: number): Promise<boolean> {
      const rows = await db.query<{ id: number }>(
        `UPDATE users SET team_id = $2 WHERE id = $1 AND 'ROLE_CLEANER' = ANY(roles) AND removed_at IS NULL RETURNING id`,
        [id, teamId],
      );
      return rows.length > 0;
    },

    /**
     * Ends a cleaner's account, keeping the row (and so their name on the visits they recorded):
     * a raised token_version refuses their tokens, a hash no password matches and an address that
     * is no longer theirs stop sign-in and reset links (the address is free for a new account), and
     * an unused invitation is deleted. False when there is no such cleaner (or removed already).
     */
    async remove(id: number): Promise<boolean> {
      const rows = await db.query<{ id: number }>(
        `UPDATE users SET removed_at = now(), token_version = token_version + 1, password_hash = '${REMOVED_PASSWORD_HASH}',
                email = 'removed-cleaner-' || id || '@removed.invalid'
          WHERE id = $1 AND 'ROLE_CLEANER' = ANY(roles) AND removed_at IS NULL RETURNING id`,
        [id],
      );
      if (rows.length === 0) return false;
      await db.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [id]);
      return true;
    },

    /** The team of a cleaner (null: none, or not a cleaner). */
    async teamOf(userId: number): Promise<{ id: number; name: string } | null> {
      const [row] = await db.query<{ id: number; name: string }>(
        `SELECT t.id, t.name FROM users u JOIN teams t ON t.id = u.team_id WHERE u.id = $1 AND 'ROLE_CLEANER' = ANY(u.roles)`,
        [userId],
      );
      return row ?? null;
    },
  };
}
