import { CompiledQuery, sql } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';

/**
 * A server-side cursor inside the caller's transaction (services/orders-csv.ts streams a whole list
 * through one): DECLARE over a statement, FETCH a batch at a time, CLOSE. The statement is its
 * owner's, written by hand with its own parameters (orders' listSql, the accounts' and VAT CSVs), so
 * the rows are of the type its owner names, until those statements are built with kysely(db).
 */
export function cursorRepository(tx: Database, cursor: string) {
  const k = kysely(tx);
  const name = sql.raw(cursor);
  return {
    async open(statement: string, params: unknown[]): Promise<void> {
      await k.executeQuery(CompiledQuery.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${statement}`, params));
    },
    async fetch<Row>(count: number): Promise<Row[]> {
      return (await sql<Row>`FETCH ${sql.lit(count)} FROM ${name}`.execute(k)).rows;
    },
    async close(): Promise<void> {
      await sql`CLOSE ${name}`.execute(k);
    },
  };
}
