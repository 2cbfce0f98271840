import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { pageLoaderScript } from '../../../server/lib/page-loader';

/**
 * Security headers on every kind of answer (API, SPA page, asset, payment page, errors), and
 * `Cache-Control: no-store` on every API answer that is not a public read: a token, an order or a
 * profile never lands in a shared or disk cache.
 */
let server: TestServer;
let spaDir: string;

beforeAll(async () => {
  // The SPA's own page template stands in for the build (npm test builds after the API suites).
  spaDir = await mkdtemp(path.join(os.tmpdir(), 'h5-spa-'));
  await writeFile(path.join(spaDir, 'index.html'), await readFile('index.html', 'utf8'));
  server = await startTestServer({ spaDir });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(spaDir, { recursive: true, force: true });
});

const csp = (response: Response) => response.headers.get('content-security-policy') ?? '';

describe('security headers', () => {
  const pages = ['/api/home/services', '/api/admin/users', '/api/no-such-route', '/', '/reset-password/abc', '/api/docs'];
  it.each(pages)('%s carries a CSP with no inline script, no plugins, no <base>, no framing; nosniff; no Referer', async (path) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    const policy = csp(response);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // HSTS only where the site is served over HTTPS: production.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('the SPA page has no inline script for the CSP to block (Vite adds none when it builds)', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, body]) => !/\bsrc=/.test(attributes ?? '') || (body ?? '').trim() !== '');
    expect(inline.map(([tag]) => tag)).toEqual([]);
  });

  it("allows exactly one inline script, the prerendered pages' loader, by its SHA-256", async () => {
    const policy = csp(await fetch(`${server.baseUrl}/`));
    const scriptSources = /script-src ([^;]*)/.exec(policy)![1]!.trim().split(/\s+/);
    const loaderHash = `'sha256-${createHash('sha256').update(pageLoaderScript).digest('base64')}'`;
    expect(scriptSources).toEqual(["'self'", loaderHash]);
  });

});

describe('security headers in production', () => {
  // A second server: started in a hook, whose time limit allows for a fresh database on a busy machine.
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ config: { nodeEnv: 'production' } });
  });
  afterAll(async () => production?.close());

  it('sends HSTS in production', async () => {
    const response = await fetch(`${production.baseUrl}/api/home/services`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('caching of authenticated answers', () => {
  it('answers no-store to the sign-in (it carries a token) and to every signed-in call', async () => {
    const customer = await server.createCustomer();
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: customer.email, password: customer.password }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/services/order/get', '/api/services/get-items/1']) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${customer.token}` } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    const admin = await server.adminToken();
    const orders = await fetch(`${server.baseUrl}/api/admin/orders/`, { headers: { authorization: `Bearer ${admin}` } });
    expect(orders.headers.get('cache-control')).toBe('no-store');
  });

  it('lets the public reads keep their own short public caching', async () => {
    const response = await fetch(`${server.baseUrl}/api/home/faqs`);
    expect(response.headers.get('cache-control')).toMatch(/^public/);
  });
});
