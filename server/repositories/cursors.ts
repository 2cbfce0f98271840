import { CompiledQuery, sql } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';

/**
 * A server-side cursor inside the caller's transaction (services/orders-csv.ts streams a whole list
 * through one): DECLARE over a statement, FETCH a batch at a time, CLOSE. The statement and its row
 * type are its repository's (the orders' list, the accounts' documents, the VAT exports'), built
 * with kysely(db) or kept as hand-tuned SQL text (`CompiledQuery.raw`, decision 106); a service
 * only asks for the cursor and shapes the rows it fetches.
 */
export interface Cursor<Row> {
  open(): Promise<void>;
  fetch(count: number): Promise<Row[]>;
  close(): Promise<void>;
}

/**
 * A cursor over a statement built now, opened later in whichever transaction the caller starts: a
 * statement its repository refuses to build (a bad filter: 400) is refused before anything streams.
 */
export type CursorOf<Row> = (tx: Database) => Cursor<Row>;

export const cursorOver = <Row>(cursor: string, statement: CompiledQuery<Row>): CursorOf<Row> => (tx) => {
  const k = kysely(tx);
  const name = sql.raw(cursor);
  return {
    async open(): Promise<void> {
      await k.executeQuery(CompiledQuery.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${statement.sql}`, [...statement.parameters]));
    },
    async fetch(count: number): Promise<Row[]> {
      return (await sql<Row>`FETCH ${sql.lit(count)} FROM ${name}`.execute(k)).rows;
    },
    async close(): Promise<void> {
      await sql`CLOSE ${name}`.execute(k);
    },
  };
};

/** A cursor whose rows its repository reads on (JSON text parsed, names narrowed) before the caller sees them. */
export const mapCursor = <Row, Out>(of: CursorOf<Row>, map: (row: Row) => Out): CursorOf<Out> => (tx) => {
  const cursor = of(tx);
  return { open: () => cursor.open(), close: () => cursor.close(), fetch: async (count) => (await cursor.fetch(count)).map(map) };
};
