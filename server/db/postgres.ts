import pg from 'pg';
import type { Database } from './database';
import { INT8_OID, NUMERIC_OID, parseNumber } from './type-parsers';

const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === NUMERIC_OID || oid === INT8_OID ? parseNumber : pg.types.getTypeParser(oid, format ?? 'text'),
};

/** A PostgreSQL server through a pg Pool; a transaction holds one pooled client from BEGIN to COMMIT. */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  let closed = false;
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return lastRows<T>(result);
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client losing its connection (the server restarting) emits 'error' on itself,
      // not on the pool: unheard, it would crash the process. The failing query reports it instead.
      let broken = false;
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const value = await fn(clientDatabase(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

function clientDatabase(client: pg.PoolClient): Database {
  const db: Database = {
    async query<T>(sql: string, params: unknown[] = []) {
      return lastRows<T>(await client.query(sql, params));
    },
    // Already inside one: nested calls join it.
    transaction: (fn) => fn(db),
    close: async () => {},
  };
  return db;
}

/** A multi-statement text (a migration) answers an array of results; the last one is the answer. */
function lastRows<T>(result: pg.QueryResult | pg.QueryResult[]): T[] {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return (last?.rows ?? []) as T[];
}
