import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDate } from '../../domain/time/london-time';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { orderRepository, type OrderListQuery, type OrderRow } from '../../server/repositories/orders';
import type { Page } from '../../server/repositories/paging';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, newAccount } from './support/own-database';
import { refused } from './support/refused';

/**
 * What the back office's order search finds and in which order (decisions 017, 043, 092, 112),
 * called on the order repository as the orders list calls it: a phone number, an order's id or
 * reference, the due-day filters, assigned or not; and a broad search (more hits than it counts)
 * read through its matching customers page by page, where the customers read first do not hold
 * the page (a customer's newest orders deleted, customers without orders first in name order), so
 * the read must go on batch after batch. Every page is checked against the orders sorted here.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const DAY = 24 * 3_600_000;

let testDb: TestDatabase;
let db: Database;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, NOW);
let day = 2;

const booked = (who: AuthUser) => book(who, serviceId, twoBedrooms, { date: new Date(NOW.getTime() + day++ * DAY).toISOString().slice(0, 10), time: '10:00', now: NOW });
const set = (id: number, fields: string, ...values: unknown[]) => db.query(`UPDATE orders SET ${fields} WHERE id = $1`, [id, ...values]);
const customer = async (name: string): Promise<AuthUser> => {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@search.test`;
  return { ...(await newAccount(db, email, 'a long password 1', name)), name, roles: ['ROLE_USER'] };
};
const ids = (page: Page<OrderRow>) => page.rows.map((order) => order.id);
const page = (query: OrderListQuery, n: number, limit: number, cap?: number) => orderRepository(db).page(query, { page: n, limit }, cap);

/** Every page of `limit` until an empty one. */
async function allPages(query: OrderListQuery, limit: number, cap?: number): Promise<number[][]> {
  const pages: number[][] = [];
  for (let n = 1; n <= 20; n++) {
    const found = ids(await page(query, n, limit, cap));
    if (found.length === 0) return pages;
    pages.push(found);
  }
  throw new Error('more than 20 pages');
}
const inPages = (sorted: number[], limit: number) => Array.from({ length: Math.ceil(sorted.length / limit) }, (_, i) => sorted.slice(i * limit, (i + 1) * limit));

