import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_AT_ONCE } from '../../server/lib/account-bulkhead';
import { TOO_MANY_LISTS } from '../../server/lib/account-read-rate';
import { DEFAULT_RATE_LIMITS } from '../../server/rate-limits';
import { MAX_PAGE_DEPTH, PAGE_TOO_DEEP } from '../../server/repositories/paging';
import { catalogue, checkout, checkoutBody, createClock, placeOrder } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';
import { londonDate, londonLocalToInstant } from '../../domain/time/london-time';

/**
 * No one account can make the site slow for everyone (issue 12 row 3, docs/decisions/025-list-limits.md):
 * a page reaches at most MAX_PAGE_DEPTH rows into a list from its nearer end, and one account's
 * list reads take turns — a few wait, more are refused — while other accounts are served.
 */
let server: TestServer;
let admin: string;
let ann: TestCustomer;

async function get(path: string, token: string) {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { status: response.status, total: Number(response.headers.get('x-total-count')), body: JSON.parse(text) as unknown };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
  ann = await server.createCustomer({ name: 'Ann Many-Tabs' });
  const house = await catalogue(server, ann.token);
  const order = await placeOrder(server, ann.token, house, [1, 1]);
  const due = londonLocalToInstant(londonDate(new Date(Date.now() + 3 * 86_400_000)), '10:00');
  expect((await checkout(server, ann.token, checkoutBody(order.id, due))).response.status).toBe(200);
  // A list far longer than two windows: 30,000 accounts more.
  await server.db.query(
    `INSERT INTO users (name, email, password_hash, roles)
     SELECT 'Deep Reader ' || g, 'deep-' || g || '@sparkle.test', 'not a hash', ARRAY['ROLE_USER'] FROM generate_series(1, 30000) g`,
  );
}, 120_000);
afterAll(async () => server?.close());

describe('how deep a page may reach', () => {
  it(`answers every page up to ${MAX_PAGE_DEPTH} rows from either end, and refuses the middle with 400`, async () => {
    const first = await get('/admin/users?limit=100&page=1', admin);
    expect(first.status).toBe(200);
    const total = first.total;
    expect(total).toBeGreaterThan(30_000);
    const lastPage = Math.ceil(total / 100);

    // Page 101 skips exactly 10,000 rows; page 102 would skip 10,100 from the front and more from the back.
    expect((await get('/admin/users?limit=100&page=101', admin)).status).toBe(200);
    const middle = await get('/admin/users?limit=100&page=102', admin);
    expect(middle).toMatchObject({ status: 400, body: { message: PAGE_TOO_DEEP } });
    expect((await get(`/admin/users?limit=100&page=${Math.ceil(lastPage / 2)}`, admin)).status).toBe(400);

    // Read from the end: the last page, and one 10,000 rows before it, cost what the first ones do.
    const last = await get(`/admin/users?limit=100&page=${lastPage}`, admin);
    expect(last.status).toBe(200);
    expect((last.body as unknown[]).length).toBe(total - (lastPage - 1) * 100);
    expect((await get(`/admin/users?limit=100&page=${lastPage - 100}`, admin)).status).toBe(200);
    // Past the last page: an empty list, as before.
    expect(await get(`/admin/users?limit=100&page=${lastPage + 1}`, admin)).toMatchObject({ status: 200, body: [] });
  });

  it('holds for every sort of the list, and for a customer’s own orders', async () => {
    for (const sort of ['name', 'email', 'created', 'id']) {
      for (const order of ['asc', 'desc']) {
        expect((await get(`/admin/users?limit=100&page=150&sort=${sort}&order=${order}`, admin)).status, `${sort} ${order}`).toBe(400);
      }
    }
    // Ann has one order: every page of hers is near an end.
    expect((await get('/services/order/get?limit=1&page=1', ann.token)).status).toBe(200);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('one account’s list reads at once (PostgreSQL)', () => {
  it('run one at a time: 8 wait, the rest are refused with 429, and another account is served meanwhile', async () => {
    // Hold the orders table so that Ann's first read cannot finish until the test lets it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
      locked();
      await released;
    });
    await isLocked;

    const refused: number[] = [];
    let threeRefused!: () => void;
    const allRefused = new Promise<void>((resolve) => (threeRefused = resolve));
    const reads = Array.from({ length: 12 }, (_, n) =>
      get(`/services/order/get?limit=5&page=1&status=awaiting_validation&sort=${n % 2 ? 'id' : 'created'}`, ann.token).then((answer) => {
        if (answer.status === 429) {
          refused.push(n);
          if (refused.length === 3) threeRefused();
        }
        return answer;
      }),
    );
    // One runs (held by the lock), 8 wait their turn: the 3 beyond are answered at once.
    await allRefused;
    // Another account is not in Ann's queue.
    const other = await get('/admin/users?limit=5&page=1', admin);
    expect(other.status).toBe(200);

    release();
    await holder;
    const answers = await Promise.all(reads);
    expect(answers.filter((answer) => answer.status === 429)).toEqual(
      Array.from({ length: 3 }, () => ({ status: 429, total: 0, body: { message: TOO_MANY_AT_ONCE } })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(9);
    // Her turn is over: she reads again at once.
    expect((await get('/services/order/get?limit=5&page=1', ann.token)).status).toBe(200);
  });
});

describe('how often one account may start list reads', () => {
  it('serves 30 list reads in 10 seconds, refuses the next with 429, a message and Retry-After, and serves everyone else meanwhile', async () => {
    // The product's own limit (the suite raises it: one seeded administrator serves every test file).
    const clock = createClock(new Date().toISOString());
    const limited = await startTestServer({ now: clock.now, config: { rateLimits: DEFAULT_RATE_LIMITS } });
    try {
      const { limit, windowMs } = DEFAULT_RATE_LIMITS.listReads;
      const bob = await limited.createCustomer({ name: 'Bob Script' });
      const read = async (path: string, token?: string) => {
        const response = await fetch(`${limited.baseUrl}/api${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
      };
      // One after another, as a script paging as fast as it is answered (at once, the bulkhead above would refuse most).
      const statuses: number[] = [];
      for (let n = 0; n < limit; n += 1) statuses.push((await read(`/services/order/get?limit=5&page=${(n % 3) + 1}`, bob.token)).status);
      expect(statuses).toEqual(Array.from({ length: limit }, () => 200));

      clock.advance(windowMs / 2);
      // The refusal is held a moment (a script asking nonstop asks about once a second): a
      // visitor's five reads, one after another, are all answered before it.
      let held = true;
      const refusing = read('/services/order/get?limit=5&page=1', bob.token).finally(() => (held = false));
      for (let n = 0; n < 5; n += 1) expect((await read('/home/services')).status).toBe(200);
      expect(held).toBe(true);
      expect(await refusing).toEqual({ status: 429, retryAfter: String(windowMs / 2000), body: { message: TOO_MANY_LISTS } });
      // Any paged list of the account counts, in whatever shape it is asked for.
      expect((await read('/services/order/get', bob.token)).status).toBe(429);

      // Others are not held back: another account's list, a visitor's public read, Bob's other calls.
      expect((await read('/admin/orders/?limit=5&page=1', await limited.adminToken())).status).toBe(200);
      expect((await read('/home/services')).status).toBe(200);
      expect((await read('/services/series', bob.token)).status).toBe(200);

      // The window ends: Bob reads again.
      clock.advance(windowMs / 2);
      expect((await read('/services/order/get?limit=5&page=1', bob.token)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
