import type { Database } from '../db/database';
import { healthRepository } from '../repositories/health';

/** Readiness (routes/operations.ts): the database answers; answers whether every migration is applied. */
export async function databaseMigrated(db: Database): Promise<boolean> {
  const health = healthRepository(db);
  await health.ping();
  return (await health.pendingMigrations()) === 0;
}

/** Liveness of the database alone, once it was seen migrated. */
export async function pingDatabase(db: Database): Promise<void> {
  await healthRepository(db).ping();
}
