import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { isDatabaseUnavailable } from '../../../server/lib/database-errors';
import { openPostgres } from '../../../server/db/postgres';
import { QUEUES, type JobQueue } from '../../../server/queue';
import { createPgBossQueue } from '../../../server/queue/pg-boss-queue';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';

/**
 * pg-boss 10 completes a job without awaiting the completion: when PostgreSQL stops between the
 * job's end and its completion, that rejection went unhandled and ended the process (issue 24,
 * row 3). Here the job itself stops the server, so the completion fails every time: the failure is
 * reported through the queue's onError and nothing is left unhandled. A private PostgreSQL.
 */
const runs = Boolean(process.env.DATABASE_URL) && postgresBinaries() !== null;
let postgres: PrivatePostgres;
let db: Database;
let queue: JobQueue;
const unhandled: unknown[] = [];
const heard: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

describe.runIf(runs)('the job queue when PostgreSQL stops under a running job (PostgreSQL)', () => {
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    postgres = await startPrivatePostgres();
    db = openPostgres(postgres.url, { max: 4, acquireTimeoutMs: 2_000 });
    queue = createPgBossQueue(db, db.executeSql!, {
      retry: () => ({ retryLimit: 2, retryDelay: 1 }),
      onError: (error) => heard.push(error),
    });
    await queue.start();
  }, 120_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await queue?.stop(1_000).catch(() => {});
    await db?.close().catch(() => {});
    postgres?.destroy();
  });

  it('reports the failed completion and leaves no rejection unhandled', async () => {
    let jobEnded!: () => void;
    const ended = new Promise<void>((resolve) => (jobEnded = resolve));
    await queue.work(QUEUES.mail, async () => {
      // The database goes away while the job runs: pg-boss's completion after it cannot be written.
      await postgres.stop('fast');
      jobEnded();
    });
    await db.transaction((tx) => queue.send(tx, QUEUES.mail, { to: 'someone@example.test', subject: 'Hello', text: 'Hi' }));
    await ended;
    // The completion's failure is heard (bounded by the test's timeout), not left to crash the process.
    await expect.poll(() => heard.some(isDatabaseUnavailable), { timeout: 10_000, interval: 50 }).toBe(true);
    await postgres.start();
    // The unawaited completion has settled (it was heard); any unhandled rejection is reported by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  }, 60_000);
});
