import type { Database } from '../db/database';
import type { Limit } from '../rate-limits';
import { HttpError } from '../lib/http-error';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again in a few minutes';

export interface Reservation {
  /** Gives the attempts back (a right password, a valid token): they do not count. */
  release(): Promise<void>;
}

/** Expired rows are swept every so many reservations, a few hundred at a time. */
const SWEEP_EVERY = 200;
const SWEEP_BATCH = 500;
let reservations = 0;

/**
 * Fixed-window counters in the `rate_limits` table, so every instance shares them and a restart
 * forgets nothing. An attempt is counted BEFORE the work it limits (reserve), in one atomic upsert:
 * of N simultaneous attempts, at most `limit` get through, whatever the instance. Memory: none in
 * the process; the table holds the keys of current windows only (expired ones are swept).
 * Times come from the app's clock (tests move it), stored as instants.
 */
export function createRateLimiter(db: Database, now: () => Date) {
  /** Counts one hit; answers the hits of the current window, this one included. */
  async function hit(key: string, windowMs: number): Promise<number> {
    const at = now();
    const [row] = await db.query<{ hits: number }>(
      `INSERT INTO rate_limits AS r (key, hits, resets_at) VALUES ($1, 1, $3::timestamptz)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.resets_at <= $2::timestamptz THEN 1 ELSE LEAST(r.hits + 1, 1000000000) END,
         resets_at = CASE WHEN r.resets_at <= $2::timestamptz THEN $3::timestamptz ELSE r.resets_at END
       RETURNING hits`,
      [key, at.toISOString(), new Date(at.getTime() + windowMs).toISOString()],
    );
    if (++reservations % SWEEP_EVERY === 0) await sweep(at);
    return Number(row!.hits);
  }

  async function release(key: string): Promise<void> {
    await db.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND resets_at > $2::timestamptz', [key, now().toISOString()]);
  }

  /** Deletes expired windows; the outer condition is re-checked on a row another instance just renewed. */
  async function sweep(at: Date): Promise<void> {
    await db.query(
      `DELETE FROM rate_limits WHERE resets_at <= $1::timestamptz
         AND key IN (SELECT key FROM rate_limits WHERE resets_at <= $1::timestamptz LIMIT ${SWEEP_BATCH})`,
      [at.toISOString()],
    );
  }

  return {
    /**
     * Reserves one attempt under every key, in order; when one is over its limit, gives back the
     * ones already taken and throws 429 `{ message }`. The caller releases the reservation when the
     * attempt turns out not to count.
     */
    async reserve(...limits: Array<{ key: string } & Limit>): Promise<Reservation> {
      const taken: string[] = [];
      for (const { key, limit, windowMs } of limits) {
        const hits = await hit(key, windowMs);
        if (hits > limit) {
          // The refused hit stays counted: the window is already full, and its end does not move.
          await Promise.all(taken.map(release));
          throw new HttpError(429, TOO_MANY_ATTEMPTS);
        }
        taken.push(key);
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await Promise.all(taken.map(release));
        },
      };
    },

    /** Keeps a mark (`hits` 1) under `key` for `ttlMs`: e.g. a network an account signed in from. */
    async remember(key: string, ttlMs: number): Promise<void> {
      await db.query(
        `INSERT INTO rate_limits (key, hits, resets_at) VALUES ($1, 1, $2::timestamptz)
         ON CONFLICT (key) DO UPDATE SET resets_at = GREATEST(rate_limits.resets_at, EXCLUDED.resets_at)`,
        [key, new Date(now().getTime() + ttlMs).toISOString()],
      );
    },

    async remembers(key: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM rate_limits WHERE key = $1 AND resets_at > $2::timestamptz', [key, now().toISOString()]);
      return rows.length > 0;
    },

    /** Forgets `key` and every key starting with `prefix` (a password reset lifts an account's pauses). */
    async clear(key: string, prefix: string): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE key = $1 OR starts_with(key, $2)', [key, prefix]);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
