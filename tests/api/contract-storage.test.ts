import { confirmationToken } from './support/confirmation-link';
import { waitForMail } from './support/mail-wait';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { seedDatabase } from '../../server/seed';
import { testConfig } from './support/test-config';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** Storage: migrations once each, first-start data once, and data kept across a restart. */
describe('migrations and first-start data', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test?.dispose());

  it('applies each migration once, in name order', async () => {
    const applied = await test.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(applied.map((row) => row.name).slice(0, 2)).toEqual(['001_core.sql', '002_orders.sql']);
    expect(await migrate(test.db)).toEqual([]);
  });

  it('seeds into an empty database only: a second run changes nothing', async () => {
    const count = async () => {
      const [row] = await test.db.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM services) AS services, (SELECT count(*) FROM service_items) AS items,
                (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM faqs) AS faqs, (SELECT count(*) FROM orders) AS orders`,
      );
      return row;
    };
    const before = await count();
    const result = await seedDatabase(test.db, testConfig());
    expect(result.seededContent).toBe(false);
    expect(await count()).toEqual(before);
  });

  it('prices the demo orders as a customer\'s would be (one creation path): VAT included, lines that add up', async () => {
    // What the job was priced at: its ledger's priced lines (decision 036); a refund's credit lines
    // later lower what the order costs, not what it was priced at.
    const rows = await test.db.query<{ id: number; total: string; vat: string; frequency: string; lines_total: string }>(
      `SELECT o.id, (SELECT sum(l.amount) FROM order_ledger l WHERE l.order_id = o.id AND l.kind IN ('item', 'option', 'extra', 'congestion', 'discount')) AS total,
              o.vat, o.frequency, (SELECT sum(i.total_price) FROM order_items i WHERE i.order_id = o.id) AS lines_total
         FROM orders o ORDER BY o.id`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const [total, vat] = [Number(row.total), Number(row.vat)];
      expect(row.frequency, `order ${row.id}`).toBe('one_off');
      expect(Number(row.lines_total), `order ${row.id}`).toBe(total);
      // 20% VAT inside the price: VAT is a sixth of the total, to the penny.
      expect(vat, `order ${row.id}`).toBe(Math.round(total / 6));
    }
  });

  it('gives every service 4 to 8 items priced in pounds, 5 to 8 activities and 3 to 4 FAQs', async () => {
    const rows = await test.db.query<{ name: string; items: number; activities: number; faqs: number; min_price: number }>(
      `SELECT s.name,
              (SELECT count(*) FROM service_items i WHERE i.service_id = s.id) AS items,
              (SELECT min(price) FROM service_items i WHERE i.service_id = s.id) AS min_price,
              (SELECT count(*) FROM service_activities a WHERE a.service_id = s.id) AS activities,
              (SELECT count(*) FROM service_faqs f WHERE f.service_id = s.id) AS faqs
       FROM services s ORDER BY s.sort`,
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.items, row.name).toBeGreaterThanOrEqual(4);
      expect(row.items, row.name).toBeLessThanOrEqual(8);
      expect(row.min_price, row.name).toBeGreaterThan(0);
      expect(row.activities, row.name).toBeGreaterThanOrEqual(5);
      expect(row.activities, row.name).toBeLessThanOrEqual(8);
      expect(row.faqs, row.name).toBeGreaterThanOrEqual(3);
      expect(row.faqs, row.name).toBeLessThanOrEqual(4);
    }
    const [bedroom] = await test.db.query<{ price: number }>(
      `SELECT price FROM service_items i JOIN services s ON s.id = i.service_id WHERE s.slug = 'house-keeping' AND i.name = 'Bedroom'`,
    );
    // Whole pence (077), a number on both drivers.
    expect(bedroom).toEqual({ price: 2500 });
  });
});

describe('an embedded database in a data folder', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-restart-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps accounts and data across a restart, and generates the demo passwords once', async () => {
    // Development defaults: demo passwords generated into DATA_DIR/demo-accounts.json.
    const config = testConfig({ nodeEnv: 'development', dataDir, adminPassword: null, demoPassword: null });
    // The first start copies the seeded dump into the folder when there is one (a fresh embedded
    // database takes seconds); the second start reopens the folder as `npm start` does.
    const dumpPath = inject('seededDumpPath');
    const dump = dumpPath ? new File([await readFile(dumpPath)], 'seeded.tar.gz', { type: 'application/x-gzip' }) : undefined;
    const start = async (loadDataDir?: Blob) => {
      const db = await openPglite({ dataDir: path.join(dataDir, 'pgdata'), ...(loadDataDir ? { loadDataDir } : {}) });
      await migrate(db);
      const seed = await seedDatabase(db, config);
      const app = await buildApp({ db, config, logger: false });
      return { db, app, seed };
    };

    const first = await start(dump);
    const saved = JSON.parse(await readFile(path.join(dataDir, 'demo-accounts.json'), 'utf8')) as { admin: string; customer: string };
    expect(first.seed.accounts.map((account) => [account.email, account.password])).toEqual([
      ['customer@sparkle.test', saved.customer],
      ['admin@sparkle.test', saved.admin],
    ]);
    // The printed sign-in works, also for accounts that existed before the passwords were generated.
    const firstAdmin = await first.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin@sparkle.test', password: saved.admin } });
    expect(firstAdmin.statusCode).toBe(200);
    const registered = await first.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Restart Tester', email: 'restart@example.co.uk', password: 'survives-restarts' },
    });
    expect(registered.statusCode).toBe(201);
    const token = confirmationToken(await waitForMail(config.outboxDir, 'restart@example.co.uk'));
    expect((await first.app.inject({ method: 'POST', url: `/api/auth/confirm-email/${token}`, payload: { password: 'survives-restarts' } })).statusCode).toBe(200);
    await first.app.close();
    await first.db.close();

    const second = await start();
    try {
      expect(second.seed.seededContent).toBe(false);
      expect(second.seed.accounts.map((account) => account.password)).toEqual([saved.customer, saved.admin]);
      const login = await second.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'restart@example.co.uk', password: 'survives-restarts' },
      });
      expect(login.statusCode).toBe(200);
      const admin = await second.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin@sparkle.test', password: saved.admin } });
      expect(admin.json()).toMatchObject({ name: 'Sam Admin', roles: ['ROLE_USER', 'ROLE_ADMIN'] });
      const services = await second.app.inject({ method: 'GET', url: '/api/home/services' });
      expect(services.json()).toHaveLength(6);
    } finally {
      await second.app.close();
      await second.db.close();
    }
  }, 180_000);

  it('creates no demo customer and no default admin in production', async () => {
    const test = await createTestDatabase();
    const db = test.db;
    try {
      // An empty database, as on a first production start.
      await db.query('TRUNCATE users, services, counters, testimonies, faqs, contact_messages CASCADE');
      const config = testConfig({ nodeEnv: 'production', dataDir, adminEmail: null, adminPassword: null, demoPassword: null });
      const seed = await seedDatabase(db, config);
      expect(seed.accounts).toEqual([]);
      // The site content is there; demo orders are not.
      expect(seed.seededContent).toBe(true);
      expect(await db.query('SELECT id FROM users')).toEqual([]);
      expect(await db.query('SELECT id FROM orders')).toEqual([]);
      const withAdmin = await seedDatabase(db, { ...config, adminEmail: 'boss@example.co.uk', adminPassword: 'a-strong-admin-password' });
      expect(withAdmin.accounts.map((account) => account.email)).toEqual(['boss@example.co.uk']);
      expect(await db.query('SELECT email, roles FROM users')).toEqual([{ email: 'boss@example.co.uk', roles: ['ROLE_USER', 'ROLE_ADMIN'] }]);
      expect(withAdmin.seededContent).toBe(false);
      expect(await db.query('SELECT id FROM orders')).toEqual([]);
    } finally {
      await test.dispose();
    }
  });
});
