import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, checkout, checkoutBody, londonDue, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';
import { londonDate, londonLocalToInstant } from '../../domain/time/london-time';

/**
 * Every list is paged on the server (docs/decisions/011-server-side-paging.md): the body stays an
 * array (the first page for a client that sends nothing), the total and page links come in headers.
 */
let server: TestServer;
let admin: string;
let ann: TestCustomer;
let bob: TestCustomer;
let house: Catalogue;
const annOrders: number[] = [];
const bobOrders: number[] = [];
/** Each order's reference: the number the CSV shows (decision 073). */
const references = new Map<number, number>();
const ref = (id: number) => references.get(id)!;

// One fixed instant per file, so a date computed again in a test names the same minute.
const started = Date.now();
// 09:00 UK time that day: within opening hours whenever the suite runs (decision 015).
const inDays = (days: number) => londonLocalToInstant(londonDate(new Date(started + days * 86_400_000)), '09:00');

async function get(path: string, token: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text.startsWith('[') || text.startsWith('{') ? JSON.parse(text) : undefined };
}

/** Every row of a list, page after page of `limit`. */
async function allPages(path: string, token: string, limit: number) {
  const rows: any[] = [];
  for (let page = 1; page < 100; page += 1) {
    const answer = await get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&page=${page}`, token);
    expect(answer.status).toBe(200);
    if (answer.body.length === 0) break;
    rows.push(...answer.body);
  }
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  // The seeded demo orders go: the totals below are those of this file's orders only.
  await server.db.query('DELETE FROM orders');
  admin = await server.adminToken();
  ann = await server.createCustomer({ name: 'Ann Pager' });
  bob = await server.createCustomer({ name: 'bob Pager' });
  house = await catalogue(server, ann.token);
  // Ann: 7 bookings (cash, 2..8 days ahead); Bob: 5 (3..7 days ahead). Each also leaves a draft
  // (Next without checkout): drafts are in no list, total, page or export, so the exact lists below
  // would fail if one showed.
  for (let n = 0; n < 7; n += 1) {
    const order = await placeOrder(server, ann.token, house, [1 + n, 1]);
    annOrders.push(order.id);
    const placed = await checkout(server, ann.token, checkoutBody(order.id, inDays(2 + n)));
    expect(placed.response.status).toBe(200);
    references.set(order.id, placed.data!.reference!);
  }
  for (let n = 0; n < 5; n += 1) {
    const order = await placeOrder(server, bob.token, house, [1, 1 + n]);
    bobOrders.push(order.id);
    const placed = await checkout(server, bob.token, checkoutBody(order.id, inDays(3 + n)));
    expect(placed.response.status).toBe(200);
    references.set(order.id, placed.data!.reference!);
  }
  await placeOrder(server, ann.token, house, [9, 9]);
  await placeOrder(server, bob.token, house, [9, 9]);
  // A job is completed only once it has started: Ann's first job started an hour ago, as time passing would.
  await server.db.query('UPDATE orders SET due_at = $2 WHERE id = $1', [annOrders[0], new Date(started - 3_600_000)]);
  expect((await send(server, 'PUT', `/admin/order/update/completed/${annOrders[0]}`, { token: admin, body: { status: 'completed' } })).status).toBe(200);
  expect((await send(server, 'PUT', `/admin/order/update/cancelled/${annOrders[1]}`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
});
afterAll(async () => server?.close());

describe('limit and page', () => {
  it.each([
    ['/admin/orders/?limit=0', 'querystring/limit must be >= 1'],
    ['/admin/orders/?limit=101', 'querystring/limit must be <= 100'],
    ['/admin/users?limit=1000', 'querystring/limit must be <= 100'],
    ['/admin/refunds/?limit=-1', 'querystring/limit must be >= 1'],
    ['/admin/orders/?page=0', 'querystring/page must be >= 1'],
    ['/admin/orders/?limit=abc', 'querystring/limit must be integer'],
    ['/admin/orders/?sort=price', 'querystring/sort must be one of: created, id, user, service, total, status, due, completed'],
    ['/admin/orders/?status=lost', 'querystring/status must be one of: awaiting_validation, payment_validated, completed, cancelled'],
  ])('%s answers 400 with a message', async (path, message) => {
    const answer = await get(path, admin);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });

  it('without parameters answers the first page as a plain array, with the total and page links in headers', async () => {
    const answer = await get('/admin/orders/', admin);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body).toHaveLength(12);
    expect(answer.headers.get('x-total-count')).toBe('12');
    expect(answer.headers.get('link')).toBe('</api/admin/orders/?page=1>; rel="first", </api/admin/orders/?page=1>; rel="last"');
  });

  it('answers the total over every page and links to first, previous, next and last', async () => {
    const answer = await get('/admin/orders/?limit=5&page=2', admin);
    expect(answer.body).toHaveLength(5);
    expect(answer.headers.get('x-total-count')).toBe('12');
    expect(answer.headers.get('link')).toBe(
      '</api/admin/orders/?limit=5&page=1>; rel="first", </api/admin/orders/?limit=5&page=1>; rel="prev", ' +
        '</api/admin/orders/?limit=5&page=3>; rel="next", </api/admin/orders/?limit=5&page=3>; rel="last"',
    );
    const last = await get('/admin/orders/?limit=5&page=3', admin);
    expect(last.body).toHaveLength(2);
    const after = await get('/admin/orders/?limit=5&page=4', admin);
    expect(after.body).toEqual([]);
    expect(after.headers.get('x-total-count')).toBe('12');
  });

  it.each(['created', 'id', 'user', 'service', 'total', 'status', 'due', 'completed'])(
    'pages sorted by %s hold every order exactly once, in the order of the whole list',
    async (sort) => {
      for (const order of ['asc', 'desc']) {
        const whole = (await get(`/admin/orders/?sort=${sort}&order=${order}`, admin)).body.map((row: { id: number }) => row.id);
        const paged = (await allPages(`/admin/orders/?sort=${sort}&order=${order}`, admin, 5)).map((row) => row.id);
        expect(paged).toEqual(whole);
        expect(new Set(paged).size).toBe(12);
      }
    },
  );
});

describe('sorting and filtering happen on the server', () => {
  it('sorts by the customer name without regard to case, then by id', async () => {
    const rows = await allPages('/admin/orders/?sort=user', admin, 5);
    expect(rows.map((row) => row.id)).toEqual([...annOrders].sort((a, b) => a - b).concat([...bobOrders].sort((a, b) => a - b)));
    const desc = await allPages('/admin/orders/?sort=user&order=desc', admin, 5);
    expect(desc.map((row) => row.id)).toEqual(rows.map((row) => row.id).reverse());
  });

  it('sorts by price and by service date, in both directions', async () => {
    const byTotal = await allPages('/admin/orders/?sort=total&order=desc', admin, 4);
    const totals = byTotal.map((row) => row.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    for (const order of ['asc', 'desc']) {
      // Every listed order is checked out, so every one has a service date.
      const dues = (await allPages(`/admin/orders/?sort=due&order=${order}`, admin, 5)).map((row) => row.due);
      expect(dues).toHaveLength(12);
      expect(dues.every((due) => due !== null)).toBe(true);
      expect(dues).toEqual([...dues].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
    }
  });

  it('filters by status, and the total counts the filtered rows', async () => {
    const cancelled = await get('/admin/orders/?status=cancelled', admin);
    expect(cancelled.body.map((row: { id: number }) => row.id)).toEqual([annOrders[1]]);
    expect(cancelled.headers.get('x-total-count')).toBe('1');
    const waiting = await get('/admin/orders/?status=awaiting_validation&limit=3', admin);
    expect(waiting.headers.get('x-total-count')).toBe('10');
    expect(waiting.body.every((row: { status: string }) => row.status === 'awaiting_validation')).toBe(true);
  });

  it('keeps the total right after status changes (the counters follow every write)', async () => {
    const id = bobOrders[4]!;
    await send(server, 'PUT', `/admin/order/update/payment_validated/${id}`, { token: admin, body: { status: 'payment_validated' } });
    expect((await get('/admin/orders/?status=payment_validated', admin)).headers.get('x-total-count')).toBe('1');
    expect((await get('/services/order/get?status=payment_validated', bob.token)).headers.get('x-total-count')).toBe('1');
    await send(server, 'PUT', `/admin/order/update/awaiting_validation/${id}`, { token: admin, body: { status: 'awaiting_validation' } });
    expect((await get('/admin/orders/?status=payment_validated', admin)).headers.get('x-total-count')).toBe('0');
    expect((await get('/services/order/get?status=payment_validated', bob.token)).headers.get('x-total-count')).toBe('0');
    expect((await get('/admin/orders/', admin)).headers.get('x-total-count')).toBe('12');
  });
});

describe('My orders', () => {
  it('a customer pages through their own orders only, newest first', async () => {
    const first = await get('/services/order/get?limit=5', ann.token);
    expect(first.headers.get('x-total-count')).toBe('7');
    const rows = await allPages('/services/order/get', ann.token, 5);
    expect(rows.map((row) => row.id)).toEqual([...annOrders].reverse());
    const bobs = await get('/services/order/get', bob.token);
    expect(bobs.body.map((row: { id: number }) => row.id)).toEqual([...bobOrders].reverse());
    expect(bobs.headers.get('x-total-count')).toBe('5');
  });

  it('shows every order when one is placed between the count and the page (two statements, two snapshots)', async () => {
    // As if the count were read just before Ann's newest checkout committed, and the page just after.
    await server.db.query(`UPDATE customer_order_counters SET orders = orders - 1 WHERE user_id = $1 AND checked_out AND status = 'awaiting_validation'`, [ann.id]);
    try {
      const page = await get('/services/order/get?limit=10', ann.token);
      expect(page.headers.get('x-total-count')).toBe('6');
      expect(page.body.map((row: { id: number }) => row.id)).toEqual([...annOrders].reverse());
    } finally {
      await server.db.query(`UPDATE customer_order_counters SET orders = orders + 1 WHERE user_id = $1 AND checked_out AND status = 'awaiting_validation'`, [ann.id]);
    }
  });

  it('filters a customer\'s orders by status', async () => {
    const done = await get('/services/order/get?status=completed', ann.token);
    expect(done.body.map((row: { id: number }) => row.id)).toEqual([annOrders[0]]);
    expect((await get('/services/order/get?status=completed', bob.token)).body).toEqual([]);
  });

  it('refuses a limit above 100', async () => {
    expect((await get('/services/order/get?limit=101', ann.token)).body).toEqual({ message: 'querystring/limit must be <= 100' });
  });
});

describe('users and refunds', () => {
  it('pages users by name without regard to case', async () => {
    const total = Number((await get('/admin/users?limit=1', admin)).headers.get('x-total-count'));
    const rows = await allPages('/admin/users?sort=name', admin, 2);
    expect(rows).toHaveLength(total);
    const names = rows.map((row) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(rows.findIndex((row) => row.id === ann.id)).toBeLessThan(rows.findIndex((row) => row.id === bob.id));
  });

  it("the users list's total is the number of accounts as they come, change and go (kept by triggers, migration 020)", async () => {
    const accounts = async () => Number((await server.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM users'))[0]!.count);
    const customers = async () => Number((await server.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM users WHERE NOT ('ROLE_ADMIN' = ANY(roles))"))[0]!.count);
    const totals = async () => [
      Number((await get('/admin/users?limit=1', admin)).headers.get('x-total-count')),
      Number((await get('/admin/customers?limit=1', admin)).headers.get('x-total-count')),
    ];
    expect(await totals()).toEqual([await accounts(), await customers()]);
    const carl = await server.createCustomer({ name: 'Carl Counted' });
    expect(await totals()).toEqual([await accounts(), await customers()]);
    // Made an administrator: still an account, no longer a customer; then gone.
    await server.db.query("UPDATE users SET roles = ARRAY['ROLE_USER', 'ROLE_ADMIN'] WHERE id = $1", [carl.id]);
    expect(await totals()).toEqual([await accounts(), await customers()]);
    await server.db.query('DELETE FROM users WHERE id = $1', [carl.id]);
    expect(await totals()).toEqual([await accounts(), await customers()]);
    // A search counts its matches, not the whole table.
    expect(Number((await get('/admin/customers?limit=1&q=ann%20pager', admin)).headers.get('x-total-count'))).toBe(1);
  });

  it('filters refund requests by status and by part of the name', async () => {
    await send(server, 'POST', `/services/refund-request/${annOrders[2]}`, { token: ann.token, body: { reason: 'Moving' } });
    await send(server, 'POST', `/services/refund-request/${annOrders[3]}`, { token: ann.token, body: { reason: 'Ill' } });
    await send(server, 'PUT', '/admin/refund/status', { token: admin, body: { status: 'rejected', order: annOrders[3] } });
    const pending = await get('/admin/refunds/?status=pending', admin);
    expect(pending.body.map((row: { order_id: number }) => row.order_id)).toEqual([annOrders[2]]);
    expect(pending.headers.get('x-total-count')).toBe('1');
    const byName = await get('/admin/refunds/?name=ann%20p&sort=order_id', admin);
    expect(byName.body.map((row: { order_id: number }) => row.order_id)).toEqual([annOrders[2], annOrders[3]]);
    expect((await get('/admin/refunds/?name=%25', admin)).body).toEqual([]);
  });

  it('the order row says what became of its refund request', async () => {
    const rows = (await get('/admin/orders/?sort=id', admin)).body as { id: number; refund: boolean; refund_status: string | null }[];
    expect(rows.find((row) => row.id === annOrders[2])).toMatchObject({ refund: true, refund_status: 'pending' });
    expect(rows.find((row) => row.id === annOrders[3])).toMatchObject({ refund: true, refund_status: 'rejected' });
    expect(rows.find((row) => row.id === annOrders[4])).toMatchObject({ refund: false, refund_status: null });
  });
});

describe('GET /admin/orders/csv (exportOrdersCsv)', () => {
  it('holds every order of the sort and filter, not one page', async () => {
    const csv = await get('/admin/orders/csv?sort=id', admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = csv.text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Order id,Name,Service Name,Price (GBP),State,Service Date,Date of complete,Refund,Address,City,Postcode,Phone,Team,Payment method,Payment status,Invoice');
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([...annOrders, ...bobOrders].sort((a, b) => a - b).map(ref));
    // The service date in UK time, as it was booked (checkoutBody(…, inDays(6)) sends the London date and time).
    const booked = lines.find((line) => line.startsWith(`${ref(annOrders[4]!)},`))!.split(',');
    const due = londonDue(inDays(6));
    expect([booked[4], booked[5]]).toEqual(['awaiting_validation', `${due.due_date} ${due.due_time}`]);
    expect(lines.find((line) => line.startsWith(`${ref(annOrders[0]!)},`))!.split(',')[4]).toBe('completed');
    const cancelled = (await get('/admin/orders/csv?status=cancelled', admin)).text.split('\r\n').filter(Boolean);
    expect(cancelled).toHaveLength(2);
    expect(cancelled[1]).toMatch(new RegExp(`^${ref(annOrders[1]!)},Ann Pager,${house.serviceName},\\d+\\.\\d\\d,cancelled,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,Not yet,,`));
  });

  it('is for administrators only', async () => {
    expect((await get('/admin/orders/csv', ann.token)).status).toBe(403);
  });
});

describe('compression', () => {
  it('compresses a list when the client accepts gzip', async () => {
    const response = await fetch(`${server.baseUrl}/api/admin/orders/`, { headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch undoes gzip itself; read the bytes through node:http to see them compressed.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get: httpGet }) =>
        httpGet(`${server.baseUrl}/api/admin/orders/`, { headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
        }),
      );
    });
    expect(JSON.parse(gunzipSync(raw).toString('utf8'))).toHaveLength(12);
  });
});
