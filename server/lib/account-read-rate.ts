import type { Limit } from '../rate-limits';

/** The refusal's text (429, with Retry-After: the seconds until the window ends). */
export const TOO_MANY_LISTS = 'Too many lists asked for in a short time, please wait a few seconds and try again';

/**
 * How many list reads one account may start per window on this instance (a fixed window in
 * memory). The bulkhead (account-bulkhead.ts) keeps an account to one read at a time; this keeps a
 * script that asks again the moment each answer arrives from holding that one slot nonstop, so one
 * customer's share of the instance stays a person's share (issue 12 row 3, decision 025). A refusal
 * costs a map lookup: no query, no write. In memory and per instance on purpose, like the
 * bulkhead: what it protects is this process's CPU; with N instances an account may read N times
 * as often. Memory: one small entry per account that read in the current window, swept once a window.
 */
export interface AccountReadRate {
  /** Counts one list read of `accountId`: null, or when its window is full the seconds until it ends (the read is refused). */
  take(accountId: number): number | null;
  /** Accounts with a window open (for tests: expired ones are forgotten). */
  readonly trackedAccounts: number;
}

export function createAccountReadRate({ limit, windowMs }: Limit, now: () => Date): AccountReadRate {
  const windows = new Map<number, { hits: number; resetsAt: number }>();
  let nextSweep = 0;

  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + windowMs;
    for (const [accountId, window] of windows) if (window.resetsAt <= at) windows.delete(accountId);
  };

  return {
    take(accountId: number): number | null {
      const at = now().getTime();
      sweep(at);
      const window = windows.get(accountId);
      if (!window || window.resetsAt <= at) {
        windows.set(accountId, { hits: 1, resetsAt: at + windowMs });
        return null;
      }
      if (window.hits >= limit) return Math.max(1, Math.ceil((window.resetsAt - at) / 1000));
      window.hits += 1;
      return null;
    },
    get trackedAccounts() {
      return windows.size;
    },
  };
}
