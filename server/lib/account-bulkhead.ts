import { HttpError } from './http-error';

export const TOO_MANY_AT_ONCE = 'Too many lists asked for at once, please wait for the ones already on their way';

/**
 * One account's list reads run one at a time on this instance; the others wait their turn, and
 * beyond `maxWaiting` are refused (429). A customer — or a script with their token — asking for
 * pages from many tabs at once then costs this instance what one reader costs, whatever the number
 * of tabs, and the site stays quick for everyone else (issue 12 row 3; docs/decisions/025-list-limits.md).
 * Waiting here holds no database connection. Per instance on purpose: what it protects is this
 * process's event loop and pool; with N instances an account has at most N reads running.
 */
export interface AccountBulkhead {
  run<T>(accountId: number, work: () => Promise<T>): Promise<T>;
  /** Accounts with a read running or waiting (for tests: nothing is left behind). */
  readonly busyAccounts: number;
}

export function createAccountBulkhead(options: { maxWaiting: number }): AccountBulkhead {
  // An account's entry exists only while one of its reads runs; the waiting are resumed in order.
  const queues = new Map<number, Array<() => void>>();

  const release = (accountId: number) => {
    const waiting = queues.get(accountId);
    const next = waiting?.shift();
    if (next) next();
    else queues.delete(accountId);
  };

  return {
    async run<T>(accountId: number, work: () => Promise<T>): Promise<T> {
      const waiting = queues.get(accountId);
      if (!waiting) {
        queues.set(accountId, []);
      } else {
        if (waiting.length >= options.maxWaiting) throw new HttpError(429, TOO_MANY_AT_ONCE);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        release(accountId);
      }
    },
    get busyAccounts() {
      return queues.size;
    },
  };
}
