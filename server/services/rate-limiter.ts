import type { Database } from '../db/database';
import type { Limit } from '../rate-limits';
import { HttpError } from '../lib/http-error';
import { rateLimitsRepository } from '../repositories/rate-limits';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again in a few minutes';

export interface Reservation {
  /** Gives the attempts back (a right password, a valid token): they do not count. */
  release(): Promise<void>;
}

/** Expired rows are swept every so many reservations, a few hundred at a time (repositories/rate-limits.ts). */
const SWEEP_EVERY = 200;
let reservations = 0;

/**
 * Fixed-window counters in the `rate_limits` table, so every instance shares them and a restart
 * forgets nothing. An attempt is counted BEFORE the work it limits (reserve), in one atomic upsert:
 * of N simultaneous attempts, at most `limit` get through, whatever the instance. Memory: none in
 * the process; the table holds the keys of current windows only (expired ones are swept).
 * Times come from the app's clock (tests move it), stored as instants.
 */
export function createRateLimiter(db: Database, now: () => Date) {
  const counters = rateLimitsRepository(db);
  /** Counts one hit; answers the hits of the current window, this one included. */
  async function hit(key: string, windowMs: number): Promise<number> {
    const at = now();
    const hits = await counters.hit(key, at, new Date(at.getTime() + windowMs));
    if (++reservations % SWEEP_EVERY === 0) await counters.sweep(at);
    return hits;
  }

  async function release(key: string): Promise<void> {
    await counters.release(key, now());
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
      await counters.remember(key, new Date(now().getTime() + ttlMs));
    },

    async remembers(key: string): Promise<boolean> {
      return counters.remembers(key, now());
    },

    /** Forgets `key` and every key starting with `prefix` (a password reset lifts an account's pauses). */
    async clear(key: string, prefix: string): Promise<void> {
      await counters.clear(key, prefix);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
