import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { orderRepository } from '../../server/repositories/orders';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * A search costs the same whatever it matches (issue 37 row 5, docs/decisions/092): its hits are
 * counted up to a cap (3 here, SEARCH_COUNT_CAP) and past it the list answers "more than" with
 * `X-Total-Count-Exact: false`, its rows read in the list's own order from an index, page by page.
 */
const CAP = 3;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Plan Rows': number;
  Filter?: string;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
let server: TestServer;
let admin: string;
/** The Smiths' orders, newest first, and the Smiths by name. */
let smithOrders: number[];
let smiths: { id: number; name: string }[];

async function get(path: string) {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${admin}` } });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { headers: response.headers, rows: JSON.parse(text) as { id: number; name?: string }[] };
}

beforeAll(async () => {
  server = await startTestServer({ config: { searchCountCap: CAP } });
  await server.db.query('DELETE FROM orders');
  admin = await server.adminToken();
  const [service] = await server.db.query<{ id: number }>('SELECT min(id) AS id FROM services');
  // Five Smiths (two orders each, one hour apart) and one Jones, inserted as data: the count is the point.
  smiths = await server.db.query<{ id: number; name: string }>(
    `INSERT INTO users (name, email, password_hash, roles)
     SELECT name, lower(replace(name, ' ', '.')) || '@capped.test', 'x', ARRAY['ROLE_USER']
       FROM unnest(ARRAY['Eve Smith', 'Al Smith', 'Dot Smithson', 'Cy Smith', 'Bo Smith']) AS name
     RETURNING id, name`,
  );
  smiths.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
  const [jones] = await server.db.query<{ id: number }>("INSERT INTO users (name, email, password_hash, roles) VALUES ('Ann Jones', 'ann.jones@capped.test', 'x', ARRAY['ROLE_USER']) RETURNING id");
  const place = (userId: number, hoursAgo: number) =>
    server.db.query<{ id: number }>(
      `INSERT INTO orders (user_id, service_id, total, status, payment_method, due_at, address, phone, city, code_postal, checked_out_at, created_at)
       VALUES ($1, $2, 5000, 'payment_validated', 'cash', now() + interval '3 days', '1 High Street', '07700 900123', 'London', 'N1 9GU',
               now() - $3 * interval '1 hour', now() - $3 * interval '1 hour') RETURNING id`,
      [userId, service!.id, hoursAgo],
    );
  smithOrders = [];
  let hour = 100;
  for (const smith of smiths) {
    for (let n = 0; n < 2; n++) smithOrders.push((await place(smith.id, hour--))[0]!.id);
    await place(jones!.id, hour--);
  }
  smithOrders.reverse();
});
afterAll(async () => server?.close());

describe('a search past the count cap', () => {
  it('answers "more than" the cap and pages the orders newest first, as the unsearched list is read', async () => {
    const first = await get('/admin/orders/?q=smith&limit=4');
    expect(first.headers.get('x-total-count')).toBe(String(CAP + 1));
    expect(first.headers.get('x-total-count-exact')).toBe('false');
    expect(first.rows.map((row) => row.id)).toEqual(smithOrders.slice(0, 4));
    const second = await get('/admin/orders/?q=smith&limit=4&page=2');
    expect(second.rows.map((row) => row.id)).toEqual(smithOrders.slice(4, 8));
    // Sorted by id, oldest first: the same walk in the other index.
    const byId = await get('/admin/orders/?q=SMITH&sort=id&order=asc&limit=3&page=3');
    expect(byId.rows.map((row) => row.id)).toEqual([...smithOrders].sort((a, b) => a - b).slice(6, 9));
    // By customer name: a surname's customers are not walked to (decision 092), the hits are sorted.
    const byName = await server.db.query<{ id: number }>(
      "SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.name ILIKE '%smith%' ORDER BY lower(u.name), u.id, o.id",
    );
    const named = await get('/admin/orders/?q=smith&sort=user&order=asc&limit=4&page=2');
    expect(named.headers.get('x-total-count-exact')).toBe('false');
    expect(named.rows.map((row) => row.id)).toEqual(byName.map((row) => row.id).slice(4, 8));
  });

  it('counts exactly, without the mark, while the hits are within the cap', async () => {
    const three = await get('/admin/orders/?q=dot%20smith&limit=100');
    expect(three.headers.get('x-total-count')).toBe('2');
    expect(three.headers.get('x-total-count-exact')).toBeNull();
  });

  it('the customers list says "more than" too, in name order', async () => {
    const first = await get('/admin/customers/?q=smith&limit=2');
    expect(first.headers.get('x-total-count')).toBe(String(CAP + 1));
    expect(first.headers.get('x-total-count-exact')).toBe('false');
    expect(first.rows.map((row) => row.name)).toEqual(smiths.slice(0, 2).map((smith) => smith.name));
    const third = await get('/admin/customers/?q=smith&limit=2&page=3');
    expect(third.rows.map((row) => row.name)).toEqual(smiths.slice(4, 5).map((smith) => smith.name));
    const few = await get('/admin/customers/?q=jones');
    expect(few.headers.get('x-total-count')).toBe('1');
    expect(few.headers.get('x-total-count-exact')).toBeNull();
  });
});

/** Every page of `path` (limit 3) read in turn, as ids: the list a person pages through. */
async function allPages(path: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= 10; page++) {
    const { rows } = await get(`${path}&limit=3&page=${page}`);
    if (rows.length === 0) break;
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

describe('a broad search read through its matching customers (decision 112)', () => {
  const matching = (order: string) =>
    server.db.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.checked_out_at IS NOT NULL
          AND (u.name ILIKE '%smith%' OR u.email ILIKE '%smith%' OR upper(replace(o.code_postal, ' ', '')) LIKE '%SMITH%')
        ORDER BY ${order}`,
    ).then((rows) => rows.map((row) => row.id));

  it('pages newest first and by customer name exactly as the matching orders sort, past a customer who owns the newest orders', async () => {
    // A customer no search matches owns the newest orders (the seed's busy customer, a letting agency);
    // one of them is found by its postcode alone.
    const [agency] = await server.db.query<{ id: number }>("INSERT INTO users (name, email, password_hash, roles) VALUES ('Busy Lettings', 'lettings@capped.test', 'x', ARRAY['ROLE_USER']) RETURNING id");
    await server.db.query(
      `INSERT INTO orders (user_id, service_id, total, status, checked_out_at, created_at, code_postal)
       SELECT $1, (SELECT min(id) FROM services), 100, 'payment_validated', now() - g * interval '1 minute', now() - g * interval '1 minute',
              CASE WHEN g = 7 THEN 'SMITH 1' ELSE 'E1 6AN' END
         FROM generate_series(1, 30) g`,
      [agency!.id],
    );
    const newest = await matching('o.created_at DESC, o.id DESC');
    expect(newest).toHaveLength(smithOrders.length + 1);
    expect(await allPages('/admin/orders/?q=smith')).toEqual(newest);
    expect(await allPages('/admin/orders/?q=smith&sort=user&order=asc')).toEqual(await matching('lower(u.name), u.id, o.id'));
    expect(await allPages('/admin/orders/?q=smith&sort=user&order=desc')).toEqual(await matching('lower(u.name) DESC, u.id DESC, o.id DESC'));
    const first = await get('/admin/orders/?q=smith&limit=3');
    expect(first.headers.get('x-total-count-exact')).toBe('false');
  });

  it('a customer\'s newer order moves them to the top: the checkout keeps their last order time', async () => {
    // The Smith whose orders are the oldest places a new one: a draft, then its checkout (an UPDATE).
    const oldest = smithOrders.at(-1)!;
    const [draft] = await server.db.query<{ id: number }>(
      `INSERT INTO orders (user_id, service_id, total, status, created_at, code_postal)
       SELECT user_id, service_id, 100, 'payment_validated', now(), 'N1 9GU' FROM orders WHERE id = $1 RETURNING id`,
      [oldest],
    );
    await server.db.query('UPDATE orders SET checked_out_at = now() WHERE id = $1', [draft!.id]);
    const first = await get('/admin/orders/?q=smith&limit=1');
    expect(first.rows.map((row) => row.id)).toEqual([draft!.id]);
    expect(await allPages('/admin/orders/?q=smith')).toEqual(await matching('o.created_at DESC, o.id DESC'));
  });
});

