import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../openapi/schema';
import type { Database } from '../../server/db/database';
import { listUsers, type UserSort } from '../../server/services/admin-users';
import type { TestDatabase } from '../api/support/test-database';
import { ownDatabase } from './support/own-database';

/**
 * The back office's Users table (R-ADMIN-5, decision 011): every account, administrators included,
 * a page at a time, sorted by id, name, email or creation in either direction, on a real seeded
 * PGlite with a few accounts of this file whose names, emails and dates sort differently.
 */
let testDb: TestDatabase;
const db = (): Database => testDb.db;
const MINE = '@admin-users.test';

/** name, email (null: anonymised), created. Ids follow this order; names, emails and dates do not. */
const ACCOUNTS: Array<[string, string | null, string]> = [
  ['carol Brown', `Zed${MINE}`, '2029-03-01T09:00:00.000Z'],
  ['Alice Smith', `bob${MINE}`, '2029-01-01T09:00:00.000Z'],
  ['bob Jones', `Amy${MINE}`, '2029-02-01T09:00:00.000Z'],
  ['Alice Smith', `carl${MINE}`, '2029-01-01T09:00:00.000Z'],
  ['Deleted Account', null, '2029-04-01T09:00:00.000Z'],
];
let ids: number[];

/** Every account, in the order the table shows them, as `limit`-row pages read one after another. */
async function allPages(sort: UserSort | undefined, order: 'asc' | 'desc' | undefined, limit = 1000): Promise<AdminUser[]> {
  const rows: AdminUser[] = [];
  for (let page = 1; ; page++) {
    const found = await listUsers(db(), { ...(sort ? { sort } : {}), ...(order ? { order } : {}) }, { limit, page });
    rows.push(...found.rows);
    if (found.rows.length < limit) return rows;
  }
}
const mine = (rows: AdminUser[]) => rows.filter((row) => ids.includes(row.id)).map((row) => ids.indexOf(row.id));

beforeAll(async () => {
  testDb = await ownDatabase();
  ids = [];
  for (const [name, email, created] of ACCOUNTS) {
    const [row] = await db().query<{ id: number }>(
      `INSERT INTO users (name, email, password_hash, roles, created_at) VALUES ($1, $2, 'x', ARRAY['ROLE_USER'], $3) RETURNING id`,
      [name, email, created],
    );
    ids.push(row!.id);
  }
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the Users table', () => {
  it('lists every account, oldest id first, with its name, email (empty once anonymised) and creation time', async () => {
    const [{ count }] = (await db().query<{ count: number }>('SELECT count(*)::int AS count FROM users')) as [{ count: number }];
    const first = await listUsers(db(), {}, { limit: 1000, page: 1 });
    expect(first.total).toBe(count);
    expect(first.rows).toHaveLength(count);
    expect(first.rows.map((row) => row.id)).toEqual([...first.rows.map((row) => row.id)].sort((a, b) => a - b));
    expect(first.rows.find((row) => row.email === 'admin@sparkle.test')).toMatchObject({ name: 'Sam Admin' });
    expect(first.rows.filter((row) => ids.includes(row.id))).toEqual(
      ACCOUNTS.map(([name, email, created], index) => ({ id: ids[index], name, email: email ?? '', created })),
    );
  });

  it('reads it a page at a time: the pages join into the whole list, the total on each', async () => {
    const whole = await allPages(undefined, undefined);
    expect(await allPages(undefined, undefined, 3)).toEqual(whole);
    const third = await listUsers(db(), { sort: 'id', order: 'asc' }, { limit: 2, page: 3 });
    expect(third).toEqual({ total: whole.length, rows: whole.slice(4, 6) });
  });

  it.each([
    ['id', 'asc', [0, 1, 2, 3, 4]],
    ['id', 'desc', [4, 3, 2, 1, 0]],
    // Names without regard to case; equal names by id.
    ['name', 'asc', [1, 3, 2, 0, 4]],
    ['name', 'desc', [4, 0, 2, 3, 1]],
    // Emails without regard to case; the anonymised account's empty one sorts as missing (last ascending).
    ['email', 'asc', [2, 1, 3, 0, 4]],
    ['email', 'desc', [4, 0, 3, 1, 2]],
    ['created', 'asc', [1, 3, 2, 0, 4]],
    ['created', 'desc', [4, 0, 2, 3, 1]],
  ] as const)('sorts by %s %s', async (sort, order, expected) => {
    expect(mine(await allPages(sort, order))).toEqual(expected);
    // Read in small pages, the order is the same (ties broken by id, in the same direction).
    expect(mine(await allPages(sort, order, 2))).toEqual(expected);
  });

  it('sorts ascending when no direction is given', async () => {
    expect(mine(await allPages('name', undefined))).toEqual([1, 3, 2, 0, 4]);
  });
});
