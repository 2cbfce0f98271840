import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openPostgres } from '../../../server/db/postgres';
import { isDatabaseUnavailable } from '../../../server/lib/database-errors';

/**
 * An overloaded instance turns requests away rather than holding them all (decision 122): with its
 * one connection busy and DB_POOL_QUEUE requests already waiting for it, the next is refused at once
 * as "unavailable" (the error handler's 503 with Retry-After), while the waiting ones are served when
 * the connection frees. Before, every request waited up to DB_ACQUIRE_TIMEOUT, and an open loop past
 * capacity grew the server's memory by 160 MB (docs/benchmarks.md, "Young objects").
 */
describe.skipIf(!process.env.DATABASE_URL)('the pool’s waiting line is bounded (PostgreSQL)', () => {
  let db: Database;
  beforeAll(() => {
    db = openPostgres(process.env.DATABASE_URL!, { max: 1, queueMax: 2, acquireTimeoutMs: 60_000 });
  });
  afterAll(async () => db?.close());

  it('refuses one more than DB_POOL_QUEUE at once, and serves those that waited', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let holding!: () => void;
    const held = new Promise<void>((resolve) => { holding = resolve; });
    const busy = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      holding();
      await released;
    });
    await held;
    const waiting = [db.query<{ n: number }>('SELECT 1 AS n'), db.transaction((tx) => tx.query<{ n: number }>('SELECT 2 AS n'))];
    const refused = await Promise.allSettled([db.query('SELECT 3'), db.transaction((tx) => tx.query('SELECT 4'))]);
    for (const outcome of refused) {
      expect(outcome.status).toBe('rejected');
      expect(isDatabaseUnavailable((outcome as PromiseRejectedResult).reason)).toBe(true);
    }
    release();
    await busy;
    expect((await Promise.all(waiting)).map((rows) => rows[0]!.n)).toEqual([1, 2]);
    // The line empties: the pool serves as before.
    expect((await db.query<{ n: number }>('SELECT 5 AS n'))[0]!.n).toBe(5);
  });
});

/**
 * A pooled connection is kept while idle (DB_IDLE_TIMEOUT 0, decision 123). pg's pool closed one idle
 * for 10 s, so a burst after a quiet spell opened new connections, and a new server process's first
 * checkout (its caches cold) took up to 0.6 s: the open loop's slowest checkouts came in bursts
 * exactly when the pool opened connections. An hour of pool timers passes here on a fake clock.
 */
describe.skipIf(!process.env.DATABASE_URL)('the pool keeps its connections while idle (PostgreSQL)', () => {
  let db: Database;
  afterAll(async () => {
    vi.useRealTimers();
    await db?.close();
  });

  it('answers from the same server process after an idle hour', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    db = openPostgres(process.env.DATABASE_URL!, { max: 2 });
    const pid = async () => (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
    const first = await pid();
    vi.advanceTimersByTime(3_600_000);
    vi.useRealTimers();
    expect(await pid()).toBe(first);
  });
});
