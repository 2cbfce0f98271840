import cronParser from 'cron-parser';
import { sql, type Selectable } from 'kysely';
import type { Database, Subscription } from '../db/database';
import { jsonb, kysely } from '../db/kysely';
import type { Json, LocalJobs } from '../db/schema';
import { JOBS_CHANNEL, onceCommitted, QUEUES, type JobIdentity, type JobQueue, type QueueName, type RetryPolicy } from './queue';

type JobRow = Pick<Selectable<LocalJobs>, 'id' | 'name' | 'data' | 'retry_count' | 'retry_limit' | 'retry_delay'>;

/** A job waiting to run or to run again: the predicate of local_jobs_due_idx (migration 007), as written there. */
const WAITING = sql<boolean>`state IN ('created', 'retry')`;
const now = () => sql<Date>`now()`;

export interface LocalQueueOptions {
  retry: (name: QueueName) => RetryPolicy;
  onError?: (error: unknown, job: { name: string; id: number }) => void;
  /** The longest a worker sleeps without a notification (a job due to retry wakes it by its own timer). */
  pollMs?: number;
}

/**
 * The embedded job runner for PGlite, with pg-boss's behaviour: jobs are rows (`local_jobs`,
 * migration 007) written in the change's transaction, claimed one at a time, retried with
 * exponential backoff, kept as completed or failed. PGlite is one process (its lock file), so one
 * runner owns the queue; jobs left active by a crash are taken up again at start.
 */
