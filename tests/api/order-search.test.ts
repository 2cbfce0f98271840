import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedOrder, catalogue, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Orders that can be found (issue 15 §4, docs/decisions/017-order-search.md): the search box and the
 * filters of the back office's orders, on the table's pages, their total and the CSV alike.
 */
let server: TestServer;
let admin: string;
let ann: TestCustomer;
let bob: TestCustomer;
let house: Catalogue;
let other: Catalogue;
const ids: Record<string, number> = {};
/** The reference the CSV shows for an order id (decision 073). */
const referenceOf = async (id: number) => (await server.db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [id]))[0]!.reference;

async function get(path: string, token = admin) {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text.startsWith('[') || text.startsWith('{') ? JSON.parse(text) : undefined };
}

/** The ids a filter finds, in id order, and the total the list answers with them. */
async function found(query: string): Promise<{ ids: number[]; total: number }> {
  const answer = await get(`/admin/orders/?sort=id&limit=100&${query}`);
  expect(answer.status, answer.text).toBe(200);
  return { ids: (answer.body as { id: number }[]).map((row) => row.id), total: Number(answer.headers.get('x-total-count')) };
}

const named = (...names: string[]) => names.map((name) => ids[name]!).sort((a, b) => a - b);

beforeAll(async () => {
  server = await startTestServer();
  // Only this file's orders: the seeded demo orders go.
  await server.db.query('DELETE FROM orders');
  admin = await server.adminToken();
  ann = await server.createCustomer({ name: 'Ann Searcher', email: 'ann.searcher@example.co.uk' });
  bob = await server.createCustomer({ name: 'Bob Finder', email: 'bob@finder.test' });
  house = await catalogue(server, ann.token, 0);
  other = await catalogue(server, ann.token, 1);
  const book = async (name: string, who: TestCustomer, of: Catalogue, payment: 'cash' | 'card', set: { due: string; postcode: string; team?: boolean }) => {
    const order = await bookedOrder(server, who.token, of, { payment });
    ids[name] = order.id;
    // The job's instant and postcode as data: the UK-day edges below are the point.
    await server.db.query(
      `UPDATE orders SET due_at = $2, code_postal = $3, team_id = CASE WHEN $4 THEN (SELECT min(id) FROM teams) END WHERE id = $1`,
      [order.id, set.due, set.postcode, set.team ?? false],
    );
  };
  // 2026-06-30 23:30 UTC is 1 July 00:30 in London (summer time): a UK-day filter must put it on 1 July.
  await book('annJuly1', ann, house, 'cash', { due: '2026-06-30T23:30:00Z', postcode: 'SW1A 1AA', team: true });
  await book('annJune30', ann, other, 'card', { due: '2026-06-30T22:30:00Z', postcode: 'E14 5AB' });
  await book('bobJuly2', bob, house, 'card', { due: '2026-07-02T09:00:00Z', postcode: 'sw1a 2bb' });
  // Winter: London is UTC. 2026-12-25 23:59 UTC is still Christmas Day in London.
  await book('bobXmas', bob, other, 'cash', { due: '2026-12-25T23:59:00Z', postcode: 'N1 9GU', team: true });
  await server.db.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [ids.bobXmas]);
  // A draft (Next without checkout) of Ann's: never found, whatever matches it.
  await server.db.query('INSERT INTO orders (user_id, service_id, total, created_at) SELECT user_id, service_id, total, now() FROM orders WHERE id = $1', [ids.annJuly1]);
});
afterAll(async () => server?.close());

describe('GET /admin/orders/ search (q)', () => {
  it.each([
    ['q=searcher', ['annJuly1', 'annJune30']],
    ['q=ANN', ['annJuly1', 'annJune30']],
    ['q=finder.test', ['bobJuly2', 'bobXmas']],
    ['q=%40example.co', ['annJuly1', 'annJune30']],
    ['q=sw1a', ['annJuly1', 'bobJuly2']],
    ['q=SW1A%201AA', ['annJuly1']],
    ['q=sw1a1aa', ['annJuly1']],
    ['q=%20%20e14%205ab%20', ['annJune30']],
    ['q=nobody%20at%20all', []],
    ['q=%25', []],
    ['q=_', []],
  ])('%s finds the orders whose customer name, email or postcode contains it', async (query, expected) => {
    const answer = await found(query);
    expect(answer.ids).toEqual(named(...expected));
    expect(answer.total).toBe(expected.length);
  });

  it('finds an order by its id, with or without #', async () => {
    expect((await found(`q=${ids.bobJuly2}`)).ids).toContain(ids.bobJuly2);
    expect((await found(`q=%23${ids.bobJuly2}`)).ids).toEqual([ids.bobJuly2]);
    expect((await found('q=%2399999999999')).ids).toEqual([]);
  });

  it('treats only spaces as no search', async () => {
    expect((await found('q=%20%20')).total).toBe(4);
  });
});

