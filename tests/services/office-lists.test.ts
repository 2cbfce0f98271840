import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { customerRepository, type CustomerRow, type CustomerSort } from '../../server/repositories/customers';
import { orderRepository } from '../../server/repositories/orders';
import { MAX_PAGE_DEPTH, type Page } from '../../server/repositories/paging';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, newAccount } from './support/own-database';

/**
 * How the back office's lists count and page (decisions 016, 020, 025, 092): the customers list in
 * every sort and direction, an erased address last either way, read from either end, searched by
 * name or by an address being typed, counted exactly or past the cap; the orders list's totals from
 * the counters by status and payment method, and a customer's own orders counted by status. Called
 * on the repositories as the routes call them; every page is checked against rows sorted here.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const DAY = 24 * 3_600_000;

let testDb: TestDatabase;
let db: Database;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, NOW);
let day = 2;

beforeAll(async () => {
  ({ testDb, db, serviceId, twoBedrooms } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the customers list', () => {
  /** Five customers of one surname; names and addresses sort in opposite orders; Eve's address erased. */
  const people: Array<{ id: number; name: string; email: string | null; created: number }> = [];
  const q = 'wendleby';

  beforeAll(async () => {
    const rows: Array<[string, string]> = [['Ann Wendleby', 'we@wendleby.test'], ['Bob Wendleby', 'wd@wendleby.test'], ['Cal Wendleby', 'wc@wendleby.test'], ['Dee Wendleby', 'wb@wendleby.test'], ['Eve Wendleby', 'wa@wendleby.test']];
    for (const [n, [name, email]] of rows.entries()) {
      const { id } = await newAccount(db, email, 'a long password 1', name);
      // Created in an order of their own: Cal first, then Ann, Eve, Bob, Dee.
      const created = NOW.getTime() + [2, 4, 1, 5, 3][n]! * 60_000;
      await db.query('UPDATE users SET created_at = $2 WHERE id = $1', [id, new Date(created)]);
      people.push({ id, name, email, created });
    }
    await db.query('UPDATE users SET email = NULL, anonymised_at = $2 WHERE id = $1', [people[4]!.id, NOW]);
    people[4]!.email = null;
  });

  const sorted = (sort: CustomerSort, desc: boolean, rows = people) => {
    const key = (p: (typeof people)[number]) => (sort === 'name' ? p.name.toLowerCase() : sort === 'email' ? p.email : sort === 'created' ? p.created : p.id);
    const direction = desc ? -1 : 1;
    return [...rows]
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x === null || y === null) return x === y ? direction * (a.id - b.id) : x === null ? 1 : -1; // an erased address last either way
        return (x < y ? -direction : x > y ? direction : 0) || direction * (a.id - b.id);
      })
      .map((p) => p.id);
  };
  const ids = (page: Page<CustomerRow>) => page.rows.map((row) => row.id);
  const pages = async (query: Parameters<ReturnType<typeof customerRepository>['page']>[0], limit: number, count: number, cap?: number) => {
    const all: number[][] = [];
    for (let n = 1; n <= Math.ceil(count / limit) + 1; n++) all.push(ids(await customerRepository(db).page(query, { page: n, limit }, cap)));
    return all;
  };
  const inPages = (list: number[], limit: number) => [...Array.from({ length: Math.ceil(list.length / limit) }, (_, i) => list.slice(i * limit, (i + 1) * limit)), []];

  it('a search in every sort and direction, counted or past the cap, read from either end', async () => {
    for (const sort of ['name', 'email', 'created', 'id'] as const) {
      for (const desc of [false, true]) {
        const expected = sorted(sort, desc);
        const query = { q, sort, order: desc ? ('desc' as const) : ('asc' as const) };
        // Pages of 2 of 5: the third is read from the end, in the reversed order.
        expect(await pages(query, 2, 5), `${sort} ${desc ? 'desc' : 'asc'}`).toEqual(inPages(expected, 2));
        expect(await pages(query, 2, 5, 3), `${sort} ${desc ? 'desc' : 'asc'} past the cap`).toEqual(inPages(expected, 2));
      }
    }
    expect(ids(await customerRepository(db).page({ q: `  ${q}  ` }, { page: 1, limit: 10 }))).toEqual(sorted('name', false));
  });

  it('is counted exactly up to the cap, and "more than" past it', async () => {
    const repository = customerRepository(db);
    expect(await repository.page({ q }, { page: 1, limit: 2 })).toMatchObject({ total: 5 });
    expect(await repository.page({ q }, { page: 1, limit: 2 }, 5)).toMatchObject({ total: 5 });
    expect((await repository.page({ q }, { page: 1, limit: 2 }, 5)).totalIsLowerBound).toBeUndefined();
    expect(await repository.page({ q }, { page: 1, limit: 2 }, 4)).toMatchObject({ total: 5, totalIsLowerBound: true });
    expect(await repository.page({ q }, { page: 4, limit: 2 })).toEqual({ rows: [], total: 5 });
  });

  it('an address being typed is found by its start, else anywhere in it', async () => {
    const repository = customerRepository(db);
    const [ann, , cal] = people;
    // Another address holds "wc@" but does not start with it: the start decides, in any case.
    await newAccount(db, 'xwc@elsewhere.test', 'a long password 1', 'Xavier Elsewhere');
    expect(ids(await repository.page({ q: 'WC@' }, { page: 1, limit: 10 }))).toEqual([cal!.id]);
    expect(ids(await repository.page({ q: 'wc@', sort: 'id' }, { page: 1, limit: 10 }, 0))).toEqual([cal!.id]);
    expect(ids(await repository.page({ q: '@wendleby.test', sort: 'email' }, { page: 1, limit: 10 }))).toEqual(sorted('email', false, people.slice(0, 4)));
    expect(ids(await repository.page({ q: 'we@wendleby.test' }, { page: 1, limit: 10 }))).toEqual([ann!.id]);
    // LIKE's own wildcards are taken literally.
    expect(ids(await repository.page({ q: 'w_@wendleby.test' }, { page: 1, limit: 10 }))).toEqual([]);
  });

  it('without a search: every customer counted by the trigger-kept count, the last page read from the end', async () => {
    const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::integer AS n FROM users WHERE NOT (roles && ARRAY['ROLE_ADMIN', 'ROLE_CLEANER'])")) as [{ n: number }];
    const repository = customerRepository(db);
    const first = await repository.page({ sort: 'id' }, { page: 1, limit: 3 });
    expect(first.total).toBe(n);
    const [all] = [await db.query<{ id: number }>("SELECT id FROM users WHERE NOT (roles && ARRAY['ROLE_ADMIN', 'ROLE_CLEANER']) ORDER BY id")];
    expect(ids(first)).toEqual(all.slice(0, 3).map((row) => row.id));
    const lastPage = Math.ceil(n / 3);
    expect(ids(await repository.page({ sort: 'id' }, { page: lastPage, limit: 3 }))).toEqual(all.slice((lastPage - 1) * 3).map((row) => row.id));
    expect(n).toBeLessThan(MAX_PAGE_DEPTH);
  });
});

