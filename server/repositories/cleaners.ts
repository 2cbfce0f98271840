import type { Database } from '../db/database';

/** The password hash of an invited cleaner: no password matches it until the invitation is used. */
export const INVITED_PASSWORD_HASH = '!invited';

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
      return db.query<CleanerRow>(`${SELECT_CLEANER} WHERE 'ROLE_CLEANER' = ANY(u.roles) ORDER BY lower(u.name), u.id`);
    },

    async find(id: number): Promise<CleanerRow | null> {
      const [row] = await db.query<CleanerRow>(`${SELECT_CLEANER} WHERE u.id = $1 AND 'ROLE_CLEANER' = ANY(u.roles)`, [id]);
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
