import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { seedDatabase } from '../../server/seed';
import { writeSeededPgliteDump } from '../support/seeded-pglite-dump';
import { testConfig } from './support/test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data folder, migrated and seeded once per run; '' on PostgreSQL. */
    seededDumpPath: string;
    /** On PostgreSQL, a database migrated and seeded once per run, that each test file's is copied from; '' on PGlite. */
    seededTemplate: string;
  }
}

/**
 * A fresh PGlite takes seconds and ~700 MB; loading a dump takes 0.6 s. So the database is built
 * and seeded once here, dumped to a file, and every test file starts from a copy of it.
 * With DATABASE_URL the same is done on the server: one database migrated and seeded here, and each
 * test file's own a copy of it (CREATE DATABASE … TEMPLATE: 0.2 s, where migrating and seeding took
 * 5 s per database; support/test-database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('seededDumpPath', '');
    const template = await seededTemplate(process.env.DATABASE_URL);
    project.provide('seededTemplate', template.name);
    return template.drop;
  }
  project.provide('seededTemplate', '');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-seed-'));
  project.provide('seededDumpPath', await writeSeededPgliteDump(dir));
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

/** A migrated, seeded and analysed database on the server, with no connection left open to it (a template must have none). */
async function seededTemplate(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `sparkle_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(serverUrl, { max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: 2 });
  try {
    await migrate(db);
    await seedDatabase(db, testConfig());
    // Its copies start with their tables vacuumed and their statistics, as a seeded PGlite's do.
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
  await admin.close();
  return {
    name,
    async drop() {
      const last = openPostgres(serverUrl, { max: 1 });
      await last.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await last.close();
    },
  };
}
