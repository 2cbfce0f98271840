/**
 * Fills a database with many customers and orders, to measure the back office at scale (issue 6,
 * goal 5). The database is the server's own (DATA_DIR's PGlite, or DATABASE_URL), migrated and
 * given its first-start data first; stop the server before seeding PGlite (one process at a time).
 *
 *   DATA_DIR=.data-scale node --import tsx scripts/seed-scale.ts --orders 10000 --users 2000
 *   DATABASE_URL=… node --import tsx scripts/seed-scale.ts --orders 1000000 --users 200000 --customer-orders 200000
 *
 * `--customer-orders N` gives the demo customer (customer@sparkle.test) N of the orders, to measure
 * My orders of one very busy customer.
 *
 * The counts are totals: a second run tops the tables up to them. Set-based INSERT … SELECT over
 * generate_series (the rows are made by the database itself: nothing to send, which beats COPY),
 * a million rows a statement, with the tables' secondary indexes dropped for the load and built
 * again after it in the same transaction, foreign keys likewise (docs/decisions/033): keeping 30
 * indexes of orders up to date row by row was most of the 14 min 50 s a million orders took. Each
 * order is written once: its reference and the busy customer are given in the INSERT (decision 064).
 * Each step's time is printed. 10,000,000 orders and 2,000,000 customers: `--orders 10000000
 * --users 2000000` (the bench's SCALE=10m).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open-database';
import { seedDatabase } from '../server/seed';

// Names as varied as a real customer list's, accents included (a search ignores them: "zoe" finds
// "Zoë"): 48 × 64 full names, so one full name is about 650 of 2,000,000 customers.
const FIRST_NAMES = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Noah', 'Oliver', 'George', 'Arthur', 'Muhammad', 'Leo', 'Freya', 'Harry',
  'Zoë', 'Chloé', 'Renée', 'Siân', 'Björn', 'José', 'Niamh', 'Aoife', 'Seán', 'Eoin', 'Grace', 'Lily', 'Ella', 'Mia', 'Sophia',
  'Jack', 'Charlie', 'Thomas', 'Jacob', 'Alfie', 'Riley', 'William', 'James', 'Joshua', 'Ruby', 'Evie', 'Poppy', 'Daisy',
  'Ayesha', 'Fatima', 'Priya', 'Ravi', 'Kofi', 'Amara', 'Léa', 'Zoé'];
const LAST_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Evans', 'Khan', 'Walker',
  'Wright', 'Robinson', 'Thompson', 'White', 'Hughes', 'Edwards', 'Green', 'Hall', 'Wood', 'Harris', 'Lewis', 'Martin', 'Jackson',
  'Clarke', 'Clark', 'Turner', 'Hill', 'Scott', 'Cooper', 'Morris', 'Ward', 'Moore', 'King', 'Watson', 'Baker', 'Harrison',
  'Morgan', 'Young', 'Allen', 'Mitchell', 'Anderson', 'Lee', 'Bell', 'Parker', 'Davis', 'Brontë', 'Müller', 'Ó Briain', 'Núñez',
  'Kowalski', 'Nguyen', 'Okafor', 'Begum', 'Ali', 'Singh', 'Shah', 'Murphy', 'Kelly', 'Price', 'Bennett', 'Gray', 'Cox'];
const STATUSES = ['awaiting_validation', 'payment_validated', 'completed', 'cancelled'];
// Postcodes: 40 areas × districts 1–20 × sectors 0–9 × units AA–ZZ, about 5.4 million, so a full
// postcode finds a few orders and a sector (as "SW1 4") about a thousand at ten million.
const AREAS = ['SW', 'SE', 'E', 'N', 'NW', 'W', 'EC', 'WC', 'CR', 'BR', 'DA', 'EN', 'HA', 'IG', 'KT', 'RM', 'SM', 'TW', 'UB', 'WD',
  'B', 'M', 'L', 'LS', 'S', 'BS', 'NG', 'LE', 'CV', 'OX', 'CB', 'BN', 'GU', 'RG', 'SO', 'PO', 'CF', 'EH', 'G', 'BT'];
/**
 * Runs one step of the seed and prints how long it took: the steps' times say where a slow seed's
 * minutes go (issue 27: 13 min 21 s at ten million, decision 064).
 */
