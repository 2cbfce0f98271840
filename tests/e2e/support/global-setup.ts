import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeSeededPgliteDump } from '../../support/seeded-pglite-dump';

/**
 * Once per run: a migrated, seeded PGlite dumped to a file (E2E_SEEDED_DUMP, read by the workers),
 * that every spec's own server loads instead of migrating and seeding its own (decision 126).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-e2e-seed-'));
  process.env.E2E_SEEDED_DUMP = await writeSeededPgliteDump(dir);
  return () => rm(dir, { recursive: true, force: true });
}
