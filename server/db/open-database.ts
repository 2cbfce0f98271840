import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite keeps the data in DATA_DIR/pgdata. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseSessionUrl' | 'dbPoolMax' | 'dbAcquireTimeoutMs' | 'dbStatementTimeoutMs'>>,
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      sessionUrl: config.databaseSessionUrl ?? undefined,
      max: config.dbPoolMax,
      acquireTimeoutMs: config.dbAcquireTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    });
  }
  return openPglite({ dataDir: path.join(config.dataDir, 'pgdata') });
}

/**
 * The pool for reads that may be a moment old (DATABASE_READ_URL, decision 091): a hot standby,
 * which refuses every write itself; its transactions also begin READ ONLY, so a write sent to it
 * by mistake fails even when the URL names a primary. Null when unset or on PGlite: `readDb` is
 * then the primary's pool.
 */
export function openReadDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseReadUrl'> & Partial<Pick<Config, 'dbPoolMax' | 'dbAcquireTimeoutMs' | 'dbStatementTimeoutMs'>>,
): Database | null {
  if (!config.databaseUrl || !config.databaseReadUrl) return null;
  return openPostgres(config.databaseReadUrl, {
    readOnly: true,
    max: config.dbPoolMax,
    acquireTimeoutMs: config.dbAcquireTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
}

/** Whether an error means the database cannot be reached (answered 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE'].includes(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01-03 (shutdown), 53300 (too many connections).
    // 57014: cancelled by DB_STATEMENT_TIMEOUT (a lock held too long): try again later, not a bug.
    if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300' || code === '57014') return true;
    // A deadlock or serialization failure still there after the transaction's bounded reruns
    // (postgres.ts): contention, answered "try again", never 500 (issue 24, row 2).
    if (code === '40P01' || code === '40001') return true;
  }
  return typeof message === 'string' && /Connection terminated|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end|timeout exceeded when trying to connect/i.test(message);
}
