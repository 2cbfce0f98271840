import { sql } from 'kysely';
import type { Database } from '../db/database';
import { kysely } from '../db/kysely';

/**
 * The job queue: pg-boss on a PostgreSQL server, the embedded runner (local-queue.ts) on PGlite,
 * one interface. Work that must not hold up a request (mail) or that recurs (purges) goes here,
 * never into a setInterval: the queue retries it with backoff and, across several instances, runs
 * each job and each scheduled slot once.
 */
export interface JobQueue {
  /**
   * Writes a job in the caller's transaction (the transactional outbox): it exists exactly when the
   * change that causes it commits, and is done after the commit, off the request.
   */
  send(tx: Database, name: QueueName, data: object): Promise<void>;
  /**
   * What `send` would write, as a statement not yet run (its parameters numbered from $1): the
   * caller runs it inside a statement of its own transaction (a data-modifying CTE), then calls
   * `written(tx)`, so the job costs no round trip of its own (decision 113). The same row, the same
   * transactional outbox and the same wake-up after the commit as `send`.
   */
  jobStatement(name: QueueName, data: object): Promise<JobStatement>;
  /** Runs `handler` for each job of `name`; a throw retries the job later (backoff). */
  work(name: QueueName, handler: (data: unknown, job: JobIdentity) => Promise<void>): Promise<void>;
  /** Whether the job's row is still there, in any state (erasure deletes a person's mail jobs). */
  holds(name: QueueName, id: string): Promise<boolean>;
  /**
   * Erasure (decision 028): deletes, in the erasure's transaction, every mail job addressed to `to`
   * (case-insensitive) whatever its state, so no queued, done or archived payload keeps the person's
   * name, address, phone or note, and none still waiting is sent.
   */
  forgetMail(tx: Database, to: string): Promise<void>;
  /** A job of `name` at every slot of `cron` (UTC), once across instances. */
  schedule(name: QueueName, cron: string): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits (up to `timeoutMs`) for the running ones. */
  stop(timeoutMs?: number): Promise<void>;
  /** Jobs of `name` not done yet (waiting, waiting to retry, running). */
  pending(name: QueueName): Promise<number>;
}

/** A job's insert to run inside another statement (`JobQueue.jobStatement`). */
export interface JobStatement {
  text: string;
  values: unknown[];
  /** Call once the statement ran in `tx`: the job's workers are woken when `tx` commits. */
  written(tx: Database): void;
}

/** Which job a handler runs: the same id on every run of it (retries, a rerun after a crash). */
export interface JobIdentity {
  id: string;
}

export const QUEUES = {
  /** An outgoing mail (data: the Mail). */
  mail: 'mail-send',
  /** An outgoing text message (data: the Text; decision 094). */
  text: 'text-send',
  /** Cleaners' texts of their next day's first job, from 18:00 UK time (decision 094). */
  cleanerTexts: 'cleaner-first-job-texts',
  /** The periodic purge of expired rows. */
  purge: 'purge-expired',
  /** The reminder mails of jobs starting within 24 hours (reminders.ts). */
  reminders: 'booking-reminders',
  /** Recurring series kept 8 visits ahead (series.ts). */
  series: 'series-planning',
  /** A series' visits charged to its saved card before they are due (visit-charges.ts). */
  visitCharges: 'series-visit-charges',
  /** Waiting lists' holds ended and freed times offered (waitlist.ts, decision 056). */
  waitlist: 'waitlist-offers',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface RetryPolicy {
  retryLimit: number;
  /** Seconds before the first retry; doubled at each further one. */
  retryDelay: number;
}

/**
 * NOTIFYed with the names of the queues that have new jobs (comma-separated), so other instances'
 * idle workers wake at once rather than at their next poll. Sent after the commit, never in the
 * transaction that writes the job (decision 069): a NOTIFY in a transaction makes its COMMIT wait
 * for every other notifying COMMIT on the server, fsync included.
 */
export const JOBS_CHANNEL = 'jobs_created';

/**
 * Runs `announce` once the job written through `tx` is committed: at the transaction's commit, or
 * at once when `tx` is no transaction (the insert committed by itself).
 */
export function onceCommitted(tx: Database, announce: () => void): void {
  if (tx.afterCommit) tx.afterCommit(announce);
  else announce();
}

/**
 * The least time between two NOTIFYs of one instance (decision 113). Other instances' workers wake
 * at most this much later than at once (their poll is 2 s), and a busy instance sends about twenty
 * notifications a second instead of one per job: at 200 checkouts a second, 0.7 statements a
 * checkout, each delivered to every listening connection and waking workers that then fetch.
 */
export const NOTIFY_GAP_MS = 50;

/**
 * At most one NOTIFY on the database at a time and one per `gapMs`, carrying every queue named
 * meanwhile: a burst of a hundred checkouts costs a few notifications, each its own statement off
 * any request's transaction. A notification that fails is not retried: other instances then find
 * the job at their next poll.
 */
export function coalescedNotify(db: Database, gapMs: number = NOTIFY_GAP_MS): (name: QueueName) => void {
  const names = new Set<QueueName>();
  let sending: Promise<void> | null = null;
  const flush = async () => {
    while (names.size > 0) {
      const payload = [...names].join(',');
      names.clear();
      const sent = Date.now();
      await sql`SELECT pg_notify(${JOBS_CHANNEL}, ${payload})`.execute(kysely(db)).catch(() => {});
      // What is named during the gap waits for its end and goes in one notification.
      const rest = sent + gapMs - Date.now();
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest).unref());
    }
    sending = null;
  };
  return (name) => {
    names.add(name);
    sending ??= flush();
  };
}

/**
 * The least time between two wakes of one worker by this instance (decision 121). A wake ends
 * pg-boss's sleep by aborting it (an AbortError, its stack captured) and costs a fetch and then a
 * completion: woken at every commit, the mail worker fetched one job at a time at 100 checkouts a
 * second, two statements and an AbortError per checkout. A wake comes at once when the worker had
 * none in the last gap, else once at the gap's end, and that fetch takes what the gap gathered.
 */
export const WAKE_GAP_MS = 50;

/** Wakes by name, each name at most once per `gapMs` (leading and trailing edge). */
export function coalescedWake(wakeNow: (name: string) => void, gapMs: number = WAKE_GAP_MS): { wake(name: string): void; cancel(): void } {
  // Monotonic: a wall clock set back (NTP) must not hold a wake back by the jump.
  const last = new Map<string, number>();
  const due = new Map<string, NodeJS.Timeout>();
  const run = (name: string) => {
    due.delete(name);
    last.set(name, performance.now());
    wakeNow(name);
  };
  return {
    wake(name) {
      if (due.has(name)) return;
      const wait = (last.get(name) ?? -Infinity) + gapMs - performance.now();
      if (wait <= 0) run(name);
      else due.set(name, setTimeout(() => run(name), wait).unref());
    },
    cancel() {
      for (const timer of due.values()) clearTimeout(timer);
      due.clear();
    },
  };
}

/** The queues a JOBS_CHANNEL notification names; null when it names none (wake every worker). */
export function queuesNamed(payload: string): string[] | null {
  const names = payload.split(',').map((name) => name.trim()).filter(Boolean);
  return names.length > 0 ? names : null;
}
