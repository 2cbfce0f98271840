import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/** `npm start` serves the built SPA beside /api; a tiny fake build stands in for dist/. */
let server: TestServer;
let spaDir: string;
const INDEX = '<!doctype html><html lang="en-GB"><head><title>Sparkle Cleaning</title></head><body><div id="root"></div></body></html>';
const NOT_FOUND = '<!doctype html><html lang="en-GB"><head><title>Page not found | Sparkle Cleaning</title></head><body><div id="root" data-prerendered="*"></div></body></html>';

beforeAll(async () => {
  spaDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-dist-'));
  await mkdir(path.join(spaDir, 'assets'));
  await writeFile(path.join(spaDir, 'index.html'), INDEX);
  await writeFile(path.join(spaDir, '404.html'), NOT_FOUND);
  await writeFile(path.join(spaDir, 'assets', 'index-C0ffee12.js'), 'console.log("app")');
  await mkdir(path.join(spaDir, 'images', 'services'), { recursive: true });
  await writeFile(path.join(spaDir, 'images', 'services', 'moving.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ spaDir });
});
afterAll(async () => {
  await server?.close();
  await rm(spaDir, { recursive: true, force: true });
});

const get = (url: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${url}`, init);

describe('the built SPA', () => {
  it.each(['/', '/home', '/profile-services', '/order/12', '/reset-password/abc-def', '/orders', '/users?x=1', '/refund-orders/', '/properties/2', '/login?redirect=%2Forders'])(
    'answers index.html for the client-side route %s',
    async (route) => {
      const response = await get(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    },
  );

  // Issue 11 row 19: the route table (domain/site/page-routes.ts) decides; anything else is 404.
  it.each(['/admin/does-not-exist?x=1', '/no-such-page', '/order/abc', '/order/0', '/order/99999999999', '/service/abc', '/service/987654', '/properties/x', '/login/extra', '/profile-services/7'])(
    'answers HTTP 404 with the not-found page for %s',
    async (route) => {
      const response = await get(route);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toBe(NOT_FOUND);
    },
  );

  it('answers a service page that exists (built after the SPA) with the app, one that does not with 404', async () => {
    const services = (await (await get('/api/home/services')).json()) as { id: number }[];
    const last = Math.max(...services.map((service) => service.id));
    expect((await get(`/service/${last}`)).status).toBe(200);
    expect((await get(`/service/${last + 1000}`)).status).toBe(404);
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await get('/assets/index-C0ffee12.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const picture = await get('/images/services/moving.svg');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(picture.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing file rather than the page', async () => {
    const response = await get('/assets/missing-123.js');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });

  it('keeps /api answers as JSON: the API and its unknown routes never fall back to the page', async () => {
    const services = await get('/api/home/services');
    expect(services.headers.get('content-type')).toMatch(/application\/json/);
    const unknown = await get('/api/unknown/route');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/No such API route/);
  });

  // A form's native post can only happen if its page's loader never ran (decision 009): the
  // fields are dropped and the person is sent back to the page, never shown JSON.
  it('does not answer the page to a POST: a page sends it back (303), anything else is 404', async () => {
    const response = await get('/login', { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%40b.c&password=secret' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login');
    expect((await get('/no-such-page', { method: 'POST' })).status).toBe(404);
  });
});
