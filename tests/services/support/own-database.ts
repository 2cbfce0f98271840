import { afterAll, beforeAll } from 'vitest';
import type { AuthUser } from '../../../server/app-context';
import type { Database } from '../../../server/db/database';
import { hashPassword } from '../../../server/services/password-hasher';
import { createTestDatabase, type TestDatabase } from '../../api/support/test-database';

/**
 * A seeded database of the test file's own. These files change rules every booking reads (prices,
 * hours, teams) and book at fixed times, so unlike orders-lifecycle they never share the database
 * Stryker keeps between runs (SPARKLE_SHARED_TEST_DB): each run starts from the seed (about a second).
 */
export async function ownDatabase(): Promise<TestDatabase> {
  return createTestDatabase();
}

/** The file's own seeded database, made before its tests and disposed of after them. */
export function ownDatabaseForFile(): { readonly db: Database } {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await ownDatabase();
  }, 60_000);
  afterAll(async () => {
    await testDb?.dispose();
  });
  return {
    get db() {
      if (!testDb) throw new Error('The file\'s database is made in beforeAll');
      return testDb.db;
    },
  };
}

export async function seededUser(db: Database, email: string): Promise<AuthUser> {
  const [row] = await db.query<AuthUser>('SELECT id, name, email, roles FROM users WHERE email = $1', [email]);
  if (!row) throw new Error(`No seeded user ${email}`);
  return row;
}

export async function serviceNamed(db: Database, name: string): Promise<{ id: number; items: Map<string, number> }> {
  const rows = await db.query<{ service: number; id: number; name: string }>(
    'SELECT s.id AS service, i.id, i.name FROM services s JOIN service_items i ON i.service_id = s.id WHERE s.name = $1',
    [name],
  );
  if (rows.length === 0) throw new Error(`No seeded service ${name}`);
  return { id: Number(rows[0]!.service), items: new Map(rows.map((row) => [row.name, Number(row.id)])) };
}

export async function extraNamed(db: Database, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM price_extras WHERE name = $1', [name]);
  if (!row) throw new Error(`No seeded extra ${name}`);
  return Number(row.id);
}

/** The seeded customer Jane and the House Keeping items most service tests book. */
export async function janeAndHouseKeeping(db: Database) {
  const jane = await seededUser(db, 'customer@sparkle.test');
  const service = await serviceNamed(db, 'House Keeping');
  const item = (name: string, quantity: number) => ({ id: service.items.get(name)!, quantity });
  return { jane, serviceId: service.id, item };
}

/** The file's own database with Jane (the seeded customer) and "House Keeping": what most service tests book. */
export async function houseKeepingDatabase() {
  const testDb = await ownDatabase();
  const { jane, serviceId, item } = await janeAndHouseKeeping(testDb.db);
  const service = await serviceNamed(testDb.db, 'House Keeping');
  return { testDb, db: testDb.db, jane, service, serviceId, item, twoBedrooms: [item('Bedroom', 2)] };
}

/** A customer account of the test file's own, with its password hashed as the product does. */
export async function newAccount(db: Database, email: string, password: string, name = 'Test Account'): Promise<{ id: number; email: string; password: string }> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, roles) VALUES ($1, $2, $3, ARRAY['ROLE_USER']) RETURNING id`,
    [name, email, await hashPassword(password)],
  );
  return { id: row!.id, email, password };
}

/** The account's token version: raised whenever its sessions end (a new password, logout everywhere). */
export async function tokenVersion(db: Database, id: number): Promise<number> {
  return (await db.query<{ token_version: number }>('SELECT token_version FROM users WHERE id = $1', [id]))[0]!.token_version;
}
