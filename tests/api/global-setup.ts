import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { seedDatabase } from '../../server/seed';
import { testConfig } from './support/test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data folder, migrated and seeded once per run; '' on PostgreSQL. */
    seededDumpPath: string;
  }
}

/**
 * A fresh PGlite takes seconds and ~700 MB; loading a dump takes 0.6 s. So the database is built
 * and seeded once here, dumped to a file, and every test file starts from a copy of it.
 * With DATABASE_URL each test file creates its own database instead (support/test-database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('seededDumpPath', '');
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-seed-'));
  const db = await openPglite();
  try {
    await migrate(db);
    await seedDatabase(db, testConfig({ dataDir: dir }));
    const dump = await db.dumpDataDir();
    const file = path.join(dir, 'seeded.tar.gz');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('seededDumpPath', file);
  } finally {
    await db.close();
  }
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