describe('GET /admin/orders/ filters', () => {
  it.each([
    ['status=cancelled', ['bobXmas']],
    ['payment_method=card', ['annJune30', 'bobJuly2']],
    ['payment_method=cash', ['annJuly1', 'bobXmas']],
    ['unassigned=true', ['annJune30', 'bobJuly2']],
    ['unassigned=false', ['annJuly1', 'bobXmas']],
    // UK days: 1 July starts at 23:00 UTC on 30 June; Christmas Day ends at midnight London (UTC in winter).
    ['due_from=2026-07-01&due_to=2026-07-01', ['annJuly1']],
    ['due_to=2026-06-30', ['annJune30']],
    ['due_from=2026-07-01', ['annJuly1', 'bobJuly2', 'bobXmas']],
    ['due_from=2026-12-25&due_to=2026-12-25', ['bobXmas']],
    ['due_from=2026-12-26', []],
    // Filters add up.
    ['q=ann&payment_method=card', ['annJune30']],
    ['q=sw1a&unassigned=true&due_from=2026-07-02', ['bobJuly2']],
    ['status=awaiting_validation&unassigned=false', ['annJuly1']],
  ])('%s', async (query, expected) => {
    const answer = await found(query);
    expect(answer.ids).toEqual(named(...expected));
    expect(answer.total).toBe(expected.length);
  });

  it('service= keeps one service\'s orders', async () => {
    expect((await found(`service=${house.serviceId}`)).ids).toEqual(named('annJuly1', 'bobJuly2'));
    expect((await found(`service=${other.serviceId}&q=bob`)).ids).toEqual(named('bobXmas'));
  });

  it('pages a filtered list with its own total and links', async () => {
    const first = await get('/admin/orders/?sort=id&limit=1&page=2&payment_method=card');
    expect(first.body.map((row: { id: number }) => row.id)).toEqual([ids.bobJuly2]);
    expect(first.headers.get('x-total-count')).toBe('2');
    expect(first.headers.get('link')).toContain('payment_method=card');
    // Every sort keeps the filter (the by-service read places the conditions itself).
    for (const sort of ['user', 'service', 'total', 'due', 'created']) {
      const page = await get(`/admin/orders/?sort=${sort}&payment_method=card`);
      expect(page.body.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b)).toEqual(named('annJune30', 'bobJuly2'));
    }
  });
});

