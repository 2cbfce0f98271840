import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import { seedDatabase } from '../../../server/seed';
import { testConfig } from '../../api/support/test-config';

/**
 * Once per run: a migrated, seeded PGlite dumped to a file (E2E_SEEDED_DUMP, read by the workers),
 * that every spec's own server loads (under a second) instead of migrating and seeding its own
 * (5 s or more on a busy machine), as the API suite does (tests/api/global-setup.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-e2e-seed-'));
  const db = await openPglite();
  try {
    await migrate(db);
    await seedDatabase(db, testConfig({ dataDir: dir }));
    const file = path.join(dir, 'seeded.tar.gz');
    await writeFile(file, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    process.env.E2E_SEEDED_DUMP = file;
  } finally {
    await db.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
