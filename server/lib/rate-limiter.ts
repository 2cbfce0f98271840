import { HttpError } from './http-error';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again in a few minutes';

/**
 * A fixed-window counter in memory, per key (e.g. an email): enough to slow password guessing and
 * mail bombing on one instance. Several instances would share one in the database or a cache.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now: () => Date }) {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string) => {
    const now = options.now().getTime();
    const window = windows.get(key);
    if (!window || now - window.start >= options.windowMs) {
      if (windows.size > 10_000) windows.clear();
      const fresh = { start: now, count: 0 };
      windows.set(key, fresh);
      return fresh;
    }
    return window;
  };
  return {
    /** Throws 429 once `limit` attempts were counted in the current window. */
    check(key: string): void {
      if (current(key).count >= options.limit) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    },
    hit(key: string): void {
      current(key).count += 1;
    },
    reset(key: string): void {
      windows.delete(key);
    },
  };
}
