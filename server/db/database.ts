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
  /** A PostgreSQL server only: the pool's raw query, the seam pg-boss speaks through. */
  executeSql?(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export type ListenEvent = { kind: 'notify'; payload: string } | { kind: 'lost' } | { kind: 'ready' };

export interface Subscription {
  close(): Promise<void>;
}
