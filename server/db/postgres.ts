import pg from 'pg';
import { runAfterCommit, type Database, type ListenEvent, type Subscription } from './database';
import { INT8_OID, NUMERIC_OID, parseNumber } from './type-parsers';

const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === NUMERIC_OID || oid === INT8_OID ? parseNumber : pg.types.getTypeParser(oid, format ?? 'text'),
};

export interface PostgresOptions {
  /**
   * Where the connections that need a session go (DATABASE_SESSION_URL, default the pool's): the
   * LISTEN of each channel. Everything else runs in single statements or BEGIN…COMMIT, so a
   * transaction pooler in front (PgBouncer, pool_mode = transaction) serves it (decision 089).
   */
  sessionUrl?: string;
  /** A replica's pool (DATABASE_READ_URL): its transactions begin READ ONLY. */
  readOnly?: boolean;
  /** Connections in the pool (DB_POOL_MAX, default 10). */
  max?: number;
  /** How long a request waits for a free connection before answering 503 (DB_ACQUIRE_TIMEOUT, ms). */
  acquireTimeoutMs?: number;
  /** How many may wait for a free connection; one more is refused at once, answered 503 (DB_POOL_QUEUE). */
  queueMax?: number;
  /** How long an idle connection is kept before it is closed (DB_IDLE_TIMEOUT, ms; 0 = kept). */
  idleTimeoutMs?: number;
  /** The server cancels a statement running longer (DB_STATEMENT_TIMEOUT, ms; 0 = none). */
  statementTimeoutMs?: number;
}

/** Runs of one transaction when PostgreSQL picks it as a deadlock or serialization victim. */
export const TRANSACTION_ATTEMPTS = 5;

/** 40P01 deadlock_detected, 40001 serialization_failure: running the transaction again can succeed. */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

export const POOL_DEFAULTS = { max: 10, acquireTimeoutMs: 5_000, queueMax: 500, idleTimeoutMs: 0, statementTimeoutMs: 15_000 } as const;

/** The pool's waiting line is full (DB_POOL_QUEUE): database-errors.ts knows the code (the layers keep lib from importing db), so it answers 503 with Retry-After, as an outage does. */
const POOL_QUEUE_FULL = 'EPOOLQUEUEFULL';

/**
 * Refused before it waits: an instance past its capacity answers at once rather than holding every
 * request (its socket, body and promises) until DB_ACQUIRE_TIMEOUT, which let memory grow without a
 * bound under overload (docs/benchmarks.md, "Young objects"; decision 122).
 */
function refuseWhenQueueFull(pool: pg.Pool, queueMax: number): void {
  if (pool.waitingCount >= queueMax) {
    throw Object.assign(new Error(`${pool.waitingCount} requests are already waiting for a database connection`), { code: POOL_QUEUE_FULL });
  }
}

/** A PostgreSQL server through a pg Pool; a transaction holds one pooled client from BEGIN to COMMIT. */
export function openPostgres(connectionString: string, options: PostgresOptions = {}): Database {
  const statementTimeout = options.statementTimeoutMs ?? POOL_DEFAULTS.statementTimeoutMs;
  const queueMax = options.queueMax ?? POOL_DEFAULTS.queueMax;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? POOL_DEFAULTS.max,
    // Without these, a locked table or an exhausted pool stalls every request, sign-in included.
    connectionTimeoutMillis: options.acquireTimeoutMs ?? POOL_DEFAULTS.acquireTimeoutMs,
    // Kept open while idle (0, the default): a connection made in a rush starts with cold caches,
    // and a checkout's first statements on it took up to 0.6 s (decision 123).
    idleTimeoutMillis: options.idleTimeoutMs ?? POOL_DEFAULTS.idleTimeoutMs,
    // Idle connections do not keep a process alive: a script that forgets close() still exits.
    allowExitOnIdle: true,
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
    types,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  async function runTransaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    refuseWhenQueueFull(pool, queueMax);
    const client = await pool.connect();
    // A checked-out client losing its connection (the server restarting) emits 'error' on itself,
    // not on the pool: unheard, it would crash the process. The failing query reports it instead.
    let broken = false;
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    const committed: Array<() => void> = [];
    try {
      await client.query(options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
      const value = await fn(clientDatabase(client, committed));
      await client.query('COMMIT');
      runAfterCommit(committed);
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }
  const listeners = new Set<Subscription>();
  let closed = false;
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      refuseWhenQueueFull(pool, queueMax);
      const result = await pool.query(sql, params);
      return lastRows<T>(result);
    },
    async transaction(fn) {
      // A deadlock or serialization failure is PostgreSQL choosing a victim, not a bug: the whole
      // transaction runs again (the other one has finished or moved on), so the client never sees it.
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await runTransaction(fn);
        } catch (error) {
          if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
        }
      }
    },
    async executeSql(text, values) {
      refuseWhenQueueFull(pool, queueMax);
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: lastRows(result) };
    },
    async listen(channel, onEvent) {
      const subscription = listenOn(options.sessionUrl || connectionString, channel, onEvent);
      listeners.add(subscription);
      return {
        async close() {
          listeners.delete(subscription);
          await subscription.close();
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((listener) => listener.close()));
      await pool.end();
    },
  };
}

/**
 * One dedicated connection per channel (LISTEN cannot share a pooled client). When it drops, the
 * listener hears 'lost' (it may have missed notifications) and it reconnects with a growing delay
 * (0.5 s to 10 s) until closed, then hears 'ready'.
 */
function listenOn(connectionString: string, channel: string, onEvent: (event: ListenEvent) => void): Subscription {
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 500;
  let timer: NodeJS.Timeout | null = null;
  const identifier = `"${channel.replace(/"/g, '""')}"`;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      next.removeAllListeners('notification');
      void next.end().catch(() => {});
      if (client === next) client = null;
      if (closed) return;
      onEvent({ kind: 'lost' });
      timer = setTimeout(() => void connect(), delay);
      timer.unref();
      delay = Math.min(delay * 2, 10_000);
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', (message) => onEvent({ kind: 'notify', payload: message.payload ?? '' }));
    try {
      await next.connect();
      await next.query(`LISTEN ${identifier}`);
      if (closed) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      delay = 500;
      onEvent({ kind: 'ready' });
    } catch {
      drop();
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

function clientDatabase(client: pg.PoolClient, committed: Array<() => void>): Database {
  const db: Database = {
    async query<T>(sql: string, params: unknown[] = []) {
      return lastRows<T>(await client.query(sql, params));
    },
    // Already inside one: nested calls join it.
    transaction: (fn) => fn(db),
    afterCommit: (fn) => committed.push(fn),
    close: async () => {},
  };
  return db;
}

/** A multi-statement text (a migration) answers an array of results; the last one is the answer. */
function lastRows<T>(result: pg.QueryResult | pg.QueryResult[]): T[] {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return (last?.rows ?? []) as T[];
}
