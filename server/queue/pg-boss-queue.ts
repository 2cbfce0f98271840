import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { CompiledQuery, sql } from 'kysely';
import type { Database, Subscription } from '../db/database';
import { kysely } from '../db/kysely';
import { underStartupLock } from '../db/migrate';
import { coalescedNotify, coalescedWake, onceCommitted, queuesNamed, QUEUES, JOBS_CHANNEL, type JobQueue, type QueueName, type RetryPolicy } from './queue';

export interface PgBossQueueOptions {
  retry: (name: QueueName) => RetryPolicy;
  onError?: (error: unknown, job: { name: string; id: string }) => void;
  /** How often an idle worker looks for jobs nobody announced (default 2 s; a NOTIFY wakes it sooner). */
  pollingIntervalSeconds?: number;
}

/**
 * pg-boss 10's worker ends each batch with `this.complete(...)` or `this.fail(...)` and does not
 * await either (src/manager.js, watch → onFetch). When the database goes away at that moment the
 * rejection is unhandled and Node ends the process: 2 of 6 outages took an instance down (issue 24,
 * row 3). The rejection is handled where it happens: a handler is attached to the very promise
 * (awaiting callers still get it) and the error reported as pg-boss's own 'error'. The job, left
 * active, expires and runs again: a mail keeps its Message-ID, so the copy is dropped (decision 028).
 */
export function handleUnawaitedSettlements(): void {
  const manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: Record<string | symbol, unknown> };
  const proto = manager.prototype;
  if (proto[HANDLED]) return;
  for (const method of ['complete', 'fail'] as const) {
    const original = proto[method];
    // An upgrade that renames them must be noticed, not silently unprotected.
    if (typeof original !== 'function') throw new Error(`pg-boss's Manager has no ${method}(): review handleUnawaitedSettlements`);
    const settle = function (this: { emit(event: string, error: unknown): void }, ...args: unknown[]) {
      const settled = (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      settled.catch((error: unknown) => this.emit('error', error));
      return settled;
    };
    // PgBoss offers the manager's functions by their names (boss[fn.name]): the wrapper keeps the name.
    Object.defineProperty(settle, 'name', { value: method });
    proto[method] = settle;
  }
  proto[HANDLED] = true;
}
const HANDLED = Symbol.for('sparkle.pg-boss.settlements-handled');

/**
 * Jobs a worker fetches at once (decision 118). One a fetch cost a fetch and a completion per job:
 * under checkout load the mail queue's fetch was the database's fourth costliest statement. A fetch
 * takes what is waiting, up to this many; the jobs run one after another, each failing alone.
 */
const FETCH_BATCH = 10;

