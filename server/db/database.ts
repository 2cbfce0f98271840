/**
 * The storage seam: PGlite (embedded, default) and a PostgreSQL server (DATABASE_URL) both
 * implement it, so repositories never know which one they talk to. SQL uses $1, $2 placeholders.
 */
export interface Database {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction; a throw rolls it back. */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (NOTIFY from any connection or instance, delivered after the commit).
   * `onEvent` is also called with 'lost' when notifications may have been missed (the listening
   * connection dropped) and 'ready' once it listens again. Absent inside a transaction.
   */
  listen?(channel: string, onEvent: (event: ListenEvent) => void): Promise<Subscription>;
  /**
   * Inside a transaction only: `fn` runs once the transaction has committed (never after a
   * rollback), so what it announces is there to be read. Its errors are ignored.
   */
  afterCommit?(fn: () => void): void;
  /** A PostgreSQL server only: the pool's raw query, the seam pg-boss speaks through. */
  executeSql?(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export type ListenEvent = { kind: 'notify'; payload: string } | { kind: 'lost' } | { kind: 'ready' };

export interface Subscription {
  close(): Promise<void>;
}

/** Runs what a transaction asked for after its commit (`afterCommit`); one failing does not stop the others. */
export function runAfterCommit(callbacks: ReadonlyArray<() => void>): void {
  for (const fn of callbacks) {
    try {
      fn();
    } catch {
      // An announcement only: the transaction has committed whatever it does.
    }
  }
}
