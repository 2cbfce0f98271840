import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { listOrders } from '../../server/services/orders-admin';
import { createOrder } from '../../server/services/orders';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase } from './support/own-database';

/**
 * Issue 25 row 10 (decision 043) and issue 37 row 1 (decision 090, migration 073): a placed order's
 * reference comes from a sequence when it is placed, so drafts never placed take no number, a
 * checkout rolled back leaves a gap (it locks nothing another checkout waits for), and checkouts at
 * once get distinct increasing numbers (PostgreSQL with DATABASE_URL).
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, NOW);

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
}, 60_000);
afterAll(async () => testDb?.dispose());

const referenceOf = async (id: number) => (await db.query<{ reference: number | null }>('SELECT reference FROM orders WHERE id = $1', [id]))[0]!.reference;
const booked = (date: string, time: string, frequency?: 'weekly') =>
  book(jane, serviceId, twoBedrooms, { date, time, now: NOW, ...(frequency ? { frequency } : {}) });

describe('order references', () => {
  it('the orders placed before are numbered 1… in the order they were placed, with no gap', async () => {
    const [row] = await db.query<{ placed: number; first: number | null; last: number | null; drafts: number }>(
      `SELECT count(reference)::int AS placed, min(reference) AS first, max(reference) AS last,
              count(*) FILTER (WHERE checked_out_at IS NULL AND reference IS NOT NULL)::int AS drafts FROM orders`);
    expect(row!.drafts).toBe(0);
    if (row!.placed > 0) expect([row!.first, row!.last]).toEqual([1, row!.placed]);
  });

  it('drafts abandoned between two checkouts take no number; a checkout rolled back leaves a gap; a draft has no reference', async () => {
    const first = await booked('2030-01-09', '09:00');
    const drafts = await Promise.all([1, 2, 3].map(() => createOrder(db, jane, { service: serviceId, items: twoBedrooms }, NOW)));
    expect(await Promise.all(drafts.map((draft) => referenceOf(draft.id)))).toEqual([null, null, null]);
    const second = await booked('2030-01-09', '13:00');
    expect(second - first).toBeGreaterThan(1);
    expect(await referenceOf(second)).toBe((await referenceOf(first))! + 1);
    // A checkout that fails after its write: its number is not given again.
    let taken: number | null = null;
    await expect(db.transaction(async (tx) => {
      await tx.query('UPDATE orders SET checked_out_at = $2 WHERE id = $1', [drafts[0]!.id, NOW]);
      taken = (await tx.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [drafts[0]!.id]))[0]!.reference;
      throw new Error('the checkout failed after its write');
    })).rejects.toThrow('the checkout failed');
    expect(await referenceOf(drafts[0]!.id)).toBeNull();
    const third = await booked('2030-01-09', '17:00');
    expect(taken).toBe((await referenceOf(second))! + 1);
    expect(await referenceOf(third)).toBe(taken! + 1);
  });

  it('a series’ planned visits are numbered too, consecutively after their first visit', async () => {
    const first = await booked('2030-01-10', '09:00', 'weekly');
    const visits = await db.query<{ reference: number }>(
      'SELECT reference FROM orders WHERE series_id = (SELECT series_id FROM orders WHERE id = $1) ORDER BY due_at', [first]);
    const start = (await referenceOf(first))!;
    expect(visits.map((visit) => visit.reference)).toEqual(visits.map((_, index) => start + index));
  });

  it('checkouts at once get distinct references, each above every earlier one', async () => {
    const before = (await db.query<{ last: number }>('SELECT max(reference)::int AS last FROM orders'))[0]!.last;
    const ids = await Promise.all(['08:00', '10:00', '12:00', '14:00', '16:00', '18:00'].map((time) => booked('2030-01-15', time)));
    const references = await Promise.all(ids.map(referenceOf));
    expect(new Set(references).size).toBe(6);
    expect(Math.min(...references.map(Number))).toBeGreaterThan(before);
  });

  it('staff search finds an order by its reference as by its id', async () => {
    const id = await booked('2030-01-16', '09:00');
    const reference = (await referenceOf(id))!;
    expect(reference).not.toBe(id);
    const found = await listOrders(db, { q: `#${reference}` }, { limit: 20, page: 1 });
    expect(found.rows.map((row) => row.id)).toContain(id);
  });
});
