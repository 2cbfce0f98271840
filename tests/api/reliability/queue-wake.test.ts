import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import { openPostgres } from '../../../server/db/postgres';
import { QUEUES, type JobQueue } from '../../../server/queue';
import { coalescedNotify, JOBS_CHANNEL } from '../../../server/queue/queue';
import { createLocalQueue } from '../../../server/queue/local-queue';
import { createPgBossQueue } from '../../../server/queue/pg-boss-queue';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';

/**
 * Decision 069: a job's workers are woken once the transaction that wrote it has committed, by
 * the instance that wrote it (at once, in-process) and, on PostgreSQL, every other instance by a
 * NOTIFY sent after the commit — never by a NOTIFY inside the transaction, which made each
 * checkout's COMMIT wait for every other notifying COMMIT. The workers here poll only once a
 * minute, so a job not announced would not run before the test's deadline.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const mail = (to: string) => ({ to, subject: 'Booking confirmed', text: 'See you on Monday' });

describe.runIf(!onPostgres)('the embedded job runner (PGlite)', () => {
  let db: Database;
  let queue: JobQueue;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    queue = createLocalQueue(db, { retry: () => ({ retryLimit: 0, retryDelay: 1 }), pollMs: 60_000 });
    await queue.start();
  }, 60_000);
  afterAll(async () => {
    await queue?.stop(1_000);
    await db?.close();
  });

  it('runs a job written in a transaction once it commits, with no NOTIFY and no poll', async () => {
    const sent: string[] = [];
    await queue.work(QUEUES.mail, async (data) => {
      sent.push((data as { to: string }).to);
    });
    // The runner's first drain (at `work`) may still be looking for jobs: one sent now could be
    // found by it. A first job, then a few statements queued behind the runner's last ones on the
    // one connection: the runner is asleep, and only an announcement can wake it in the minute.
    await db.transaction((tx) => queue.send(tx, QUEUES.mail, mail('first@example.test')));
    await expect.poll(() => sent, { timeout: 10_000, interval: 50 }).toEqual(['first@example.test']);
    for (let n = 0; n < 3; n += 1) await queue.pending(QUEUES.mail);
    await db.transaction((tx) => queue.send(tx, QUEUES.mail, mail('local@example.test')));
    await expect.poll(() => sent, { timeout: 10_000, interval: 50 }).toEqual(['first@example.test', 'local@example.test']);
  }, 30_000);
});

describe.runIf(onPostgres)('pg-boss on two instances of one database (PostgreSQL)', () => {
  let scratch: ScratchDatabase;
  const instances: Array<{ db: Database; queue: JobQueue }> = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'wake');
    for (let n = 0; n < 2; n += 1) {
      const db = openPostgres(scratch.url, { max: 4 });
      const queue = createPgBossQueue(db, db.executeSql!, { retry: () => ({ retryLimit: 0, retryDelay: 1 }), pollingIntervalSeconds: 60 });
      await queue.start();
      instances.push({ db, queue });
    }
  }, 120_000);
  afterAll(async () => {
    for (const { db, queue } of instances) {
      await queue.stop(1_000).catch(() => {});
      await db.close().catch(() => {});
    }
    await scratch?.drop();
  });

  it('wakes the worker of another instance after the commit: the writer has no mail worker', async () => {
    const [writer, other] = instances as [{ db: Database; queue: JobQueue }, { db: Database; queue: JobQueue }];
    const sent: string[] = [];
    await other.queue.work(QUEUES.mail, async (data) => {
      sent.push((data as { to: string }).to);
    });
    // Each instance's LISTEN connection is opened in the background at start: both listening first.
    await expect.poll(async () => (await writer.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'"))[0]!.n, { timeout: 20_000 }).toBe(2);
    // pg-boss's first fetch at start; then only a notification can wake it within the minute.
    await expect.poll(() => writer.queue.pending(QUEUES.mail)).toBe(0);
    await writer.db.transaction((tx) => writer.queue.send(tx, QUEUES.mail, mail('elsewhere@example.test')));
    await expect.poll(() => sent, { timeout: 15_000, interval: 50 }).toEqual(['elsewhere@example.test']);
  }, 60_000);

  it('sends one NOTIFY a gap, naming every queue announced during it (decision 113)', async () => {
    const [writer, other] = instances as [{ db: Database; queue: JobQueue }, { db: Database; queue: JobQueue }];
    const heard: string[] = [];
    const subscription = await other.db.listen!(JOBS_CHANNEL, (event) => {
      if (event.kind === 'notify') heard.push(event.payload);
    });
    try {
      await expect.poll(async () => (await writer.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'"))[0]!.n, { timeout: 20_000 }).toBe(3);
      const announce = coalescedNotify(writer.db, 2_000);
      announce(QUEUES.mail);
      await expect.poll(() => heard, { timeout: 10_000 }).toEqual([QUEUES.mail]);
      // One after another, each once a statement came back: with no gap, each would go alone.
      for (const name of [QUEUES.text, QUEUES.mail, QUEUES.text, QUEUES.waitlist]) {
        announce(name);
        await writer.db.query('SELECT 1');
      }
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(2);
      expect(heard[1]!.split(',').sort()).toEqual([QUEUES.mail, QUEUES.text, QUEUES.waitlist].sort());
    } finally {
      await subscription.close();
    }
  }, 60_000);
});
