import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { createJobQueue, type JobQueue } from '../../server/queue';
import { CHECKOUT_WRITE } from '../../server/repositories/checkout';
import { testConfig } from '../api/support/test-config';
import type { TestDatabase } from '../api/support/test-database';
import { houseKeepingDatabase } from './support/own-database';

/**
 * Issue 37 row 1 (migration 091, decision 139): the checkout's write finds its draft by the id, even
 * when `orders` was analysed before the drafts were written, as a site's statistics lag its drafts.
 * Its plan is generic (a kept plan, decision 116), made once from those statistics. The drafts'
 * index by date looked the cheaper then, and the write read every open draft to find its own
 * (1,113 buffers a checkout in the bench).
 */
const DRAFTS = 400;

let testDb: TestDatabase;
let db: Database;
let queue: JobQueue;

beforeAll(async () => {
  const booking = await houseKeepingDatabase();
  ({ testDb, db } = booking);
  // The write queues its mail with pg-boss's own insert: its tables must be there to plan it.
  queue = createJobQueue(db, testConfig(), () => {});
  await queue.start();
  await db.query('ANALYZE orders');
  await db.query(
    `INSERT INTO orders (user_id, service_id, status, total, created_at)
     SELECT $1, $2, 'awaiting_validation', 5000, now() - n * interval '1 minute' FROM generate_series(1, $3) AS n`,
    [booking.jane.id, booking.serviceId, DRAFTS],
  );
}, 60_000);
afterAll(async () => {
  await queue?.stop(1_000);
  await testDb?.dispose();
});

interface PlanNode { 'Node Type': string; Operation?: string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Filter?: string; Plans?: PlanNode[] }
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

// The kept write is PostgreSQL's (PGlite plans the statement at each call, with its parameters known).
it.skipIf(!process.env.DATABASE_URL)('the checkout\'s write reaches its draft through the id, not by reading the open drafts', async () => {
  const [open] = await db.query<{ drafts: number }>('SELECT count(*)::int AS drafts FROM orders WHERE checked_out_at IS NULL');
  expect(open!.drafts).toBeGreaterThanOrEqual(DRAFTS);
  // The plan the function keeps: generic, its parameters unknown (EXPLAIN runs nothing).
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.query(`PREPARE checkout_write_plan(${CHECKOUT_WRITE.parameters.join(', ')}) AS ${CHECKOUT_WRITE.body}`);
    const nulls = CHECKOUT_WRITE.parameters.map(() => 'NULL').join(', ');
    const [explained] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) EXECUTE checkout_write_plan(${nulls})`);
    await tx.query('DEALLOCATE checkout_write_plan');
    const update = nodes(explained!['QUERY PLAN'][0].Plan).find((node) => node['Node Type'] === 'ModifyTable' && node.Operation === 'Update' && node['Relation Name'] === 'orders');
    const scan = update?.Plans?.find((node) => node['Relation Name'] === 'orders');
    expect(scan?.['Node Type'], JSON.stringify(scan)).toBe('Index Scan');
    // The id is what the index is searched by, not a filter over the rows an index gave.
    expect(scan?.['Index Cond'] ?? '', JSON.stringify(scan)).toMatch(/\(id = \$1\)/);
  });
});
