import { sql } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import { pendingMigrations } from '../db/migrate';

export function healthRepository(db: Database) {
  return {
    /** The cheapest statement: the database is there and answers. */
    async ping(): Promise<void> {
      await sql`SELECT 1`.execute(kysely(db));
    },

    /** Migrations not applied yet. */
    async pendingMigrations(): Promise<number> {
      return (await pendingMigrations(db)).length;
    },
  };
}