describe('bad filter values answer 400 with a message', () => {
  it.each([
    ['due_from=2026-13-01', 'querystring/due_from must match format "date"'],
    ['due_to=yesterday', 'querystring/due_to must be a day from 2000-01-01 to 2099-12-31 (YYYY-MM-DD)'],
    ['due_from=2026-02-30', 'querystring/due_from must match format "date"'],
    ['due_from=2026-07-02&due_to=2026-07-01', 'due_from must not be after due_to'],
    ['service=0', 'querystring/service must be >= 1'],
    ['service=house', 'querystring/service must be integer'],
    ['payment_method=cheque', 'querystring/payment_method must be one of: cash, card, direct_debit'],
    ['unassigned=maybe', 'querystring/unassigned must be boolean'],
    [`q=${'x'.repeat(101)}`, 'querystring/q must NOT have more than 100 characters'],
    ['q=', 'querystring/q must NOT have fewer than 1 characters'],
    ['team=1', 'querystring must NOT have the unknown property "team"'],
  ])('%s', async (query, message) => {
    for (const path of ['/admin/orders/', '/admin/orders/csv']) {
      const answer = await get(`${path}?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
    }
  });

  it('are for administrators only', async () => {
    expect((await get('/admin/orders/?q=ann', ann.token)).status).toBe(403);
  });
});

describe('GET /admin/orders/csv with filters', () => {
  it.each([
    'q=sw1a',
    'payment_method=card',
    'unassigned=true&due_from=2026-07-01',
    'status=cancelled&q=finder',
    `service=${1}&q=ann`,
  ])('exports exactly the rows the table finds for %s', async (query) => {
    const table = await found(query);
    const csv = await get(`/admin/orders/csv?sort=id&${query}`);
    expect(csv.status).toBe(200);
    const lines = csv.text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Order id,Name,Service Name,Price (GBP),State,Service Date,Date of complete,Refund,Address,City,Postcode,Phone,Team,Payment method,Payment status,Invoice');
    const references: number[] = [];
    for (const id of table.ids) references.push(await referenceOf(id));
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(references);
  });

  it('writes the service date in UK time', async () => {
    const csv = await get('/admin/orders/csv?due_from=2026-07-01&due_to=2026-07-01');
    expect(csv.text.split('\r\n')[1]).toMatch(new RegExp(`^${await referenceOf(ids.annJuly1!)},Ann Searcher,.*,2026-07-01 00:30,Not yet,,`));
  });
});

describe('a payment method\'s total (the counters of 060, decision 064)', () => {
  /** The totals the list answers for each method and status pair, beside a count of the table itself. */
  async function totalsBeside(): Promise<{ listed: number[]; counted: number[] }> {
    const queries = ['payment_method=card', 'payment_method=cash', 'payment_method=card&status=cancelled', 'payment_method=cash&status=cancelled'];
    const listed = await Promise.all(queries.map(async (query) => (await found(query)).total));
    const counted = await Promise.all(queries.map(async (query) => {
      const method = /payment_method=(\w+)/.exec(query)![1];
      const status = /status=(\w+)/.exec(query)?.[1] ?? null;
      const [row] = await server.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM orders WHERE checked_out_at IS NOT NULL AND payment_method = $1 AND ($2::text IS NULL OR status = $2)',
        [method, status],
      );
      return row!.count;
    }));
    return { listed, counted };
  }

  it('stays the table\'s own count through a checkout, a change of method, of status and a delete', async () => {
    // A checkout moves a draft (no method) into card: an UPDATE of both the method and checked_out_at.
    const [draft] = await server.db.query<{ id: number }>(
      `INSERT INTO orders (user_id, service_id, total, created_at) SELECT user_id, service_id, total, now() FROM orders WHERE id = $1 RETURNING id`,
      [ids.annJuly1],
    );
    await server.db.query("UPDATE orders SET payment_method = 'card', checked_out_at = now() WHERE id = $1", [draft!.id]);
    await server.db.query("UPDATE orders SET payment_method = 'cash' WHERE id = $1", [ids.bobJuly2]);
    await server.db.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [ids.annJune30]);
    let totals = await totalsBeside();
    expect(totals.listed).toEqual(totals.counted);
    expect(totals.listed).toEqual([2, 3, 1, 1]);
    await server.db.query('DELETE FROM orders WHERE id = $1', [draft!.id]);
    totals = await totalsBeside();
    expect(totals.listed).toEqual(totals.counted);
    expect(totals.listed).toEqual([1, 3, 1, 1]);
    // Put back as the other tests found them (this file's tests share its orders).
    await server.db.query("UPDATE orders SET payment_method = 'card' WHERE id = $1", [ids.bobJuly2]);
    await server.db.query("UPDATE orders SET status = 'awaiting_validation' WHERE id = $1", [ids.annJune30]);
  });
});

describe('a search alone is paged from its hits (decision 064)', () => {
  /** Every page of one order, a row a page: the ids in the order the table shows them. */
  async function paged(query: string): Promise<{ ids: number[]; totals: number[] }> {
    const ids: number[] = [];
    const totals: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const answer = await get(`/admin/orders/?limit=1&page=${page}&${query}`);
      expect(answer.status, answer.text).toBe(200);
      ids.push(...(answer.body as { id: number }[]).map((row) => row.id));
      totals.push(Number(answer.headers.get('x-total-count')));
    }
    return { ids, totals };
  }

  beforeAll(async () => {
    // Booked last, named first: the customers' order is not the orders' order.
    const aaron = await server.createCustomer({ name: 'Aaron Early', email: 'aaron@early.test' });
    ids.aaron = (await bookedOrder(server, aaron.token, house, { payment: 'cash' })).id;
  });

  // "e" is in every customer's name (Aaron Early, Ann Searcher, Bob Finder); Ann's draft is found by none.
  it.each([
    ['sort=user&order=asc', ['aaron', 'annJuly1', 'annJune30', 'bobJuly2', 'bobXmas']],
    ['sort=user&order=desc', ['bobXmas', 'bobJuly2', 'annJune30', 'annJuly1', 'aaron']],
    ['sort=id&order=asc', ['annJuly1', 'annJune30', 'bobJuly2', 'bobXmas', 'aaron']],
    // No sort: newest first (booked in this order, the draft before Aaron's).
    ['', ['aaron', 'bobXmas', 'bobJuly2', 'annJune30', 'annJuly1']],
  ])('q=e&%s pages every placed match once, in the sort, the last page read from its end', async (sort, expected) => {
    const answer = await paged(`q=e&${sort}`);
    expect(answer.ids).toEqual(expected.map((name) => ids[name]));
    expect(answer.totals).toEqual([5, 5, 5, 5, 5]);
  });

  it('a postcode, an id and a name find the same orders paged from hits as filtered', async () => {
    for (const q of ['sw1a', `%23${ids.bobXmas}`, 'searcher']) {
      const alone = await paged(`q=${q}&sort=id&order=asc`);
      // With a filter that keeps every order, the same search takes the general path.
      const filtered = await found(`q=${q}&due_from=2000-01-01`);
      expect(alone.ids).toEqual(filtered.ids);
      expect(alone.totals[0]).toBe(filtered.total);
    }
  });
});
