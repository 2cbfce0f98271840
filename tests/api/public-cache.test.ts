/**
 * Issue 6 goal 4, issue 12 row 4, issue 13: the public reads come from memory with an ETag and a
 * short Cache-Control; the memory is bounded and keyed by the parsed request, and only a change to
 * the public content empties it (across instances: tests/api/operations/cluster.test.ts).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_CONTROL } from '../../server/plugins/public-cache';
import { eventually } from './support/mail-wait';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  // A long TTL: what empties the cache in these tests is the change notification, not time.
  server = await startTestServer({ config: { publicCacheTtlSeconds: 600 } });
});
afterAll(() => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text: async () => text, json: async () => JSON.parse(text) };
};

describe('public reads', () => {
  it.each(['/home/services', '/home/counter', '/home/testimonies', '/home/faqs'])('%s answers with an ETag and a short Cache-Control', async (path) => {
    const first = await get(path);
    const second = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await second.json()).toEqual(await first.json());
  });

  it('answers 304 with no body when the browser already has that version', async () => {
    const first = await get('/home/faqs');
    const etag = first.headers.get('etag')!;
    const again = await get('/home/faqs', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await get('/home/faqs', { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('is emptied by a change to the public content (NOTIFY at commit), not by sign-ins, failed sign-ins, bookings or messages', async () => {
    const [service] = (await (await get('/home/services')).json()) as { id: number; name: string }[];
    const path = `/home/services/${service!.id}`;
    const before = await get(path);
    expect(((await before.json()) as { name: string }[])[0]!.name).toBe(service!.name);
    const { misses } = server.app.publicCache.stats();

    // Writes that do not touch the public content.
    const jane = await server.createCustomer();
    await server.api.POST('/auth/login', { body: { username: jane.email, password: 'a-wrong-password-1' } });
    const { data: items } = await server.api.GET('/services/get-items/{id}', { params: { path: { id: service!.id } }, headers: server.bearer(jane.token) });
    const { data: order, response: booked } = await server.api.POST('/services/order/new', {
      headers: server.bearer(jane.token),
      body: { service: service!.id, items: [{ id: items!.items[0]!.id, quantity: 1 }] },
    });
    expect(booked.status).toBe(201);
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const { response: paid } = await server.api.POST('/services/order/checkout', {
      headers: server.bearer(jane.token),
      body: { order: order!.id, due_date: due, due_time: '10:00', address: '1 High Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash' },
    });
    expect(paid.status).toBe(200);
    await server.api.POST('/contact', { body: { name: 'Jane Doe', email: 'jane.doe@example.co.uk', message: 'Do you clean ovens?' } });
    await server.api.POST('/auth/forgot-password', { body: { email: jane.email } });
    const still = await get(path);
    expect(still.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(server.app.publicCache.stats().misses, 'answered from memory after sign-ins, a booking and a message').toBe(misses);

    // A change to the content, made outside the API (as an editor or a migration would): the
    // trigger's NOTIFY empties the cache; the TTL is 10 minutes here, so only the NOTIFY can.
    await server.db.query('UPDATE services SET name = $1 WHERE id = $2', ['Renamed behind the cache', service!.id]);
    const fresh = await eventually('the renamed service is served', async () => ((await (await get(path)).json()) as { name: string }[])[0]!.name, (name) => name === 'Renamed behind the cache');
    expect(fresh).toBe('Renamed behind the cache');
    expect((await get(path)).headers.get('etag')).not.toBe(before.headers.get('etag'));
    await server.db.query('UPDATE services SET name = $1 WHERE id = $2', [service!.name, service!.id]);
  });

  it('keys entries by the parsed params: 48,000 spellings of the service ids stay one entry per service', async () => {
    const services = (await (await get('/home/services')).json()) as { id: number }[];
    const spellings: string[] = [];
    // 0002.00, %30%32, 0x2, /%61pi/… : all the same validated id.
    for (let zeros = 0; spellings.length < 48_000 && zeros < 250; zeros += 1) {
      for (let decimals = 0; decimals < 100 && spellings.length < 48_000; decimals += 1) {
        for (const { id } of services) {
          const digits = `${'0'.repeat(zeros)}${id}${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`;
          const spelled = (zeros + decimals) % 3 === 0 ? digits.replace(/0/g, '%30') : digits;
          const prefix = decimals % 2 === 0 ? '/api' : '/%61pi';
          if (spelled.length <= 250 && spellings.length < 48_000) spellings.push(`${prefix}/home/services/${spelled}`);
        }
      }
    }
    const statuses = await pipelined(server.baseUrl, spellings);
    const stats = server.app.publicCache.stats();
    console.log(`Public cache: ${spellings.length} spellings answered ${JSON.stringify(Object.fromEntries(statuses))}, ${stats.entries} entries (${stats.hits} hits, ${stats.misses} misses, ${stats.invalidations} invalidations)`);
    expect(spellings).toHaveLength(48_000);
    expect(statuses.get(200)).toBe(48_000);
    // The list of services and each service's detail, however they were spelled.
    expect(stats.entries).toBeLessThanOrEqual(services.length + 5);
  }, 180_000);

  it('holds no more than its bound however many different reads arrive', async () => {
    const small = await startTestServer({ config: { publicCacheMaxEntries: 3 } });
    try {
      const services = (await (await fetch(`${small.baseUrl}/api/home/services`)).json()) as { id: number }[];
      for (const { id } of services) expect((await fetch(`${small.baseUrl}/api/home/services/${id}`)).status).toBe(200);
      expect(services.length).toBeGreaterThan(3);
      expect(small.app.publicCache.stats().entries).toBe(3);
    } finally {
      await small.close();
    }
  });

  it('does not cache an unknown service nor put public caching on a signed-in read', async () => {
    const missing = await get('/home/services/999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).not.toBe(PUBLIC_CACHE_CONTROL);
    const token = await server.customerToken();
    const own = await get('/services/order/get', { authorization: `Bearer ${token}` });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control') ?? '').not.toContain('public');
    expect(own.headers.get('etag')).toBeNull();
  });
});

/**
 * Sends every path as a GET over a few keep-alive sockets, pipelined in batches (a fetch per
 * request would spend more CPU in the client than the server spends answering), and counts the
 * answers by status.
 */
async function pipelined(baseUrl: string, paths: string[], sockets = 8, batch = 100): Promise<Map<number, number>> {
  const { hostname, port } = new URL(baseUrl);
  const statuses = new Map<number, number>();
  let next = 0;
  const run = async () => {
    const socket = connect(Number(port), hostname);
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    try {
      while (next < paths.length) {
        const mine = paths.slice(next, next + batch);
        next += mine.length;
        const answered = new Promise<void>((resolve, reject) => {
          let text = '';
          const onData = (chunk: Buffer) => {
            text += chunk.toString('latin1');
            const codes = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)];
            // Complete once every status line arrived and the last body ended (the JSON closes).
            if (codes.length === mine.length && /(\]|\}|\r\n\r\n)$/.test(text)) {
              socket.off('data', onData);
              for (const [, code] of codes) statuses.set(Number(code), (statuses.get(Number(code)) ?? 0) + 1);
              resolve();
            }
          };
          socket.on('data', onData);
          socket.once('error', reject);
        });
        socket.write(mine.map((path) => `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`).join(''));
        await answered;
      }
    } finally {
      socket.destroy();
    }
  };
  await Promise.all(Array.from({ length: sockets }, run));
  return statuses;
}
