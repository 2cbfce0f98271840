import { sql } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';

/** Expired windows swept per statement. */
const SWEEP_BATCH = 500;

/** A moment sent as its ISO text and cast in SQL (`$1::timestamptz`), as these statements always did. */
const instant = (at: Date) => sql<Date>`${at.toISOString()}::timestamptz`;

/**
 * The `rate_limits` table: fixed-window counters every instance shares (services/rate-limiter.ts).
 * Each change is one statement (an upsert, an UPDATE with its condition), so concurrent requests on
 * any instance count every hit.
 */
export function rateLimitsRepository(db: Database) {
  const k = kysely(db);
  return {
    /** Counts one hit under `key` in the window ending at `resetsAt` (a new one when the last ended by `at`); answers the window's hits. */
    async hit(key: string, at: Date, resetsAt: Date): Promise<number> {
      const row = await k
        .insertInto('rate_limits')
        .values({ key, hits: sql.lit(1), resets_at: instant(resetsAt) })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const ended = eb('rate_limits.resets_at', '<=', instant(at));
            return {
              hits: eb.case().when(ended).then(sql.lit(1)).else(eb.fn<number>('least', [eb('rate_limits.hits', '+', sql.lit(1)), sql.lit(1000000000)])).end(),
              resets_at: eb.case().when(ended).then(instant(resetsAt)).else(eb.ref('rate_limits.resets_at')).end(),
            };
          }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return row.hits;
    },

    /** Gives one hit back, while its window lasts. */
    async release(key: string, at: Date): Promise<void> {
      await k
        .updateTable('rate_limits')
        .set((eb) => ({ hits: eb('hits', '-', sql.lit(1)) }))
        .where('key', '=', key)
        .where('hits', '>', sql.lit(0))
        .where('resets_at', '>', instant(at))
        .execute();
    },

    /** Deletes expired windows; the outer condition is re-checked on a row another instance just renewed. */
    async sweep(at: Date): Promise<void> {
      await k
        .deleteFrom('rate_limits')
        .where('resets_at', '<=', instant(at))
        .where('key', 'in', (eb) => eb.selectFrom('rate_limits').select('key').where('resets_at', '<=', instant(at)).limit(sql.lit(SWEEP_BATCH)))
        .execute();
    },

    /** Keeps a mark (`hits` 1) under `key` until `until`. */
    async remember(key: string, until: Date): Promise<void> {
      await k
        .insertInto('rate_limits')
        .values({ key, hits: sql.lit(1), resets_at: instant(until) })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({ resets_at: eb.fn<Date>('greatest', [eb.ref('rate_limits.resets_at'), eb.ref('excluded.resets_at')]) })),
        )
        .execute();
    },

    async remembers(key: string, at: Date): Promise<boolean> {
      const rows = await k.selectFrom('rate_limits').select(sql<number>`1`.as('one')).where('key', '=', key).where('resets_at', '>', instant(at)).execute();
      return rows.length > 0;
    },

    /** Forgets `key` and every key starting with `prefix`. */
    async clear(key: string, prefix: string): Promise<void> {
      await k
        .deleteFrom('rate_limits')
        .where((eb) => eb.or([eb('key', '=', key), eb.fn<boolean>('starts_with', ['key', eb.val(prefix)])]))
        .execute();
    },
  };
}
