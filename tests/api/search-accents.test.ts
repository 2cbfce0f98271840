import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedOrder, catalogue } from './booking-fixtures';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Staff search without regard to accents or case (issue 25 row 9, issue 27 §3, decision 033):
 * "zoe" finds Zoë on the orders and the customers lists alike, either way round; a phone number
 * is found by its digits. On PGlite and, with DATABASE_URL, PostgreSQL (unaccent on both).
 */
let server: TestServer;
let admin: string;
let zoe: number;
let renee: number;
let zoeOrder: number;
let plainOrder: number;

async function get(path: string) {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(response.status, path).toBe(200);
  return { ids: ((await response.json()) as { id: number }[]).map((row) => row.id).sort((a, b) => a - b), total: Number(response.headers.get('x-total-count')) };
}

beforeAll(async () => {
  server = await startTestServer();
  await server.db.query('DELETE FROM orders');
  admin = await server.adminToken();
  const zoeAccount = await server.createCustomer({ name: 'Zoë Brontë', email: 'zoe.b@example.co.uk' });
  const reneeAccount = await server.createCustomer({ name: 'RENÉE Façade', email: 'rf@example.co.uk' });
  const plain = await server.createCustomer({ name: 'Pat Plain', email: 'pat@example.co.uk' });
  zoe = zoeAccount.id;
  renee = reneeAccount.id;
  const house = await catalogue(server, zoeAccount.token, 0);
  zoeOrder = (await bookedOrder(server, zoeAccount.token, house)).id;
  plainOrder = (await bookedOrder(server, plain.token, house)).id;
  await server.db.query("UPDATE orders SET phone = '07700 900 123' WHERE id = $1", [plainOrder]);
});
afterAll(async () => server?.close());

describe('staff search ignores accents and case', () => {
  it.each(['zoe', 'ZOE', 'Zoë', 'bronte', 'zoe bronte', 'ZOË BRONTË'])('/admin/orders/?q=%s finds Zoë Brontë\'s order', async (q) => {
    expect(await get(`/admin/orders/?sort=id&q=${encodeURIComponent(q)}`)).toEqual({ ids: [zoeOrder], total: 1 });
  });

  it.each(['zoe', 'Zoë', 'BRONTE'])('/admin/customers?q=%s finds Zoë Brontë', async (q) => {
    expect(await get(`/admin/customers?sort=id&q=${encodeURIComponent(q)}`)).toEqual({ ids: [zoe], total: 1 });
  });

  it('finds Renée by "renee facade" and "RENEE", not by a name she does not have', async () => {
    expect((await get('/admin/customers?sort=id&q=renee%20facade')).ids).toEqual([renee]);
    expect((await get('/admin/customers?sort=id&q=RENEE')).ids).toEqual([renee]);
    expect((await get('/admin/customers?sort=id&q=renata')).ids).toEqual([]);
  });

  it('finds an order by its phone number, with or without spaces', async () => {
    expect((await get('/admin/orders/?sort=id&q=07700900123')).ids).toEqual([plainOrder]);
    expect((await get('/admin/orders/?sort=id&q=900%20123')).ids).toEqual([plainOrder]);
  });

  it('finds an address by its start when one starts so, else by any part of it (user-search.ts)', async () => {
    // rf@… is Renée's, zoe.b@… Zoë's; "e.b@example" starts no address, so it is looked for inside them.
    expect((await get('/admin/customers?sort=id&q=RF%40EXAMPLE.CO')).ids).toEqual([renee]);
    expect((await get('/admin/customers?sort=id&q=e.b%40example')).ids).toEqual([zoe]);
    expect((await get('/admin/orders/?sort=id&q=zoe.b%40example.co.uk')).ids).toEqual([zoeOrder]);
    expect((await get('/admin/orders/?sort=id&q=%40example.co.uk')).ids).toEqual([zoeOrder, plainOrder].sort((a, b) => a - b));
    // LIKE's wildcards are letters here: "%" and "_" are found only as themselves.
    expect((await get('/admin/customers?sort=id&q=r_%40')).ids).toEqual([]);
    expect((await get('/admin/customers?sort=id&q=%25%40example')).ids).toEqual([]);
  });
});
