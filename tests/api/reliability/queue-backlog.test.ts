import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openPostgres } from '../../../server/db/postgres';
import { QUEUES, type JobQueue } from '../../../server/queue';
import { createPgBossQueue } from '../../../server/queue/pg-boss-queue';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';

/**
 * A burst of mails written in one transaction (one NOTIFY: PostgreSQL folds equal notifications
 * of a transaction into one) is sent one after another at the worker's pace, not one per polling
 * interval. pg-boss 10 waited its interval after every fetch, so 12 mails took 12 intervals: with
 * the interval set to a minute here, only the first arrives before the test's deadline.
 */
const runs = Boolean(process.env.DATABASE_URL);
let scratch: ScratchDatabase;
let db: Database;
let queue: JobQueue;

describe.runIf(runs)('a backlog of jobs on pg-boss (PostgreSQL)', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'backlog');
    db = openPostgres(scratch.url, { max: 4 });
    queue = createPgBossQueue(db, db.executeSql!, { retry: () => ({ retryLimit: 0, retryDelay: 1 }), pollingIntervalSeconds: 60 });
    await queue.start();
  }, 120_000);

  afterAll(async () => {
    await queue?.stop(1_000).catch(() => {});
    await db?.close().catch(() => {});
    await scratch?.drop();
  });

  it('drains twelve jobs announced by one notification without waiting an interval between them', async () => {
    const sent: string[] = [];
    await queue.work(QUEUES.mail, async (data) => {
      sent.push((data as { to: string }).to);
    });
    const recipients = Array.from({ length: 12 }, (_, i) => `customer-${i}@example.test`);
    await db.transaction(async (tx) => {
      for (const to of recipients) await queue.send(tx, QUEUES.mail, { to, subject: 'Your visit moved', text: 'Choose another time' });
    });
    await expect.poll(() => sent.length, { timeout: 20_000, interval: 100 }).toBe(recipients.length);
    expect([...sent].sort()).toEqual([...recipients].sort());
  }, 60_000);
});
