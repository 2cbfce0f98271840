import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { healthRepository } from '../../server/repositories/health';
import { databaseMigrated, pingDatabase } from '../../server/services/health';
import type { TestDatabase } from '../api/support/test-database';
import { ownDatabase } from './support/own-database';

/**
 * Readiness (services/health.ts on repositories/health.ts, GET /api/ready): the database answers, and
 * every migration of this code is applied; one missing, or none at all, is not ready.
 */
let testDb: TestDatabase;
let db: Database;
let migrations: string[];

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  migrations = (await readdir(new URL('../../server/migrations/', import.meta.url))).filter((name) => name.endsWith('.sql')).sort();
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('readiness', () => {
  it('a migrated database answers and has nothing pending', async () => {
    await expect(pingDatabase(db)).resolves.toBeUndefined();
    expect(await healthRepository(db).pendingMigrations()).toBe(0);
    expect(await databaseMigrated(db)).toBe(true);
  });

  it('a migration not applied yet is pending: not ready', async () => {
    const seen = await inRolledBack(async (tx) => {
      await tx.query('DELETE FROM schema_migrations WHERE name = ANY($1)', [migrations.slice(-2)]);
      return { pending: await healthRepository(tx).pendingMigrations(), migrated: await databaseMigrated(tx) };
    });
    expect(seen).toEqual({ pending: 2, migrated: false });
    expect(await databaseMigrated(db)).toBe(true);
  });

  it('a database never migrated has every migration pending; one that cannot answer is not ready', async () => {
    const seen = await inRolledBack(async (tx) => {
      await tx.query('DROP TABLE schema_migrations');
      return { pending: await healthRepository(tx).pendingMigrations(), migrated: await databaseMigrated(tx) };
    });
    expect(seen).toEqual({ pending: migrations.length, migrated: false });
    expect(migrations.length).toBeGreaterThan(50);

    // A transaction a failed statement aborted answers nothing more until it ends: a real refusal, not a mock.
    const refusals = await inRolledBack(async (tx) => {
      await tx.query('SELECT 1 / 0').catch(() => undefined);
      const refusal = (promise: Promise<unknown>) => promise.then(() => 'answered', () => 'refused');
      return { ping: await refusal(pingDatabase(tx)), migrated: await refusal(databaseMigrated(tx)) };
    });
    expect(refusals).toEqual({ ping: 'refused', migrated: 'refused' });
    expect(await databaseMigrated(db)).toBe(true);
  });
});

/** What `work` saw in a transaction that is then rolled back, whatever it changed. */
async function inRolledBack<T>(work: (tx: Database) => Promise<T>): Promise<T> {
  const rollback = new Error('rollback');
  let seen: T | undefined;
  await db
    .transaction(async (tx) => {
      seen = await work(tx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return seen as T;
}
