import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { seedDatabase } from '../../server/seed';
import { testConfig } from '../api/support/test-config';

/**
 * A fresh PGlite takes seconds to migrate and seed; loading a dump of one takes under a second. The
 * API suite's and the browser suite's global setups write one dump a run (decisions 125, 126), and
 * every database a test file or a spec's own server opens is a copy of it.
 */
export async function writeSeededPgliteDump(dir: string): Promise<string> {
  const db = await openPglite();
  try {
    await migrate(db);
    await seedDatabase(db, testConfig({ dataDir: dir }));
    const file = path.join(dir, 'seeded.tar.gz');
    await writeFile(file, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    return file;
  } finally {
    await db.close();
  }
}

/** The dump as PGlite's `loadDataDir` takes it. */
export async function readSeededPgliteDump(file: string): Promise<File> {
  return new File([await readFile(file)], 'seeded.tar.gz', { type: 'application/x-gzip' });
}
