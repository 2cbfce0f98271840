/**
 * Issue 6, goal 4: the public reads come from memory with an ETag and a short Cache-Control, and
 * any write to the API empties that memory so the next read shows the database again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_CONTROL } from '../../server/plugins/public-cache';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
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

  it('serves a service detail from memory until a write to the API, then reads the database again', async () => {
    const [service] = (await (await get('/home/services')).json()) as { id: number; name: string }[];
    const before = await get(`/home/services/${service!.id}`);
    const [detail] = (await before.json()) as { name: string }[];
    expect(detail!.name).toBe(service!.name);

    await server.db.query('UPDATE services SET name = $1 WHERE id = $2', ['Renamed behind the cache', service!.id]);
    const cached = (await (await get(`/home/services/${service!.id}`)).json()) as { name: string }[];
    expect(cached[0]!.name, 'the database is not read again while nothing was written through the API').toBe(service!.name);

    const { response } = await server.api.POST('/contact', { body: { name: 'Jane Doe', email: 'jane.doe@example.co.uk', message: 'Do you clean ovens?' } });
    expect(response.status).toBeLessThan(300);
    const after = await get(`/home/services/${service!.id}`);
    const [fresh] = (await after.json()) as { name: string }[];
    expect(fresh!.name).toBe('Renamed behind the cache');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
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