beforeAll(async () => {
  ({ testDb, db, serviceId, twoBedrooms } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('a search by what the order holds', () => {
  let mine: number;
  let other: number;
  beforeAll(async () => {
    const owner = await customer('Pella Ordinary');
    mine = await booked(owner);
    other = await booked(owner);
    await set(mine, "phone = '07700 900 461', code_postal = 'QX1 4AB'");
    await set(other, "phone = '020 7946 0999', code_postal = 'QX2 9CD'");
  });

  it('finds a phone number by its digits, however it is typed, counted or past the cap', async () => {
    for (const cap of [undefined, 0]) {
      expect(ids(await page({ q: '900461' }, 1, 10, cap))).toEqual([mine]);
      expect(ids(await page({ q: '(07700) 900-461' }, 1, 10, cap))).toEqual([mine]);
      expect(ids(await page({ q: '+07700 900 461', status: 'awaiting_validation' }, 1, 10, cap))).toEqual([mine]);
    }
    // Three digits are no phone search: they would match most orders.
    expect(ids(await page({ q: '461' }, 1, 10))).toEqual([]);
  });

  it("finds an order by its id (42 or #42) and by its reference, and a number past an id's range as text", async () => {
    const [{ reference }] = (await db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [other])) as [{ reference: number }];
    for (const cap of [undefined, 0]) {
      expect(ids(await page({ q: String(mine) }, 1, 10, cap))).toContain(mine);
      expect(ids(await page({ q: `#${mine}` }, 1, 10, cap))).toContain(mine);
      expect(ids(await page({ q: `#${mine}`, status: 'awaiting_validation' }, 1, 10, cap))).toContain(mine);
      expect(ids(await page({ q: `#${reference}` }, 1, 10, cap))).toContain(other);
    }
    expect(ids(await page({ q: '2147483648' }, 1, 10))).toEqual([]);
  });

  it('finds a postcode without its space, in any case, and takes the text without its outer spaces', async () => {
    expect(ids(await page({ q: '  qx1 4ab  ' }, 1, 10))).toEqual([mine]);
    expect(ids(await page({ q: 'Qx14Ab', status: 'awaiting_validation' }, 1, 10))).toEqual([mine]);
    expect(ids(await page({ q: '   ', status: 'awaiting_validation' }, 1, 1000)).length).toBeGreaterThan(2);
  });
});

describe('the filters beside a search', () => {
  it('refuses a due range that ends before it starts', async () => {
    await refused(page({ due_from: '2030-02-02', due_to: '2030-02-01' }, 1, 10), 400, 'due_from must not be after due_to');
  });

  it('keeps the UK days asked for, from alone or to alone, and assigned or unassigned orders', async () => {
    const owner = await customer('Ivo Filterly');
    const [first, second, third] = [await booked(owner), await booked(owner), await booked(owner)];
    const dayOf = async (id: number) => londonDate((await db.query<{ due: Date }>('SELECT due_at AS due FROM orders WHERE id = $1', [id]))[0]!.due);
    const [d1, d2, d3] = [await dayOf(first!), await dayOf(second!), await dayOf(third!)];
    const q = 'filterly';
    const only = async (query: OrderListQuery) => ids(await page({ q, ...query, order: 'asc', sort: 'id' }, 1, 10));
    expect(await only({ due_from: d2 })).toEqual([second, third]);
    expect(await only({ due_to: d2 })).toEqual([first, second]);
    expect(await only({ due_from: d2, due_to: d2 })).toEqual([second]);
    expect(await only({ due_from: d1, due_to: d3 })).toEqual([first, second, third]);
    await set(second!, 'team_id = NULL');
    await set(first!, 'team_id = (SELECT id FROM teams ORDER BY id LIMIT 1)');
    await set(third!, 'team_id = (SELECT id FROM teams ORDER BY id LIMIT 1)');
    expect(await only({ unassigned: true })).toEqual([second]);
    expect(await only({ unassigned: false })).toEqual([first, third]);
  });
});

describe('a broad search read through its matching customers', () => {
  /** The orders of the surname's customers, each with the time it was placed. */
  const placed: Array<{ id: number; at: number; name: string; user: number }> = [];
  const q = 'yarrowby';

  beforeAll(async () => {
    // Customers with no order, first in name order either way ("Aa…" and "Zz…").
    for (const name of ['Aaron Yarrowby', 'Abel Yarrowby', 'Abra Yarrowby', 'Zyla Yarrowby', 'Zora Yarrowby', 'Zola Yarrowby']) await customer(name);
    const people = await Promise.all(['Bea Yarrowby', 'Cy Yarrowby', 'Dot Yarrowby', 'Eli Yarrowby', 'Fay Yarrowby', 'Gus Yarrowby', 'Hal Yarrowby'].map(customer));
    let minute = 0;
    for (const [n, who] of people.entries()) {
      for (let k = 0; k < 1 + (n % 2); k++) {
        const id = await booked(who);
        const at = NOW.getTime() + DAY + minute++ * 60_000;
        await set(id, 'created_at = $2', new Date(at));
        placed.push({ id, at, name: who.name.toLowerCase(), user: who.id });
      }
    }
    // Each customer's newest placed time as the counters' trigger keeps it, except that Bea, Cy and
    // Dot had newer orders that were deleted since: the kept time is never lowered, so they are read
    // first and hold none of the newest orders.
    await db.query(
      `UPDATE customer_order_counters c SET last_placed_at = (SELECT max(created_at) FROM orders o WHERE o.user_id = c.user_id AND o.checked_out_at IS NOT NULL)
        WHERE c.checked_out AND c.user_id = ANY($1::integer[])`,
      [people.map((who) => who.id)],
    );
    for (const [n, who] of people.slice(0, 3).entries()) {
      await db.query('UPDATE customer_order_counters SET last_placed_at = $2 WHERE user_id = $1 AND checked_out', [who.id, new Date(NOW.getTime() + 30 * DAY + n * 60_000)]);
    }
  });

  const newestFirst = () => [...placed].sort((a, b) => b.at - a.at || b.id - a.id).map((order) => order.id);
  const byName = (desc: boolean) =>
    [...placed].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.user - b.user || a.id - b.id) * (desc ? -1 : 1)).map((order) => order.id);

  it('newest first: every page as the orders sorted, whether counted or past the cap', async () => {
    expect(placed).toHaveLength(10);
    for (const limit of [1, 2, 3]) {
      expect(await allPages({ q }, limit, 2)).toEqual(inPages(newestFirst(), limit));
    }
    expect(await allPages({ q }, 4)).toEqual(inPages(newestFirst(), 4));
    expect(await page({ q }, 1, 4, 2)).toMatchObject({ total: 3, totalIsLowerBound: true });
    expect(await page({ q }, 1, 4)).toMatchObject({ total: 10 });
  });

  it("by the customer's name either way, past customers with no orders", async () => {
    for (const desc of [false, true]) {
      for (const limit of [1, 2, 3]) {
        expect(await allPages({ q, sort: 'user', order: desc ? 'desc' : 'asc' }, limit, 2)).toEqual(inPages(byName(desc), limit));
      }
      expect(await allPages({ q, sort: 'user', order: desc ? 'desc' : 'asc' }, 5)).toEqual(inPages(byName(desc), 5));
    }
  });
});
