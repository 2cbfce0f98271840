import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import { createAccountReadRate } from '../../server/lib/account-read-rate';
import { listOperations, loadOpenApiDocument, OPENAPI_PATH, toRoutePath } from '../../server/lib/openapi-document';
import errorHandler from '../../server/plugins/error-handler';
import { openApiRoutes } from '../../server/plugins/openapi-routes';
import { validatorCompiler } from '../../server/plugins/request-validation';
import { DEFAULT_RATE_LIMITS } from '../../server/rate-limits';
import { createHandlers } from '../../server/routes';
import { startTestServer, type TestServer } from './support/test-server';

const document = loadOpenApiDocument();
const operations = listOperations(document);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { corsOrigins: ['https://www.sparkle.example'] } });
});
afterAll(() => server?.close());

/** A request to the operation with placeholder path values: auth is checked before anything else. */
const call = (operation: (typeof operations)[number], headers: Record<string, string> = {}) =>
  fetch(server.baseUrl + toRoutePath(operation.path).replace(/:(\w+)/g, (_m, name) => (name === 'status' ? 'completed' : '1')), {
    method: operation.method.toUpperCase(),
    headers,
  });

describe('the contract openapi/openapi.yaml', () => {
  it('has a handler for every operationId', () => {
    const ctx = { db: server.db, readDb: server.db, config: server.config, outbox: { add: async () => {}, site: { publicUrl: server.config.publicUrl, vatNumber: server.config.vatNumber } }, payments: null, now: () => new Date() } satisfies AppContext;
    const handlers = createHandlers(ctx);
    const missing = operations.map((operation) => operation.operationId).filter((id) => !(id in handlers));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(24);
  });

  it('answers 501 with a message for an operation whose handler is not written yet', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.decorateRequest('user', null);
    await app.register(errorHandler);
    await app.register(openApiRoutes, { document, handlers: {}, authenticator: { authenticate: async () => ({ id: 1, name: 'x', email: 'x@y.z', roles: [] }) },
      listReadRate: createAccountReadRate(DEFAULT_RATE_LIMITS.listReads, () => new Date()),
    });
    const response = await app.inject({ method: 'GET', url: '/api/home/faqs' });
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({ message: 'listFaqs is not implemented yet' });
    await app.close();
  });

  it('serves itself at /api/openapi.yaml', async () => {
    const response = await fetch(`${server.baseUrl}/api/openapi.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/yaml/);
    expect(await response.text()).toBe(readFileSync(OPENAPI_PATH, 'utf8'));
  });

  it('has a self-contained reference page at /api/docs listing every operation', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="https?:/i);
    for (const operation of operations) {
      expect(html).toContain(`id="op-${operation.operationId}"`);
      expect(html).toContain(`<code>/api${operation.path}</code>`);
      expect(html).toContain(operation.summary.replace(/'/g, '&#39;'));
    }
    expect(html).toContain('<a href="#schema-LoginRequest">LoginRequest</a>');
    expect(html).toContain('<a href="#schema-UserInfo">UserInfo</a>');
  });

  it('keeps /api/docs and /api/openapi.yaml off when API_DOCS is off', async () => {
    const quiet = await startTestServer({ db: server.db, config: { apiDocs: false } });
    try {
      expect((await fetch(`${quiet.baseUrl}/api/docs`)).status).toBe(404);
      expect((await fetch(`${quiet.baseUrl}/api/openapi.yaml`)).status).toBe(404);
    } finally {
      await quiet.close();
    }
  });
});

describe('security from the contract', () => {
  const secured = operations.filter((operation) => operation.requiresAuth);
  const adminOnly = operations.filter((operation) => operation.requiredRole === 'ROLE_ADMIN');

  it('guards every bearerAuth operation: 401 with a message without a token', async () => {
    expect(secured.length).toBeGreaterThanOrEqual(15);
    for (const operation of secured) {
      const response = await call(operation);
      expect([operation.operationId, response.status]).toEqual([operation.operationId, 401]);
      expect((await response.json()).message).toBe('Please log in to continue');
    }
  });

  it('answers 403 "Administrators only" to a customer on every /api/admin operation', async () => {
    expect(adminOnly.map((operation) => operation.path).every((path) => path.startsWith('/admin/'))).toBe(true);
    const token = await server.customerToken();
    for (const operation of adminOnly) {
      const response = await call(operation, { authorization: `Bearer ${token}` });
      expect([operation.operationId, response.status]).toEqual([operation.operationId, 403]);
      expect(await response.json()).toEqual({ message: 'Administrators only' });
    }
  });

  it('refuses an expired token, one signed with another key and an unsigned one', async () => {
    const { data: me } = await server.api.POST('/auth/login', { body: { username: 'admin@sparkle.test', password: server.config.adminPassword! } });
    const claims = { roles: me!.roles, tv: 0 };
    const sign = (key: string, expires: number) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(me!.id)).setIssuer('sparkle-cleaning').setIssuedAt().setExpirationTime(expires).sign(new TextEncoder().encode(key));
    const inOneHour = Math.floor(Date.now() / 1000) + 3600;
    const expired = await sign(server.config.jwtSecret, Math.floor(Date.now() / 1000) - 10);
    const otherKey = await sign('another-secret-another-secret-another', inOneHour);
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: String(me!.id), iss: 'sparkle-cleaning', exp: inOneHour })).toString('base64url');
    const unsigned = `${header}.${payload}.`;
    for (const token of [expired, otherKey, unsigned]) {
      const { response, error } = await server.api.GET('/admin/users', { headers: server.bearer(token) });
      expect(response.status).toBe(401);
      expect(error!.message).toBeTruthy();
    }
    expect((await server.api.GET('/admin/users', { headers: server.bearer(me!.token) })).response.status).toBe(200);
  });

  it('answers /api/admin/orders/ and /api/admin/refunds/ with and without the trailing slash', async () => {
    const headers = { authorization: `Bearer ${await server.adminToken()}` };
    for (const path of ['/api/admin/orders/', '/api/admin/orders', '/api/admin/refunds/', '/api/admin/refunds']) {
      const response = await fetch(server.baseUrl + path, { headers });
      expect([path, response.status]).toEqual([path, 200]);
      expect(Array.isArray(await response.json())).toBe(true);
    }
  });
});

describe('CORS', () => {
  it('allows only the origins of CORS_ORIGIN', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight('https://www.sparkle.example');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://www.sparkle.example');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
