/**
 * Issue 35 part 2, "Done when": one migration (077) moves every money column from pounds to integer
 * pence, exactly (decision 102). A fresh database is migrated to 076, given the demo data and a row
 * of awkward amounts in every money table (0.01, 0.29, 0.57, 1.15, 12.35, 1234.50: several are not
 * pounds × 100 in floating point), every amount of every row is read, 077 runs, and every amount
 * read again is the pounds' digits without the point. The columns checked are found in the schema,
 * so a money column the migration forgot fails. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate';
import { seedDatabase } from '../../server/seed';
import { createEmptyDatabase, type TestDatabase } from './support/test-database';
import { testConfig } from './support/test-config';

/** Every money column, as table.column; percentages (vat_percent, discount_percent) are not money. */
const MONEY_COLUMNS = [
  'credit_notes.gross', 'credit_notes.net', 'credit_notes.vat',
  'invoices.gross', 'invoices.net', 'invoices.vat',
  'late_payments.amount', 'late_payments.refund_amount',
  'order_counters.total',
  'order_items.total_price', 'order_items.unit_price',
  'orders.paid_amount', 'orders.reschedule_fees', 'orders.total', 'orders.vat',
  'payment_session_refunds.amount',
  'payment_sessions.amount', 'payment_sessions.refunded_amount',
  'price_extras.price',
  'pricing_settings.congestion_charge',
  'quotes.total', 'quotes.vat',
  'refund_requests.fee', 'refund_requests.refund_due', 'refund_requests.refunded_amount',
  'revenue_days.gross', 'revenue_days.net', 'revenue_days.vat',
  'service_items.price',
].sort();
const RUNNING_SUMS = ['order_counters.total', 'revenue_days.gross', 'revenue_days.net', 'revenue_days.vat'];

let test: TestDatabase;

beforeAll(async () => {
  test = await createEmptyDatabase();
  await migrate(test.db, MIGRATIONS_DIR, { to: '076' });
});
afterAll(() => test?.dispose());