describe('the orders list counted from the counters', () => {
  it('by status, by payment method, both, and a customer’s own by status', async () => {
    const { id, email } = await newAccount(db, 'tally@counters.test', 'a long password 1', 'Tally Counters');
    const owner: AuthUser = { id, email, name: 'Tally Counters', roles: ['ROLE_USER'] };
    const orders: number[] = [];
    for (let i = 0; i < 4; i++) {
      orders.push(await book(owner, serviceId, twoBedrooms, { date: new Date(NOW.getTime() + day++ * DAY).toISOString().slice(0, 10), time: '10:00', now: NOW }));
    }
    await db.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [orders[0]]);
    await db.query("UPDATE orders SET payment_method = 'card' WHERE id = ANY($1::integer[])", [[orders[0], orders[1]]]);
    const count = async (where: string) => (await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM orders WHERE checked_out_at IS NOT NULL ${where}`))[0]!.n;
    const repository = orderRepository(db);
    const total = async (query: Parameters<typeof repository.page>[0]) => (await repository.page(query, { page: 1, limit: 1 })).total;
    expect(await total({})).toBe(await count(''));
    expect(await total({ status: 'cancelled' })).toBe(await count("AND status = 'cancelled'"));
    expect(await total({ payment_method: 'card' })).toBe(await count("AND payment_method = 'card'"));
    expect(await total({ payment_method: 'cash' })).toBe(await count("AND payment_method = 'cash'"));
    expect(await total({ status: 'cancelled', payment_method: 'card' })).toBe(await count("AND status = 'cancelled' AND payment_method = 'card'"));
    expect(await total({ status: 'cancelled', payment_method: 'cash' })).toBe(await count("AND status = 'cancelled' AND payment_method = 'cash'"));
    const own = async (query: Parameters<typeof repository.pageByUser>[1]) => repository.pageByUser(owner.id, query, { page: 1, limit: 10 });
    expect(await own({})).toMatchObject({ total: 4 });
    expect((await own({})).rows.map((row) => row.id)).toEqual([...orders].reverse());
    expect(await own({ status: 'cancelled' })).toMatchObject({ total: 1, rows: [expect.objectContaining({ id: orders[0] })] });
    expect(await own({ status: 'completed' })).toEqual({ rows: [], total: 0 });
  });
});
