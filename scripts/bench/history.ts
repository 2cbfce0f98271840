import { STANDARD_VAT_PERCENT } from '../../domain/money/pricing';
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
    await db.transaction(async (tx) => {
      // The past's own rows, checked on the way in already: no foreign-key or row triggers for them.
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(PAST_HISTORY);
      await tx.query(PAST_LEDGER);
    });
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
  return (performance.now() - started) / 1000;
}

/**
 * What a placed order leaves beside it: its history as a checkout writes it (checked out, its team)
 * and a ledger line an item. Without them `audit_log` and `order_ledger` held only the run's rows, and
 * autovacuum analysed them at every one-minute round, with the counters and the jobs' partition: about
 * 0.3 s of CPU a round, which stalled up to 62 checkouts (docs/benchmarks.md, "The checkout read every
 * open draft"). A site's are as old as its orders.
 */
const PAST_HISTORY = `INSERT INTO audit_log (order_id, actor_id, actor, action, from_value, to_value, at)
  SELECT o.id, o.user_id, 'Customer', a.action, NULL, a.to_value, o.checked_out_at
    FROM orders o CROSS JOIN LATERAL (VALUES ('order.checkout', COALESCE(o.payment_method, 'cash')), ('order.team', 'Team')) AS a (action, to_value)
   WHERE o.checked_out_at IS NOT NULL`;
const PAST_LEDGER = `INSERT INTO order_ledger (order_id, kind, name, quantity, unit_price, amount, vat_percent, actor, created_at)
  SELECT i.order_id, 'item', i.name, i.quantity, i.unit_price, i.total_price, ${STANDARD_VAT_PERCENT}, 'Customer', o.created_at
    FROM order_items i JOIN orders o ON o.id = i.order_id`;