/** The schema's columns of a type, as table.column, in code-point order (as MONEY_COLUMNS). */
async function columnsOfType(db: Database, type: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type = $1`,
    [type],
  );
  return rows.map((row) => row.name).sort();
}

/** Every amount of a column, by its row's primary key, as the database writes it (text: no rounding on the way). */
async function amounts(db: Database, column: string): Promise<Map<string, string | null>> {
  const [table, name] = column.split('.') as [string, string];
  const keys = await db.query<{ attname: string }>(
    `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY a.attnum`,
    [table],
  );
  expect(keys.length, `${table} has a primary key`).toBeGreaterThan(0);
  const key = keys.map((k) => `${k.attname}::text`).join(` || '/' || `);
  const rows = await db.query<{ key: string; amount: string | null }>(`SELECT ${key} AS key, ${name}::text AS amount FROM ${table}`);
  return new Map(rows.map((row) => [row.key, row.amount]));
}

/** numeric(p,2) text ("1234.50", "-0.29") → pence, by its digits alone. */
const penceOfPoundsText = (pounds: string): bigint => {
  expect(pounds).toMatch(/^-?\d+\.\d\d$/);
  return BigInt(pounds.replace('.', ''));
};

/** A row of awkward amounts in every money table (pounds, as 076 keeps them); the counters and revenue days follow by their triggers. */
async function awkwardAmounts(db: Database): Promise<void> {
  const [first, second] = await db.query<{ id: number }>('SELECT id FROM orders WHERE checked_out_at IS NOT NULL ORDER BY id LIMIT 2');
  const [service] = await db.query<{ id: number }>('SELECT id FROM services ORDER BY id LIMIT 1');
  await db.query('UPDATE orders SET total = 1234.50, vat = 205.75, paid_amount = 0.01, reschedule_fees = 12.35 WHERE id = $1', [first!.id]);
  await db.query('UPDATE orders SET total = 0.29, vat = 0.05, paid_amount = 0.57, reschedule_fees = 1.15 WHERE id = $1', [second!.id]);
  await db.query('DELETE FROM order_items WHERE order_id = $1', [first!.id]);
  await db.query(`INSERT INTO order_items (order_id, item_id, name, unit_price, quantity, total_price)
                  SELECT $1, id, name, 12.35, 3, 37.05 FROM service_items ORDER BY id LIMIT 2`, [first!.id]);
  await db.query('UPDATE service_items SET price = 0.29 WHERE id = (SELECT min(id) FROM service_items)');
  await db.query('UPDATE price_extras SET price = 1234.57 WHERE id = (SELECT min(id) FROM price_extras)');
  await db.query('UPDATE pricing_settings SET congestion_charge = 11.57');
  await db.query('DELETE FROM refund_requests WHERE order_id = $1', [first!.id]);
  await db.query(`INSERT INTO refund_requests (order_id, reason, status, fee, refund_due, refunded_amount, requested_at)
                  VALUES ($1, 'Awkward amounts', 'accepted', 0.57, 1233.93, 1.15, now())`, [first!.id]);
  await db.query(`INSERT INTO payment_sessions (id, order_id, amount, description, email, status, created_at, refunded_amount)
                  VALUES ('cs_awkward', $1, 1234.50, 'Awkward amounts', 'awkward@example.co.uk', 'paid', now(), 0.29)`, [first!.id]);
  await db.query(`INSERT INTO payment_session_refunds (idempotency_key, id, session_id, amount) VALUES ('awkward', 're_awkward', 'cs_awkward', 0.29)`);
  await db.query(`INSERT INTO quotes (id, service_id, frequency, choices, lines, total, vat, created_at, expires_at)
                  VALUES ('awkward', $1, 'one_off', '{}', '[]', 12.35, 2.06, now(), now() + interval '1 hour')`, [service!.id]);
  await db.query(`INSERT INTO invoices (number, order_id, issued_at, customer_name, gross, vat, net)
                  VALUES (900001, NULL, now(), 'Awkward', 12.35, 2.06, 10.29), (900002, NULL, now() - interval '2 days', 'Awkward', 1234.50, 205.75, 1028.75)`);
  await db.query(`INSERT INTO credit_notes (number, invoice_number, order_id, issued_at, customer_name, reason, lines, gross, vat, net)
                  VALUES (900001, 900001, NULL, now(), 'Awkward', 'Awkward amounts', '[]', 0.29, 0.05, 0.24)`);
  await db.query(`INSERT INTO late_payments (payment_ref, order_id, reason, amount, refund_amount, received_at)
                  VALUES ('pi_awkward', $1, 'cancelled', 1234.50, 0.57, now())`, [second!.id]);
}

describe('migration 077: money in pence', () => {
  it('turns every money column into integer pence, each amount exactly its pounds × 100', async () => {
    const { db } = test;
    await seedDatabase(db, testConfig());
    await awkwardAmounts(db);

    // Before: the money columns are the schema's numeric columns less its percentages.
    const numeric = await columnsOfType(db, 'numeric');
    expect(numeric.filter((name) => !name.endsWith('_percent'))).toEqual(MONEY_COLUMNS);
    const before = new Map<string, Map<string, string | null>>();
    for (const column of MONEY_COLUMNS) {
      const values = await amounts(db, column);
      // Every column has rows, and amounts with pence in them.
      expect([...values.values()].some((value) => value !== null && !value.endsWith('.00')), `${column} has pence`).toBe(true);
      before.set(column, values);
    }

    expect(await migrate(db, MIGRATIONS_DIR, { to: '077' })).toEqual(['077_money_in_pence.sql']);

    // After: no money column is numeric; amounts are integer, running sums bigint.
    expect((await columnsOfType(db, 'numeric')).filter((name) => !name.endsWith('_percent'))).toEqual([]);
    expect(await columnsOfType(db, 'bigint').then((names) => names.filter((name) => MONEY_COLUMNS.includes(name)))).toEqual(RUNNING_SUMS);
    expect(await columnsOfType(db, 'integer').then((names) => names.filter((name) => MONEY_COLUMNS.includes(name))))
      .toEqual(MONEY_COLUMNS.filter((name) => !RUNNING_SUMS.includes(name)));
    let checked = 0;
    for (const column of MONEY_COLUMNS) {
      const after = await amounts(db, column);
      const was = before.get(column)!;
      expect([...after.keys()].sort(), `${column}'s rows`).toEqual([...was.keys()].sort());
      for (const [key, pounds] of was) {
        const pence = after.get(key);
        if (pounds === null) expect(pence, `${column} ${key}`).toBeNull();
        else expect(BigInt(pence!), `${column} ${key}: ${pounds}`).toBe(penceOfPoundsText(pounds));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);

    // A default that was pounds is pence now.
    const [setting] = await db.query<{ dflt: string }>(
      `SELECT column_default AS dflt FROM information_schema.columns WHERE table_name = 'pricing_settings' AND column_name = 'congestion_charge'`);
    expect(setting?.dflt).toBe('1150');
  });
});
