/**
 * The storage seam: PGlite (embedded, default) and a PostgreSQL server (DATABASE_URL) both
 * implement it, so repositories never know which one they talk to. SQL uses $1, $2 placeholders.
 */
export interface Database {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction; a throw rolls it back. */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
