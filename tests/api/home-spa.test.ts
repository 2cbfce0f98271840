import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/** `npm start` serves the built SPA beside /api; a tiny fake build stands in for dist/. */
let server: TestServer;
let spaDir: string;
const INDEX = '<!doctype html><html lang="en-GB"><head><title>Sparkle Cleaning</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  spaDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-dist-'));
  await mkdir(path.join(spaDir, 'assets'));
  await writeFile(path.join(spaDir, 'index.html'), INDEX);
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
  it.each(['/', '/home', '/profile-services', '/order/12', '/reset-password/abc-def', '/admin/does-not-exist?x=1'])(
    'answers index.html for the client-side route %s',
    async (route) => {
      const response = await get(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    },
  );

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

  it('does not answer the page to a POST', async () => {
    const response = await get('/profile', { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