/** pg-boss's own fetch order: priority first, then the oldest, then by id. */
function inQueueOrder(a: PgBoss.JobWithMetadata<unknown>, b: PgBoss.JobWithMetadata<unknown>): number {
  return b.priority - a.priority || a.createdOn.getTime() - b.createdOn.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The seam pg-boss speaks through: our pool (one pool per instance, its size and timeouts). */
export type ExecuteSql = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * pg-boss 10 (Node 20) on the PostgreSQL server: its schema `pgboss` is created by the first
 * instance (under pg-boss's own advisory lock), jobs are fetched with SKIP LOCKED so each runs
 * once across instances, and a scheduled slot is sent once. Jobs are written through the change's
 * own transaction (`send`'s `db` option): the transactional outbox.
 */
export function createPgBossQueue(db: Database, executeSql: ExecuteSql, options: PgBossQueueOptions): JobQueue {
  handleUnawaitedSettlements();
  const boss = new PgBoss({
    db: { executeSql: executeSql as PgBoss.Db['executeSql'] },
    schema: 'pgboss',
    // A job cut off by a crash is active until it expires; then it is retried.
    expireInSeconds: 120,
    maintenanceIntervalSeconds: 60,
    cronMonitorIntervalSeconds: 30,
    // Completed jobs are kept a week, then archived and dropped by pg-boss itself.
    retentionDays: 7,
  });
  boss.on('error', (error) => options.onError?.(error, { name: 'pg-boss', id: '' }));
  const workers = new Map<string, string>();
  let subscription: Subscription | null = null;
  const notifyOthers = coalescedNotify(db);
  const wakeWorker = coalescedWake((name) => {
    const id = workers.get(name);
    if (id) boss.notifyWorker(id);
  });
  /** Wakes this instance's worker of each queue named (every worker when none is), once a gap. */
  const wake = (names: string[] | null) => {
    for (const name of workers.keys()) if (!names || names.includes(name)) wakeWorker.wake(name);
  };

  /** Once committed, this instance's worker wakes at once and the others by one coalesced NOTIFY. */
  const announce = (tx: Database, name: QueueName) => onceCommitted(tx, () => {
    wake([name]);
    notifyOthers(name);
  });

  return {
    async send(tx, name, data) {
      const inTransaction = {
        // pg-boss's own statement, as it wrote it, through the transaction's handle.
        executeSql: (text: string, values: unknown[]) => kysely(tx).executeQuery(CompiledQuery.raw(text, values)),
      };
      await boss.send(name, data, { ...options.retry(name), retryBackoff: true, db: inTransaction });
      announce(tx, name);
    },
    async jobStatement(name, data) {
      // pg-boss's own insert, as it wrote it, kept rather than run (one statement: createJob).
      let statement: { text: string; values: unknown[] } | null = null;
      const capture = {
        executeSql: async (text: string, values: unknown[]) => {
          statement = { text, values };
          return { rows: [] };
        },
      };
      await boss.send(name, data, { ...options.retry(name), retryBackoff: true, db: capture });
      const kept = statement as { text: string; values: unknown[] } | null;
      if (!kept) throw new Error(`pg-boss wrote no statement for a job of ${name}: review jobStatement`);
      return { ...kept, written: (tx: Database) => announce(tx, name) };
    },
    async work(name, handler) {
      let id = '';
      const batch = { batchSize: FETCH_BATCH, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true as const };
      id = await boss.work(name, batch, async (jobs) => {
        // pg-boss 10 waits its polling interval after every fetch, even one that found a job, so a
        // backlog drained at one job per interval (closing a booked day queued mails for minutes).
        // A full fetch asks for the next at once: more may be waiting. One that took fewer took all
        // there was; a job written since wakes the worker at its commit (at most a wake gap later),
        // so under a stream of checkouts a fetch takes what a gap gathered rather than the one or
        // two written while the last batch was sent (decision 133).
        if (jobs.length === FETCH_BATCH) boss.notifyWorker(id);
        // The fetch chose its jobs in order, but its UPDATE … RETURNING hands them back in any order:
        // a customer got "please choose a new time" before the booking's confirmation. Run in order.
        for (const job of [...jobs].sort(inQueueOrder)) {
          try {
            await handler(job.data, { id: job.id });
          } catch (error) {
            options.onError?.(error, { name, id: job.id });
            // This job alone fails (and retries by its policy); pg-boss then completes the batch's
            // others, the active ones only, so this one stays failed.
            await boss.fail(name, job.id, error as object);
          }
        }
      });
      workers.set(name, id);
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async start() {
      // pg-boss creates its schema before taking its own lock: two instances starting together on
      // an empty database collide there (pg_namespace unique violation). Created under ours first.
      await underStartupLock(db, (tx) => kysely(tx).schema.createSchema('pgboss').ifNotExists().execute());
      // Creating the queues (a row and a partition each) from two instances at once deadlocked in
      // the cluster test (40P01): they are created while this instance holds the start-up lock.
      // The lock's transaction holds one pooled connection; pg-boss works on others meanwhile.
      await underStartupLock(db, async () => {
        await boss.start();
        for (const name of Object.values(QUEUES)) {
          const { retryLimit, retryDelay } = options.retry(name);
          await boss.createQueue(name, { name, retryLimit, retryDelay, retryBackoff: true });
        }
      });
      // A job written on any instance wakes this one's workers at commit, instead of at their next poll.
      if (db.listen) {
        subscription = await db.listen(JOBS_CHANNEL, (event) => {
          if (event.kind === 'notify') wake(queuesNamed(event.payload));
        });
      }
    },
    async stop(timeoutMs = 10_000) {
      await subscription?.close();
      wakeWorker.cancel();
      // close: false, the pool is ours and closes after.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
    async holds(name, id) {
      // pg-boss's tables are not in our schema (server/db/schema.d.ts): only whether a row is there.
      const { rows } = await sql`SELECT 1 FROM pgboss.job WHERE name = ${name} AND id = ${id}`.execute(kysely(db));
      return rows.length > 0;
    },
    async forgetMail(tx, to) {
      // Waiting, active, done or failed (pgboss.job), and what maintenance archived since.
      for (const table of ['pgboss.job', 'pgboss.archive']) {
        await sql`DELETE FROM ${sql.table(table)} WHERE name = ${QUEUES.mail} AND lower(data->>'to') = lower(${to})`.execute(kysely(tx));
      }
    },
    async pending(name) {
      return boss.getQueueSize(name, { before: 'completed' });
    },
  };
}
