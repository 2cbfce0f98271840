/**
 * Issue 13 "one system across instances": instances starting at the same moment on an EMPTY
 * PostgreSQL database all come up, with one copy of the first-start data; a PGlite data folder
 * refuses a second process with a clear message, and a dead process's lock is taken over.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireFolderLock, FolderInUseError, LOCK_FILE } from '../../../server/db/folder-lock';
import { migrate, pendingMigrations } from '../../../server/db/migrate';
import { openPostgres } from '../../../server/db/postgres';
import { seedDatabase } from '../../../server/seed';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { ROOT, startServerProcess } from '../support/server-process';
import { testConfig } from '../support/test-config';

const serverUrl = process.env.DATABASE_URL;
const scratches: ScratchDatabase[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop().catch(() => {});
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!serverUrl)('start-up on an empty PostgreSQL database (PostgreSQL)', () => {
  it('four instances migrating and seeding at the same moment all succeed, with one copy of the data', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'h6_start');
    scratches.push(scratch);
    const config = testConfig();
    const instances = Array.from({ length: 4 }, () => openPostgres(scratch.url, { max: 2 }));
    try {
      const outcomes = await Promise.allSettled(instances.map(async (db) => {
        await migrate(db);
        await seedDatabase(db, config);
      }));
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String((outcome as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
      const db = instances[0]!;
      expect(await pendingMigrations(db)).toEqual([]);
      const [{ services, admins, orders }] = await db.query<{ services: number; admins: number; orders: number }>(
        `SELECT (SELECT count(*)::int FROM services) AS services,
                (SELECT count(*)::int FROM users WHERE email = 'admin@sparkle.test') AS admins,
                (SELECT count(*)::int FROM orders) AS orders`,
      ) as [{ services: number; admins: number; orders: number }];
      expect(services).toBe(6);
      expect(admins).toBe(1);
      // The demo orders once, not once per instance.
      const single = await createScratchDatabase(serverUrl!, 'h6_single');
      scratches.push(single);
      const alone = openPostgres(single.url, { max: 2 });
      await migrate(alone);
      await seedDatabase(alone, config);
      const [{ count }] = (await alone.query<{ count: number }>('SELECT count(*)::int AS count FROM orders')) as [{ count: number }];
      await alone.close();
      expect(orders).toBe(count);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
    }
  }, 120_000);

  it('a migration that runs longer than the requests\' statement timeout still applies: a large site can start after an upgrade', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'h10_slow');
    scratches.push(scratch);
    const dir = mkdtempSync(path.join(tmpdir(), 'slow-migration-'));
    folders.push(dir);
    // Stands for an ALTER of ten million rows: longer than the pool's statement timeout below.
    writeFileSync(path.join(dir, '001_slow.sql'), 'SELECT pg_sleep(0.5);\nCREATE TABLE slow_done (id int);\n');
    const db = openPostgres(scratch.url, { max: 1, statementTimeoutMs: 100 });
    try {
      expect(await migrate(db, dir)).toEqual(['001_slow.sql']);
      expect(await pendingMigrations(db, dir)).toEqual([]);
      // Requests keep their timeout: only the migration's own transaction lifted it.
      await expect(db.query('SELECT pg_sleep(0.5)')).rejects.toThrow(/statement timeout/);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('a PGlite data folder belongs to one process', () => {
  it('a second server on the same folder refuses to start and says why; the first keeps serving', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'h6-lock-'));
    folders.push(dataDir);
    const first = await startServerProcess({ dataDir });
    try {
      const second = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/server.ts')], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', SPA_DIR: '', JWT_SECRET: 'h6-test-secret-not-for-production-0123456789' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      second.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      second.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await Promise.race([
        new Promise<number | null>((resolve) => second.once('exit', resolve)),
        new Promise<string>((resolve) => setTimeout(() => resolve('the second server is still running'), 90_000).unref()),
      ]);
      if (second.exitCode === null) second.kill('SIGKILL');
      expect(code).toBe(1);
      expect(output).toContain(`is in use by another process (pid ${first.child.pid})`);
      expect(output).toContain('set DATABASE_URL to a PostgreSQL server to run several instances');
      expect((await fetch(`${first.baseUrl}/api/home/services`)).status).toBe(200);
    } finally {
      await first.kill('SIGTERM');
    }
  }, 240_000);

  it('takes over the lock of a process that died, and refuses one that lives', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'h6-lockfile-'));
    folders.push(folder);
    const lockFile = path.join(folder, LOCK_FILE);
    // A pid that no process has (beyond pid_max).
    writeFileSync(lockFile, '4194999\n');
    const lock = acquireFolderLock(folder);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireFolderLock(folder, 1)).toThrow(FolderInUseError);
    lock.release();
    // Released: the next one takes it at once.
    acquireFolderLock(folder).release();
  });
});
