import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { CHECKOUT_DAY_READ, dayRange } from '../../server/repositories/availability-repository';
import type { TestDatabase } from '../api/support/test-database';
import { houseKeepingDatabase } from './support/own-database';

/**
 * Issue 37 row 1, all checkouts on the next three days (migration 084): a checkout's day read
 * visits the jobs that can be in its way, not the day's cancelled orders. The bench cancels each
 * phase's bookings, as a busy day collects cancellations; the read went through every one of them
 * (3,736 index entries for 201 jobs in the way), 6 ms of its 8 ms.
 */
const DAY = '2030-03-13';
const CANCELLED = 300;

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  const booking = await houseKeepingDatabase();
  ({ testDb, db } = booking);
  const opens = londonLocalToInstant(DAY, '07:00');
  // Cancelled bookings every half-hour of the day, and three jobs still booked.
  await db.query(
    `INSERT INTO orders (user_id, service_id, status, total, created_at, due_at, checked_out_at, duration_minutes, code_postal)
     SELECT $1, $2, CASE WHEN n <= $4 THEN 'cancelled' ELSE 'awaiting_validation' END, 5000, $3::timestamptz - interval '1 day',
            $3::timestamptz + (n % 24) * interval '30 minutes', $3::timestamptz - interval '1 day', 90, 'SE22 8AB'
       FROM generate_series(1, $4 + 3) AS n`,
    [booking.jane.id, booking.serviceId, opens, CANCELLED],
  );
  await db.query('ANALYZE orders');
}, 60_000);
afterAll(async () => testDb?.dispose());

interface PlanNode { 'Relation Name'?: string; 'Actual Rows'?: number; 'Rows Removed by Filter'?: number; 'Rows Removed by Index Recheck'?: number; Plans?: PlanNode[] }
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

it('a checkout late in a day of many cancelled orders reads the jobs still booked, none of the cancelled ones', async () => {
  const [from, to] = dayRange(DAY, DAY);
  const start = londonLocalToInstant(DAY, '18:00');
  const end = new Date(start.getTime() + 90 * 60_000);
  const [explained] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${CHECKOUT_DAY_READ.body}`, [DAY, DAY, from, to, start, end, null]);
  const scans = nodes(explained!['QUERY PLAN'][0].Plan).filter((node) => node['Relation Name'] === 'orders');
  const visited = scans.reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0), 0);
  const [booked] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders WHERE checked_out_at IS NOT NULL AND status <> 'cancelled' AND due_at >= $1 AND due_at < $2`, [from, to]);
  expect(booked!.n).toBeGreaterThanOrEqual(3);
  // The waiting list's read joins orders by primary key for its held times: none here.
  expect(visited).toBeLessThanOrEqual(booked!.n);
});