export function createLocalQueue(db: Database, options: LocalQueueOptions): JobQueue {
  // Keyed by a job's name as the table holds it (any text): a name no handler serves is never claimed.
  const handlers = new Map<string, (data: unknown, job: JobIdentity) => Promise<void>>();
  const k = kysely(db);
  const pollMs = options.pollMs ?? 5_000;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> | null = null;
  let again = false;
  let subscription: Subscription | null = null;

  const wake = () => {
    if (!running) return;
    if (loop) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    loop = drain().finally(() => {
      loop = null;
      if (again) {
        again = false;
        wake();
      }
    });
  };

  const sleepUntilNext = async () => {
    if (!running) return;
    const next = await k
      .selectFrom(
        k.selectFrom('local_jobs')
          .select((eb) => eb.fn.min('start_after').as('at'))
          .where(WAITING)
          .where((eb) => eb('name', '=', eb.fn.any(eb.val([...handlers.keys()]))))
          .unionAll(k.selectFrom('local_schedules').select((eb) => eb.fn.min('next_run').as('at')))
          .as('due'),
      )
      .select(sql<number | null>`(EXTRACT(EPOCH FROM (min(at) - now())) * 1000)::float8`.as('wait_ms'))
      .executeTakeFirst();
    const due = next?.wait_ms ?? null;
    const wait = due === null ? pollMs : Math.min(pollMs, Math.max(0, Math.ceil(due)) + 5);
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, wait);
    timer.unref();
  };

  async function drain(): Promise<void> {
    try {
      await enqueueDueSchedules();
      while (running) {
        const job = await claim();
        if (!job) break;
        await runJob(job);
      }
      await sleepUntilNext();
    } catch (error) {
      // The database is away (503s meanwhile): try again at the next poll.
      options.onError?.(error, { name: 'local-queue', id: 0 });
      if (running) {
        timer = setTimeout(wake, pollMs);
        timer.unref();
      }
    }
  }

  async function claim(): Promise<JobRow | null> {
    const job = await k
      .updateTable('local_jobs')
      .set({ state: sql.lit('active') })
      .where('id', '=', (outer) =>
        outer.selectFrom('local_jobs')
          .select('id')
          .where(WAITING)
          .where('start_after', '<=', now())
          .where((eb) => eb('name', '=', eb.fn.any(eb.val([...handlers.keys()]))))
          .orderBy('start_after')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'name', 'data', 'retry_count', 'retry_limit', 'retry_delay'])
      .executeTakeFirst();
    return job ?? null;
  }

  async function runJob(job: JobRow): Promise<void> {
    try {
      await handlers.get(job.name)!(job.data, { id: String(job.id) });
      await k.updateTable('local_jobs').set({ state: sql.lit('completed'), completed_on: now() }).where('id', '=', job.id).execute();
    } catch (error) {
      options.onError?.(error, { name: job.name, id: job.id });
      const message = error instanceof Error ? error.message : String(error);
      await k
        .updateTable('local_jobs')
        .set({
          state: sql<string>`CASE WHEN retry_count >= retry_limit THEN 'failed' ELSE 'retry' END`,
          completed_on: sql<Date | null>`CASE WHEN retry_count >= retry_limit THEN now() END`,
          start_after: sql<Date>`now() + make_interval(secs => retry_delay * power(2, retry_count))`,
          retry_count: sql<number>`LEAST(retry_count + 1, retry_limit)`,
          output: sql<Json>`jsonb_build_object('message', ${message}::text)`,
        })
        .where('id', '=', job.id)
        .execute();
    }
  }

  async function enqueueDueSchedules(): Promise<void> {
    await db.transaction(async (tx) => {
      const t = kysely(tx);
      const due = await t.selectFrom('local_schedules').select(['name', 'cron']).where('next_run', '<=', now()).forUpdate().execute();
      for (const { name, cron } of due) {
        // Written by schedule(), which takes a QueueName; the column itself is any text.
        const { retryLimit, retryDelay } = options.retry(name as QueueName);
        await t.insertInto('local_jobs').values({ name, retry_limit: retryLimit, retry_delay: retryDelay }).execute();
        await t.updateTable('local_schedules').set({ next_run: nextRun(cron) }).where('name', '=', name).execute();
      }
    });
  }

  let current: Promise<void> = Promise.resolve();
  return {
    async send(tx, name, data) {
      const { retryLimit, retryDelay } = options.retry(name);
      await kysely(tx).insertInto('local_jobs').values({ name, data: jsonb(data), retry_limit: retryLimit, retry_delay: retryDelay }).execute();
      // One process owns a PGlite folder: the runner is woken here, once the job is committed, with
      // no NOTIFY (a statement more in the caller's transaction: decision 069).
      onceCommitted(tx, wake);
    },
    async jobStatement(name, data) {
      const { retryLimit, retryDelay } = options.retry(name);
      const compiled = k.insertInto('local_jobs').values({ name, data: jsonb(data), retry_limit: retryLimit, retry_delay: retryDelay }).compile();
      return { text: compiled.sql, values: [...compiled.parameters], written: (tx: Database) => onceCommitted(tx, wake) };
    },
    async work(name, handler) {
      handlers.set(name, handler);
      wake();
    },
    async schedule(name, cron) {
      await k
        .insertInto('local_schedules')
        .values({ name, cron, next_run: nextRun(cron) })
        .onConflict((oc) =>
          oc.column('name').doUpdateSet((eb) => ({
            cron: eb.ref('excluded.cron'),
            // The same cron keeps its next slot; a new one starts from its own.
            next_run: eb.case().when('local_schedules.cron', '=', eb.ref('excluded.cron')).then(eb.ref('local_schedules.next_run')).else(eb.ref('excluded.next_run')).end(),
          })),
        )
        .execute();
    },
    async start() {
      // A single process owns a PGlite folder: whatever is marked active was cut off by a crash.
      await k.updateTable('local_jobs').set({ state: sql.lit('retry') }).where('state', '=', sql.lit('active')).execute();
      running = true;
      if (db.listen) subscription = await db.listen(JOBS_CHANNEL, (event) => event.kind === 'notify' && wake());
      wake();
    },
    async stop(timeoutMs = 10_000) {
      running = false;
      if (timer) clearTimeout(timer);
      await subscription?.close();
      current = loop ?? Promise.resolve();
      await Promise.race([current, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },
    async holds(name, id) {
      const rows = await k.selectFrom('local_jobs').select('id').where('id', '=', Number(id)).where('name', '=', name).execute();
      return rows.length > 0;
    },
    async forgetMail(tx, to) {
      await kysely(tx).deleteFrom('local_jobs').where('name', '=', QUEUES.mail).where(sql<string>`lower(data->>'to')`, '=', sql<string>`lower(${to})`).execute();
    },
    async pending(name) {
      const row = await k
        .selectFrom('local_jobs')
        .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
        .where('name', '=', name)
        .where(sql<boolean>`state IN ('created', 'retry', 'active')`)
        .executeTakeFirst();
      return row?.count ?? 0;
    },
  };
}

function nextRun(cron: string): Date {
  return cronParser.parseExpression(cron, { utc: true }).next().toDate();
}
