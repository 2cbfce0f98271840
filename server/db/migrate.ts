import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database';
import { kysely } from './kysely';

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
    await sql`SELECT pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`.execute(kysely(tx));
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
    const text = await readFile(path.join(dir, name), 'utf8');
    const didApply = await underStartupLock(db, async (tx) => {
      const k = kysely(tx);
      await k.schema
        .createTable('schema_migrations')
        .ifNotExists()
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('applied_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
      const done = await k.selectFrom('schema_migrations').select('name').where('name', '=', name).execute();
      if (done.length > 0) return false;
      // A migration rewrites whole tables (077 took 9 minutes on ten million orders): the requests'
      // statement timeout would stop it and leave the site unable to start, so it is off for this one.
      await sql`SET LOCAL statement_timeout = 0`.execute(k);
      // The file as it is (several statements, no parameters): both engines run it as one text.
      await sql.raw(text).execute(k);
      await k.insertInto('schema_migrations').values({ name }).execute();
      return true;
    });
    if (didApply) applied.push(name);
  }
  return applied;
}

/** The migrations this code needs that the database has not applied (empty: the schema is current). */
export async function pendingMigrations(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const k = kysely(db);
  const table = await k.selectNoFrom([sql<boolean>`to_regclass('schema_migrations') IS NOT NULL`.as('present')]).executeTakeFirst();
  if (!table?.present) return files;
  const done = new Set((await k.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name));
  return files.filter((name) => !done.has(name));
}
