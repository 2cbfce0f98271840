import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../scripts/seed-scale';
import { createTestDatabase, type TestDatabase } from '../api/support/test-database';

/**
 * The scale seed (issue 27, decision 064) writes each order once: its customer's reference is given
 * in the INSERT, as 037's trigger would number it (the order of placing), and the busy customer's
 * orders are theirs from the start. The data must be what the server itself would have made.
 */
let testDb: TestDatabase;
/** The last order before the seed's (the demo data's, placed now): the seed's are placed before them. */
let lastBefore = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  lastBefore = (await testDb.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM orders'))[0]!.id;
  await seedScale(testDb.db, { users: 40, orders: 300 }, { email: 'customer@sparkle.test', orders: 50 });
}, 60_000);
afterAll(async () => testDb?.dispose());

describe('scripts/seed-scale.ts', () => {
  it('gives every placed order a reference once, the seed’s without gaps, in the order of placing, the sequence at the last', async () => {
    const [row] = await testDb.db.query<{ placed: number; distinct: number; seeded: number; first: number; max: number; last: number; misordered: number }>(
      `SELECT count(*)::int AS placed, count(DISTINCT reference)::int AS distinct, max(reference) AS max,
              count(*) FILTER (WHERE id > $1)::int AS seeded, min(reference) FILTER (WHERE id > $1) AS first,
              (SELECT last_value FROM order_reference_seq)::int AS last,
              (SELECT count(*)::int FROM (SELECT reference, lag(reference) OVER (ORDER BY checked_out_at, id) AS before
                                            FROM orders WHERE checked_out_at IS NOT NULL AND id > $1) x
                WHERE x.reference < x.before) AS misordered
         FROM orders WHERE checked_out_at IS NOT NULL`,
      [lastBefore],
    );
    expect(row!.distinct).toBe(row!.placed);
    // A sequence may skip numbers before the seed (decision 090: a database restored from its log
    // resumes up to 32 further on), never within what one seed numbers.
    expect(row!.max - row!.first + 1).toBe(row!.seeded);
    expect(row!.last).toBe(row!.max);
    expect(row!.misordered).toBe(0);
  });

  it('gives the busy customer their orders as they are written, and the counters count them', async () => {
    const [row] = await testDb.db.query<{ own: number; counted: number; all: number; allCounted: number }>(
      `SELECT (SELECT count(*)::int FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'customer@sparkle.test' AND o.checked_out_at IS NOT NULL) AS own,
              (SELECT sum(c.orders)::int FROM customer_order_counters c JOIN users u ON u.id = c.user_id WHERE u.email = 'customer@sparkle.test' AND c.checked_out) AS counted,
              (SELECT count(*)::int FROM orders WHERE checked_out_at IS NOT NULL) AS all,
              (SELECT sum(orders)::int FROM order_counters WHERE checked_out) AS "allCounted"`,
    );
    expect(row!.own).toBeGreaterThanOrEqual(50);
    expect(row!.counted).toBe(row!.own);
    expect(row!.allCounted).toBe(row!.all);
    // Each customer's newest placed order time is on their counters (078, decision 112): the search reads it.
    const [times] = await testDb.db.query<{ customers: number; wrong: number }>(
      `SELECT count(*)::int AS customers, count(*) FILTER (WHERE newest IS DISTINCT FROM kept)::int AS wrong
         FROM (SELECT (SELECT max(o.created_at) FROM orders o WHERE o.user_id = u.id AND o.checked_out_at IS NOT NULL) AS newest,
                      (SELECT max(c.last_placed_at) FROM customer_order_counters c WHERE c.user_id = u.id AND c.checked_out) AS kept
                 FROM users u) AS each_customer`,
    );
    expect(times!.customers).toBeGreaterThan(1);
    expect(times!.wrong).toBe(0);
  });

  it('leaves every trigger of the orders on, as the server needs them', async () => {
    const off = await testDb.db.query<{ name: string }>(
      "SELECT tgname AS name FROM pg_trigger WHERE tgrelid = 'orders'::regclass AND NOT tgisinternal AND tgenabled <> 'O'",
    );
    expect(off).toEqual([]);
  });
});
