import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Any number; it only has to be the same for every instance starting on the same database. */
export const STARTUP_LOCK_KEY = 4_217_001;

/**
 * Runs `fn` in one transaction holding the start-up advisory lock: instances starting at the same
 * moment on one PostgreSQL server take turns (migrations, first-start data), and the lock goes with
 * the transaction, so a crashed instance never leaves it held.
 */
export async function underStartupLock<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
    return fn(tx);
  });
}

/**
 * Applies `server/migrations/*.sql` in name order, each once, each in its own transaction under the
 * start-up lock. The bookkeeping table is created under the lock too: two instances creating it at
 * once collide on PostgreSQL's catalogue (unique violation on pg_type) even with IF NOT EXISTS.
 * With `to` (a migration's number, "076"), only the migrations up to that one: a test of a
 * migration sets the database up as it was before it.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR, options: { to?: string } = {}): Promise<string[]> {
  const { to } = options;
  const files = (await readdir(dir))
    .filter((name) => name.endsWith('.sql') && (to === undefined || name.split('_')[0]! <= to))
    .sort();
  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(path.join(dir, name), 'utf8');
    const didApply = await underStartupLock(db, async (tx) => {
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.length > 0) return false;
      await tx.query(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (didApply) applied.push(name);
  }
  return applied;
}

/** The migrations this code needs that the database has not applied (empty: the schema is current). */
export async function pendingMigrations(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const [table] = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!table?.present) return files;
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
  return files.filter((name) => !done.has(name));
}