describe.runIf(process.env.DATABASE_URL)('the plan of a broad search (PostgreSQL)', () => {
  it('walks the orders in the list order and stops at the page: a Limit over an index scan, no Sort of the hits', async () => {
    // Enough orders that the planner weighs a walk against a sort as it does at scale.
    const [smith] = smiths;
    await server.db.query(
      `INSERT INTO orders (user_id, service_id, total, status, checked_out_at, created_at, code_postal)
       SELECT CASE WHEN g % 10 = 0 THEN $1::int ELSE (SELECT min(id) FROM users) END, (SELECT min(id) FROM services), 100, 'payment_validated',
              now() - g * interval '1 minute', now() - g * interval '1 minute', 'E1 6AN'
         FROM generate_series(1, 30000) g`,
      [smith!.id],
    );
    await server.db.query('ANALYZE orders');
    await server.db.query('ANALYZE users');
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = (db: Database): Database => ({
      ...db,
      query: (sql, params) => {
        statements.push({ sql, params: params ?? [] });
        return db.query(sql, params);
      },
      transaction: (fn) => db.transaction((tx) => fn(recording(tx))),
    });
    // Oldest first: newest first and by name read the matching customers (decision 112, below).
    const page = await orderRepository(recording(server.db)).page({ q: 'smith', sort: 'created', order: 'asc' }, { limit: 20, page: 1 }, CAP);
    expect(page.totalIsLowerBound).toBe(true);
    const walk = statements.find((statement) => statement.sql.includes('FROM users su WHERE su.id = o.user_id'))!;
    const [plan] = await server.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${walk.sql}`, walk.params);
    const nodes = flatten(plan!['QUERY PLAN'][0].Plan);
    // The page's ids: a Limit over the placed orders' (created_at, id) index read forward (oldest first) …
    const limit = nodes.find((node) => node['Node Type'] === 'Limit' && node.Plans?.[0]?.['Index Name'] === 'orders_placed_created_idx');
    expect(limit?.Plans?.[0]).toMatchObject({ 'Node Type': 'Index Scan', 'Scan Direction': 'Forward' });
    // … testing each order it meets (a SubPlan per order, never a hashed set of every matching customer) …
    expect(limit?.Plans?.[0]?.Filter).toContain('SubPlan');
    expect(limit?.Plans?.[0]?.Filter).not.toContain('hashed');
    // … and nothing sorts more than the page (the last Sort puts the page's 20 rows in order).
    for (const node of nodes.filter((each) => each['Node Type'] === 'Sort')) expect(node['Plan Rows']).toBeLessThanOrEqual(20);

  });
  it('newest first reads the matching customers by their last order times, each by primary key, and each one\'s newest orders', async () => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = (db: Database): Database => ({
      ...db,
      query: (sql, params) => {
        statements.push({ sql, params: params ?? [] });
        return db.query(sql, params);
      },
      transaction: (fn) => db.transaction((tx) => fn(recording(tx))),
    });
    await server.db.query('ANALYZE customer_order_counters');
    const page = await orderRepository(recording(server.db)).page({ q: 'smith' }, { limit: 20, page: 1 }, CAP);
    expect(page.totalIsLowerBound).toBe(true);
    const read = statements.find((statement) => statement.sql.includes('FROM customer_order_counters c'))!;
    const [plan] = await server.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${read.sql}`, read.params);
    const nodes = flatten(plan!['QUERY PLAN'][0].Plan);
    // The customers through the counters' (last_placed_at, user_id) index (read backward under a Limit at
    // scale: docs/benchmarks.md), each tested by primary key, never a hashed set of every matching customer …
    expect(nodes.some((node) => node['Index Name'] === 'customer_order_counters_last_placed_idx')).toBe(true);
    const counters = nodes.find((node) => node.Filter?.includes('SubPlan') && node['Node Type'] !== 'Limit' && JSON.stringify(node).includes('customer_order_counters_last_placed_idx'));
    expect(counters?.Filter).toBeDefined();
    expect(counters?.Filter).not.toContain('hashed');
    // … and each read customer's newest orders from (user_id, created_at, id).
    expect(nodes.some((node) => node['Index Name'] === 'orders_placed_user_created_idx')).toBe(true);
  });
});
