import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open-database';
import { seedScale } from '../seed-scale';

/** Orders of the past the checkout bench's database starts with (BENCH_HISTORY; 0 for none). */
export const HISTORY_ORDERS = Number(process.env.BENCH_HISTORY ?? 500_000);

/**
 * Gives the checkout bench's fresh database (PostgreSQL, its server started: migrated, first-start
 * data, then the bench's teams and customers) a history: `orders` orders, the newest placed 4 days
 * ago, their visits all past and shared among the teams there are (decision 139: with the first-start
 * data's 3, the statistics knew 3 teams where the days had 250), one customer for 25 of them. A running site's tables are large, so autovacuum takes them rarely; the
 * bench's empty `orders` was vacuumed and analysed every minute of a run, and that once stalled
 * 102 checkouts of one slice (docs/benchmarks.md, "A database with a past"). VACUUM ANALYZE then
 * leaves the statistics as a site's would be. Answers the seconds it took.
 */
export async function seedHistory(databaseUrl: string, orders: number = HISTORY_ORDERS): Promise<number> {
  const started = performance.now();
  if (orders <= 0) return 0;
  // A seed is not a request: no statement timeout (seed-scale.ts's main alike).
  const db = await openDatabase(loadConfig({ ...process.env, DATABASE_URL: databaseUrl, DB_STATEMENT_TIMEOUT: '0', JOBS_THREAD: 'false' }));
  try {
    await seedScale(db, { orders, users: Math.ceil(orders / 25) }, undefined, { newestPlaced: '4 days', say: () => {} });
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
  return (performance.now() - started) / 1000;
}
