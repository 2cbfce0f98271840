import cronParser from 'cron-parser';
import type { Database, Subscription } from '../db/database';
import { JOBS_CHANNEL, onceCommitted, QUEUES, type JobIdentity, type JobQueue, type QueueName, type RetryPolicy } from './queue';

interface JobRow {
  id: number;
  name: QueueName;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  retry_delay: number;
}

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
  const handlers = new Map<QueueName, (data: unknown, job: JobIdentity) => Promise<void>>();
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
    const [next] = await db.query<{ wait_ms: number | null }>(
      `SELECT (EXTRACT(EPOCH FROM (min(at) - now())) * 1000)::float8 AS wait_ms FROM (
         SELECT min(start_after) AS at FROM local_jobs WHERE state IN ('created', 'retry') AND name = ANY($1)
         UNION ALL SELECT min(next_run) FROM local_schedules
       ) due`,
      [[...handlers.keys()]],
    );
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
    const [job] = await db.query<JobRow>(
      `UPDATE local_jobs SET state = 'active' WHERE id = (
         SELECT id FROM local_jobs WHERE state IN ('created', 'retry') AND start_after <= now() AND name = ANY($1)
         ORDER BY start_after, id LIMIT 1 FOR UPDATE SKIP LOCKED
       ) RETURNING id, name, data, retry_count, retry_limit, retry_delay`,
      [[...handlers.keys()]],
    );
    return job ?? null;
  }

  async function runJob(job: JobRow): Promise<void> {
    try {
      await handlers.get(job.name)!(job.data, { id: String(job.id) });
      await db.query("UPDATE local_jobs SET state = 'completed', completed_on = now() WHERE id = $1", [job.id]);
    } catch (error) {
      options.onError?.(error, { name: job.name, id: job.id });
      const message = error instanceof Error ? error.message : String(error);
      await db.query(
        `UPDATE local_jobs SET
           state = CASE WHEN retry_count >= retry_limit THEN 'failed' ELSE 'retry' END,
           completed_on = CASE WHEN retry_count >= retry_limit THEN now() END,
           start_after = now() + make_interval(secs => retry_delay * power(2, retry_count)),
           retry_count = LEAST(retry_count + 1, retry_limit),
           output = jsonb_build_object('message', $2::text)
         WHERE id = $1`,
        [job.id, message],
      );
    }
  }

  async function enqueueDueSchedules(): Promise<void> {
    await db.transaction(async (tx) => {
      const due = await tx.query<{ name: QueueName; cron: string }>('SELECT name, cron FROM local_schedules WHERE next_run <= now() FOR UPDATE');
      for (const { name, cron } of due) {
        await tx.query('INSERT INTO local_jobs (name, retry_limit, retry_delay) VALUES ($1, $2, $3)', [name, options.retry(name).retryLimit, options.retry(name).retryDelay]);
        await tx.query('UPDATE local_schedules SET next_run = $2 WHERE name = $1', [name, nextRun(cron)]);
      }
    });
  }

  let current: Promise<void> = Promise.resolve();
  return {
    async send(tx, name, data) {
      const { retryLimit, retryDelay } = options.retry(name);
      await tx.query('INSERT INTO local_jobs (name, data, retry_limit, retry_delay) VALUES ($1, $2, $3, $4)', [name, JSON.stringify(data), retryLimit, retryDelay]);
      // One process owns a PGlite folder: the runner is woken here, once the job is committed, with
      // no NOTIFY (a statement more in the caller's transaction: decision 069).
      onceCommitted(tx, wake);
    },
    async work(name, handler) {
      handlers.set(name, handler);
      wake();
    },
    async schedule(name, cron) {
      await db.query(
        `INSERT INTO local_schedules (name, cron, next_run) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET cron = EXCLUDED.cron,
           next_run = CASE WHEN local_schedules.cron = EXCLUDED.cron THEN local_schedules.next_run ELSE EXCLUDED.next_run END`,
        [name, cron, nextRun(cron)],
      );
    },
    async start() {
      // A single process owns a PGlite folder: whatever is marked active was cut off by a crash.
      await db.query("UPDATE local_jobs SET state = 'retry' WHERE state = 'active'");
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
      const rows = await db.query('SELECT 1 FROM local_jobs WHERE id = $1 AND name = $2', [Number(id), name]);
      return rows.length > 0;
    },
    async forgetMail(tx, to) {
      await tx.query("DELETE FROM local_jobs WHERE name = $1 AND lower(data->>'to') = lower($2)", [QUEUES.mail, to]);
    },
    async pending(name) {
      const [row] = await db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM local_jobs WHERE name = $1 AND state IN ('created', 'retry', 'active')",
        [name],
      );
      return row?.count ?? 0;
    },
  };
}

function nextRun(cron: string): Date {
  return cronParser.parseExpression(cron, { utc: true }).next().toDate();
}
