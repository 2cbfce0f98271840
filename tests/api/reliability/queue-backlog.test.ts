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

  it('drains a backlog that was waiting before its worker started, in full fetches, with no wake and no poll (decision 133)', async () => {
    // Written by the queue's own insert and never announced (as a job whose time has come is not):
    // no wake, and the poll is a minute away. Only a full fetch asking for the next at once can
    // take all 25 in time.
    const idle = createPgBossQueue(db, db.executeSql!, { retry: () => ({ retryLimit: 0, retryDelay: 1 }), pollingIntervalSeconds: 60 });
    await idle.start();
    const waiting = Array.from({ length: 25 }, (_, i) => `cleaner-${i}@example.test`);
    for (const to of waiting) {
      const insert = await idle.jobStatement(QUEUES.cleanerTexts, { to });
      await db.query(insert.text, insert.values);
    }
    const ran: string[] = [];
    try {
      await idle.work(QUEUES.cleanerTexts, async (data) => {
        ran.push((data as { to: string }).to);
      });
      await expect.poll(() => ran.length, { timeout: 20_000, interval: 100 }).toBe(waiting.length);
      expect([...ran].sort()).toEqual([...waiting].sort());
    } finally {
      await idle.stop(1_000);
    }
  }, 60_000);

  it('runs a fetched batch in the order its jobs were written: a confirmation before the mail that follows it', async () => {
    const later = createPgBossQueue(db, db.executeSql!, { retry: () => ({ retryLimit: 0, retryDelay: 1 }), pollingIntervalSeconds: 60 });
    await later.start();
    // Each in its own transaction, as a checkout and then a closure write them, before anyone works.
    const written = Array.from({ length: 10 }, (_, i) => `visit-${i}@example.test`);
    for (const to of written) await db.transaction((tx) => later.send(tx, QUEUES.waitlist, { to }));
    const ran: string[] = [];
    await later.work(QUEUES.waitlist, async (data) => {
      ran.push((data as { to: string }).to);
    });
    await expect.poll(() => ran.length, { timeout: 20_000, interval: 100 }).toBe(written.length);
    expect(ran).toEqual(written);
    await later.stop(1_000);
  }, 60_000);

  it('a job that fails in a fetched batch fails alone: the others are sent once, it is retried (decision 118)', async () => {
    // A retry of this test (CI) starts from no texts.
    await db.query('DELETE FROM pgboss.job WHERE name = $1', [QUEUES.text]);
    // Texts retry once, a second later, found by a poll of a second.
    const texts = createPgBossQueue(db, db.executeSql!, { retry: () => ({ retryLimit: 1, retryDelay: 1 }), pollingIntervalSeconds: 1 });
    await texts.start();
    const sent: string[] = [];
    let failures = 0;
    await texts.work(QUEUES.text, async (data) => {
      const { to } = data as { to: string };
      if (to === '+447700900003' && failures++ === 0) throw new Error('gateway refused');
      sent.push(to);
    });
    const numbers = Array.from({ length: 6 }, (_, i) => `+44770090000${i}`);
    try {
      // Written together, so the worker's first fetch takes them all.
      await db.transaction(async (tx) => {
        for (const to of numbers) await texts.send(tx, QUEUES.text, { to, body: 'Your cleaner is on the way' });
      });
      await expect.poll(() => sent.length, { timeout: 20_000, interval: 100 }).toBe(numbers.length);
      expect([...sent].sort()).toEqual([...numbers].sort());
      expect(failures).toBe(2);
      // pg-boss completes a batch once its handler has returned: the last job is still active for a
      // moment after it was sent.
      const states = async () => (await db.query<{ state: string; retry_count: number; to: string }>(
        "SELECT state, retry_count, data->>'to' AS to FROM pgboss.job WHERE name = $1 ORDER BY data->>'to'", [QUEUES.text]))
        .map((job) => [job.to, job.state, job.retry_count]);
      await expect.poll(states, { timeout: 10_000, interval: 100 }).toEqual(numbers.map((to) => [to, 'completed', to === '+447700900003' ? 1 : 0]));
    } finally {
      // A worker left running would take a retry's jobs (CI retries a failed test once).
      await texts.stop(1_000);
    }
  }, 60_000);
});
