import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openPglite } from '../../../server/db/pglite';
import { openPostgres } from '../../../server/db/postgres';
import { readSeededPgliteDump } from '../../support/seeded-pglite-dump';

export interface TestDatabase {
  db: Database;
  /** Closes it, and on PostgreSQL drops the database. */
  dispose(): Promise<void>;
}

/**
 * A seeded database of its own for a test file: a copy of the global setup's PGlite dump, or, when
 * DATABASE_URL is set, a copy of its seeded database on that PostgreSQL server (dropped by dispose).
 *
 * Without the bank holidays a fresh database closes (071_bank_holidays.sql, decision 087), unless
 * `bankHolidays` asks for them: suites about other rules book fixed days (the clock change of
 * 2027-03-28 is Easter weekend; weekly series of spring 2030 run into Easter), as they get teams
 * enough (roomForBookings). The bank-holidays suite and the browser journeys keep them.
 */
export async function createTestDatabase(options: { bankHolidays?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const created = serverUrl ? await createPostgresDatabase(serverUrl) : await copyOfSeededDump();
  if (!options.bankHolidays) await created.db.query('DELETE FROM closures');
  return created;
}

/**
 * An empty database of its own, not migrated (a test of a migration migrates it itself): an
 * in-memory PGlite, or with DATABASE_URL a new database on that server (dropped by dispose).
 */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openPglite();
    return { db, dispose: () => db.close() };
  }
  const name = `sparkle_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: 5 });
  return {
    db,
    async dispose() {
      await db.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function copyOfSeededDump(): Promise<TestDatabase> {
  const db = await openPglite({ loadDataDir: await readSeededPgliteDump(inject('seededDumpPath')) });
  return { db, dispose: () => db.close() };
}

/** A copy of the global setup's migrated and seeded database (CREATE DATABASE … TEMPLATE). */
async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `sparkle_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('seededTemplate')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: 5 });
  return {
    db,
    async dispose() {
      await db.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Teams enough (default 40) for suites about other rules, which book many jobs at one fixed time;
 * the capacity suite keeps the product's 3 (decision 015).
 */
export async function roomForBookings(db: Database, teams = 40): Promise<void> {
  await db.query(`DELETE FROM teams WHERE position > $1`, [teams]);
  await db.query(`INSERT INTO teams (name, position) SELECT 'Team ' || n, n FROM generate_series(4, $1::int) AS n ON CONFLICT (name) DO NOTHING`, [teams]);
}
