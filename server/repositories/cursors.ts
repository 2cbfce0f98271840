import type { Database } from '../db/database';

/**
 * A server-side cursor inside the caller's transaction (services/orders-csv.ts streams a whole list
 * through one): DECLARE over a statement, FETCH a batch at a time, CLOSE.
 */
export function cursorRepository(tx: Database, cursor: string) {
  return {
    async open(sql: string, params: unknown[]): Promise<void> {
      await tx.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`, params);
    },
    fetch<Row>(count: number): Promise<Row[]> {
      return tx.query<Row>(`FETCH ${count} FROM ${cursor}`);
    },
    async close(): Promise<void> {
      await tx.query(`CLOSE ${cursor}`);
    },
  };
}