async function timed<T>(label: string, step: () => Promise<T>, say: (line: string) => void = console.log): Promise<T> {
  const started = performance.now();
  const result = await step();
  say(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Rows a statement: each one's transition table (the order counters' trigger) stays a few hundred MB. */
const BATCH = 1_000_000;
const BENCH_ADMIN_EMAIL = 'admin@sparkle.test';
const DEMO_EMAIL = 'customer@sparkle.test';
const sqlList = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

export interface ScaleCounts {
  users: number;
  orders: number;
}

export interface ScaleOptions {
  /**
   * How long ago the newest order was placed (an SQL interval; each older one 13 minutes before,
   * each visit 3 days after its placing). Default none: the next 3 days hold jobs still to assign.
   * '4 days': a history alone, nothing on a team's time ahead (the checkout bench's, scripts/bench/history.ts).
   */
  newestPlaced?: string;
  /** Where each step's time is printed (default the console). */
  say?: (line: string) => void;
}

/** Gives the account `email` the first `count` orders (one set-based UPDATE); answers how many it has. */
export async function giveOrdersTo(db: Database, email: string, count: number): Promise<number> {
  await db.query(
    `UPDATE orders SET user_id = u.id FROM users u
      WHERE lower(u.email) = lower($1) AND orders.id IN (SELECT id FROM orders ORDER BY id LIMIT $2) AND orders.user_id <> u.id`,
    [email, count],
  );
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM orders o JOIN users u ON u.id = o.user_id WHERE lower(u.email) = lower($1)', [email]);
  return row?.count ?? 0;
}

/**
 * Administrators 2…`count` besides the seeded one (`admin-2@sparkle.test`, …), with its password:
 * the bench's administrators browse as the different people they are.
 */
export async function addAdministrators(db: Database, adminEmail: string, count: number): Promise<string[]> {
  await db.query(
    `INSERT INTO users (name, email, password_hash, roles)
     SELECT a.name || ' ' || g, 'admin-' || g || '@sparkle.test', a.password_hash, a.roles
       FROM users a, generate_series(2, $2::int) AS g
      WHERE lower(a.email) = lower($1)
     ON CONFLICT DO NOTHING`,
    [adminEmail, count],
  );
  return Array.from({ length: Math.max(0, count - 1) }, (_, i) => `admin-${i + 2}@sparkle.test`);
}

/** Tops up scale customers and orders to the given totals; returns the totals reached. */
export async function seedScale(db: Database, target: ScaleCounts, busy?: { email: string; orders: number }, options: ScaleOptions = {}): Promise<ScaleCounts> {
  const [{ count: users } = { count: 0 }] = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM users WHERE email LIKE 'scale-%@sparkle.test'");
  const [{ count: orders } = { count: 0 }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM orders');
  if (users < target.users || orders < target.orders) {
    const say = options.say ?? console.log;
    await db.transaction(async (tx) => {
      await withoutSecondaryIndexes(tx, ['users', 'orders', 'order_items', 'refund_requests', 'customer_order_counters'], say, async () => {
        for (let from = users + 1; from <= target.users; from += BATCH) {
          const to = Math.min(target.users, from + BATCH - 1);
          await timed(`customers ${from}–${to}`, () => insertUsers(tx, from, to), say);
        }
        // The busy customer's orders are the first ones written, given as they are written: an
        // UPDATE of 200,000 orders afterwards, through every index, took 156 s of a million's seed.
        const [{ from, id } = { from: 0, id: 0 }] = await tx.query<{ from: number; id: number }>(
          'SELECT (SELECT coalesce(max(id), 0)::int + 1 FROM orders) AS from, coalesce((SELECT id FROM users WHERE lower(email) = lower($1)), 0) AS id',
          [busy?.email ?? ''],
        );
        const demo = busy && id ? { id, from, to: from + busy.orders - 1 } : undefined;
        await withoutRowTriggers(tx, from, say, async () => {
          for (let done = orders; done < target.orders; done += BATCH) {
            const count = Math.min(BATCH, target.orders - done);
            await timed(`orders ${done + 1}–${done + count} with their items and refunds`, () => insertOrders(tx, count, demo, options.newestPlaced ?? '0 days'), say);
          }
        });
      });
    });
  }
  const [reached] = await db.query<ScaleCounts>(
    "SELECT (SELECT count(*)::int FROM users WHERE email LIKE 'scale-%@sparkle.test') AS users, (SELECT count(*)::int FROM orders) AS orders",
  );
  return reached!;
}

/**
 * Runs `load` (inserts of orders from id `from` on) with the orders' insert triggers off, then
 * counts the new orders into the counters once (006, 060, 073: the rule of `order_counters_apply`, as a
 * set). Each trigger cost a pass per batch: the counters' upsert of about a million customer rows
 * from a million-row transition table, the references' count of one (the seed gives them, see
 * insertOrders), and the ledger's row trigger — called once per order for nothing, as the seed's
 * orders have no `price_lines` (030). A load that fails rolls it all back, triggers on again.
 */
async function withoutRowTriggers(tx: Database, from: number, say: (line: string) => void, load: () => Promise<void>): Promise<void> {
  const triggers = ['order_counters_insert', 'order_reference_insert', 'orders_ledger_lines'];
  await tx.query(`ALTER TABLE orders ${triggers.map((name) => `DISABLE TRIGGER ${name}`).join(', ')}`);
  await load();
  await timed('order counters', async () => {
    await tx.query(
      `INSERT INTO order_counters AS c (status, checked_out, payment_method, stripe, orders, total)
       SELECT status, checked_out_at IS NOT NULL, coalesce(payment_method, ''), id % 16, count(*), coalesce(sum(total), 0) FROM orders WHERE id >= $1 GROUP BY 1, 2, 3, 4
       ON CONFLICT (status, checked_out, payment_method, stripe) DO UPDATE SET orders = c.orders + EXCLUDED.orders, total = c.total + EXCLUDED.total`,
      [from],
    );
    await tx.query(
      `INSERT INTO customer_order_counters AS c (user_id, status, checked_out, orders, last_placed_at)
       SELECT user_id, status, checked_out_at IS NOT NULL, count(*), max(created_at) FILTER (WHERE checked_out_at IS NOT NULL) FROM orders WHERE id >= $1 GROUP BY 1, 2, 3
       ON CONFLICT (user_id, status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders,
         last_placed_at = greatest(c.last_placed_at, EXCLUDED.last_placed_at)`,
      [from],
    );
  }, say);
  await tx.query(`ALTER TABLE orders ${triggers.map((name) => `ENABLE TRIGGER ${name}`).join(', ')}`);
}

/**
 * Runs `load` with the secondary indexes and the foreign keys of `tables` dropped, then builds
 * them again (in the caller's transaction: a load that fails leaves them as they were). A foreign
 * key checked row by row is an index lookup per row (four per order and its item); added back, it
 * is checked by one join. Unique indexes and primary keys stay: they keep the data right meanwhile.
 */
async function withoutSecondaryIndexes(tx: Database, tables: string[], say: (line: string) => void, load: () => Promise<void>): Promise<void> {
  const indexes = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND i.indexdef NOT LIKE 'CREATE UNIQUE%'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  const foreignKeys = await tx.query<{ table: string; name: string; definition: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.conrelid::regclass::text = ANY($1::text[])`,
    [tables],
  );
  for (const key of foreignKeys) await tx.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
  for (const index of indexes) await tx.query(`DROP INDEX ${index.name}`);
  await load();
  // Built in one sort each rather than a row at a time; two cores build a big one together.
  await tx.query("SET LOCAL maintenance_work_mem = '512MB'");
  for (const index of indexes) await timed(`index ${index.name}`, () => tx.query(index.definition), say);
  for (const key of foreignKeys) await timed(`foreign key ${key.name}`, () => tx.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`), say);
}

async function insertUsers(tx: Database, from: number, to: number): Promise<void> {
  // '!' is no scrypt hash: these customers exist to be listed, never to sign in.
  await tx.query(
    `INSERT INTO users (name, email, password_hash, roles, created_at)
     SELECT (${sqlList(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${sqlList(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
            'scale-' || g || '@sparkle.test', '!', ARRAY['ROLE_USER'], now() - g * interval '37 minutes'
     FROM generate_series($1::int, $2::int) AS g`,
    [from, to],
  );
}

/** The customer given the orders `from`…`to` (ids) as they are written (`--customer-orders`). */
interface DemoCustomer {
  id: number;
  from: number;
  to: number;
}

/** Orders spread over customers, services and statuses, each with one item and some refunds. */
async function insertOrders(db: Database, count: number, demoCustomer: DemoCustomer | undefined, newestPlaced: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ first } = { first: 0 }] = await tx.query<{ first: number }>('SELECT coalesce(max(id), 0)::int + 1 AS first FROM orders');
    // The customers' references are given here, in the order of placing as 037's trigger numbers
    // them (the latest placed first: these orders are placed further back as g grows): the trigger
    // then finds none to number, where its UPDATE of every new row wrote each order twice.
    // `count` numbers of the sequence (073) at once: nothing else places orders while the seed runs.
    const [{ last } = { last: 0 }] = await tx.query<{ last: number }>(
      "SELECT (setval('order_reference_seq', nextval('order_reference_seq') + $1 - 1) - $1)::int AS last", [count]);
    const demo = demoCustomer && demoCustomer.from <= first + count - 1 ? demoCustomer : { id: 0, from: 0, to: -1 };
    await tx.query(
      `WITH customers AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE NOT ('ROLE_ADMIN' = ANY (roles))),
            items AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(service_id ORDER BY id) AS services, array_agg(price ORDER BY id) AS prices FROM service_items),
            teams AS (SELECT array_agg(id ORDER BY id) AS ids FROM teams)
       INSERT INTO orders (id, reference, user_id, service_id, status, total, payment_method, due_at, address, phone, city, code_postal, client_note, checked_out_at, completed_at, created_at, team_id)
       SELECT g, $3::int + ($2::int - g + 1), CASE WHEN g BETWEEN $5 AND $6 THEN $4::int ELSE c.ids[1 + g % cardinality(c.ids)] END, i.services[1 + g % cardinality(i.ids)], (${sqlList(STATUSES)})[1 + g % 4],
              i.prices[1 + g % cardinality(i.ids)] * (1 + g % 3), CASE WHEN g % 2 = 0 THEN 'cash' ELSE 'card' END,
              now() - $7::interval - g * interval '13 minutes' + interval '3 days', g || ' High Street', '07' || lpad(((g::bigint * 7919) % 1000)::text, 3, '0') || ' ' || lpad(((g::bigint * 104729) % 1000000)::text, 6, '0'),
              'London', (${sqlList(AREAS)})[1 + g % ${AREAS.length}] || (1 + (g / ${AREAS.length}) % 20) || ' ' || (g / ${AREAS.length * 20}) % 10
                || chr(65 + (g / ${AREAS.length * 200}) % 26) || chr(65 + (g / ${AREAS.length * 5200}) % 26),
              '', now() - $7::interval - g * interval '13 minutes',
              CASE WHEN g % 4 = 2 THEN now() - $7::interval - g * interval '13 minutes' + interval '4 days' END, now() - $7::interval - g * interval '13 minutes',
              -- Past jobs have a team, bar one in 50; the next days' jobs are still to be assigned.
              CASE WHEN g % 50 <> 0 AND g > 400 THEN t.ids[1 + g % cardinality(t.ids)] END
       FROM generate_series($1::int, $2::int) AS g, customers c, items i, teams t`,
      [first, first + count - 1, last, demo.id, demo.from, demo.to, newestPlaced],
    );
    await tx.query(
      `INSERT INTO order_items (order_id, item_id, name, unit_price, quantity, total_price)
       SELECT o.id, si.id, si.name, si.price, 1 + o.id % 3, si.price * (1 + o.id % 3)
       FROM orders o JOIN LATERAL (SELECT * FROM service_items WHERE service_id = o.service_id ORDER BY id LIMIT 1) si ON true
       WHERE o.id BETWEEN $1 AND $2`,
      [first, first + count - 1],
    );
    await tx.query(
      `INSERT INTO refund_requests (order_id, reason, status, fee, requested_at)
       SELECT id, 'Plans changed', 'pending', 0, created_at + interval '1 hour' FROM orders
       WHERE id BETWEEN $1 AND $2 AND status = 'cancelled' AND id % 5 = 3`,
      [first, first + count - 1],
    );
    // Explicit ids above: move the identity past them so the server's own inserts keep working.
    await tx.query("SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))");
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { orders: { type: 'string', default: '10000' }, users: { type: 'string', default: '2000' }, 'customer-orders': { type: 'string', default: '0' }, admins: { type: 'string', default: '1' } },
  });
  // A million rows in one INSERT outlast the server's default statement timeout (15 s): a bulk
  // seed is not a request, so it runs without one unless DB_STATEMENT_TIMEOUT says otherwise.
  const config = loadConfig({ ...process.env, DB_STATEMENT_TIMEOUT: process.env.DB_STATEMENT_TIMEOUT ?? '0' });
  const db = await openDatabase(config);
  try {
    await migrate(db);
    await seedDatabase(db, config);
    const started = performance.now();
    const busy = Number(values['customer-orders']);
    const reached = await timed('customers and orders', () => seedScale(db, { orders: Number(values.orders), users: Number(values.users) }, { email: DEMO_EMAIL, orders: busy }));
    const own = busy > 0 ? await timed('the demo customer\'s orders', () => giveOrdersTo(db, DEMO_EMAIL, busy)) : 0;
    await addAdministrators(db, config.adminEmail ?? BENCH_ADMIN_EMAIL, Number(values.admins));
    // Fresh statistics and visibility map, as autovacuum would leave them minutes later: the
    // planner knows the new sizes, and index-only scans (late row lookup) skip the heap.
    await timed('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
    console.log(
      `Scale data: ${reached.users} customers, ${reached.orders} orders${busy ? `, ${own} of them the demo customer's` : ''} (${Math.round(performance.now() - started)} ms)`,
    );
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
