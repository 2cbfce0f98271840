import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite keeps the data in DATA_DIR/pgdata. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseSessionUrl' | 'dbPoolMax' | 'dbAcquireTimeoutMs' | 'dbPoolQueueMax' | 'dbIdleTimeoutMs' | 'dbStatementTimeoutMs'>>,
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      sessionUrl: config.databaseSessionUrl ?? undefined,
      max: config.dbPoolMax,
      acquireTimeoutMs: config.dbAcquireTimeoutMs,
      queueMax: config.dbPoolQueueMax,
      idleTimeoutMs: config.dbIdleTimeoutMs,
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
  config: Pick<Config, 'databaseUrl' | 'databaseReadUrl'> & Partial<Pick<Config, 'dbPoolMax' | 'dbAcquireTimeoutMs' | 'dbPoolQueueMax' | 'dbIdleTimeoutMs' | 'dbStatementTimeoutMs'>>,
): Database | null {
  if (!config.databaseUrl || !config.databaseReadUrl) return null;
  return openPostgres(config.databaseReadUrl, {
    readOnly: true,
    max: config.dbPoolMax,
    acquireTimeoutMs: config.dbAcquireTimeoutMs,
    queueMax: config.dbPoolQueueMax,
    idleTimeoutMs: config.dbIdleTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
}
