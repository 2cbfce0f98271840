import type { Database } from '../../../server/db/database';

/**
 * The real database with every statement sent through it written down, in order: BEGIN and COMMIT
 * (or ROLLBACK) of each transaction as well, since each is a round trip on the same connection.
 */
export function countingDatabase(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const counted = (inner: Database): Database => ({
    async query(sql, params) {
      statements.push(sql.replace(/\s+/g, ' ').trim());
      return inner.query(sql, params);
    },
    async transaction(fn) {
      statements.push('BEGIN');
      try {
        const result = await inner.transaction((tx) => fn(counted(tx)));
        statements.push('COMMIT');
        return result;
      } catch (error) {
        statements.push('ROLLBACK');
        throw error;
      }
    },
    close: () => inner.close(),
    ...(inner.afterCommit ? { afterCommit: inner.afterCommit.bind(inner) } : {}),
    // pg-boss sends its job through the transaction's `query` (pg-boss-queue.ts), counted above.
    ...(inner.executeSql ? { executeSql: inner.executeSql.bind(inner) } : {}),
  });
  return { db: counted(db), statements };
}
