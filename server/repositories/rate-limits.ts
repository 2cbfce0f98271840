import type { Database } from '../db/database';

/** Expired windows swept per statement. */
const SWEEP_BATCH = 500;

/** The `rate_limits` table: fixed-window counters every instance shares (services/rate-limiter.ts). */
export function rateLimitsRepository(db: Database) {
  return {
    /** Counts one hit under `key` in the window ending at `resetsAt` (a new one when the last ended by `at`); answers the window's hits. */
    async hit(key: string, at: Date, resetsAt: Date): Promise<number> {
      const [row] = await db.query<{ hits: number }>(
        `INSERT INTO rate_limits AS r (key, hits, resets_at) VALUES ($1, 1, $3::timestamptz)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.resets_at <= $2::timestamptz THEN 1 ELSE LEAST(r.hits + 1, 1000000000) END,
           resets_at = CASE WHEN r.resets_at <= $2::timestamptz THEN $3::timestamptz ELSE r.resets_at END
         RETURNING hits`,
        [key, at.toISOString(), resetsAt.toISOString()],
      );
      return Number(row!.hits);
    },

    /** Gives one hit back, while its window lasts. */
    async release(key: string, at: Date): Promise<void> {
      await db.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND resets_at > $2::timestamptz', [key, at.toISOString()]);
    },

    /** Deletes expired windows; the outer condition is re-checked on a row another instance just renewed. */
    async sweep(at: Date): Promise<void> {
      await db.query(
        `DELETE FROM rate_limits WHERE resets_at <= $1::timestamptz
           AND key IN (SELECT key FROM rate_limits WHERE resets_at <= $1::timestamptz LIMIT ${SWEEP_BATCH})`,
        [at.toISOString()],
      );
    },

    /** Keeps a mark (`hits` 1) under `key` until `until`. */
    async remember(key: string, until: Date): Promise<void> {
      await db.query(
        `INSERT INTO rate_limits (key, hits, resets_at) VALUES ($1, 1, $2::timestamptz)
         ON CONFLICT (key) DO UPDATE SET resets_at = GREATEST(rate_limits.resets_at, EXCLUDED.resets_at)`,
        [key, until.toISOString()],
      );
    },

    async remembers(key: string, at: Date): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM rate_limits WHERE key = $1 AND resets_at > $2::timestamptz', [key, at.toISOString()]);
      return rows.length > 0;
    },

    /** Forgets `key` and every key starting with `prefix`. */
    async clear(key: string, prefix: string): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE key = $1 OR starts_with(key, $2)', [key, prefix]);
    },
  };
}
