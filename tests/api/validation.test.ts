import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openPostgres } from '../../server/db/postgres';
import { startTestServer, type TestServer } from './support/test-server';
import { testConfig } from './support/test-config';

/**
 * Strict validation on purpose (docs/decisions/001): bodies as sent ("5" is not 5, unknown fields
 * refused), path/query/header strings coerced; every refusal is a 4xx with a readable message.
 */
let server: TestServer;
let customerToken: string;
beforeAll(async () => {
  server = await startTestServer();
  customerToken = (await server.createCustomer()).token;
});
afterAll(() => server?.close());

const send = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${server.baseUrl}${path}`, { method, body: init.body, headers: init.headers });
const asCustomer = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${customerToken}`, ...extra });
const json = { 'content-type': 'application/json' };

describe('request bodies are taken exactly as sent', () => {
  it('refuses "5" where the contract says integer', async () => {
    const response = await send('POST', '/api/services/order/new', {
      headers: asCustomer(json),
      body: JSON.stringify({ service: '5', items: [{ id: 1, quantity: 1 }] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'body/service must be integer' });
  });

  it('refuses a quantity outside 1..100 and a fractional one', async () => {
    for (const [quantity, message] of [
      [0, 'body/items/0/quantity must be >= 1'],
      [101, 'body/items/0/quantity must be <= 100'],
      [1.5, 'body/items/0/quantity must be integer'],
    ] as const) {
      const response = await send('POST', '/api/services/order/new', {
        headers: asCustomer(json),
        body: JSON.stringify({ service: 1, items: [{ id: 1, quantity }] }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
  });

  it('refuses unknown fields, also nested ones', async () => {
    const response = await send('POST', '/api/services/order/new', {
      headers: asCustomer(json),
      body: JSON.stringify({ service: 1, items: [{ id: 1, quantity: 1, price: 0 }] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'body/items/0 must NOT have the unknown property "price"' });
  });

  it('names the allowed values of an enum', async () => {
    const response = await send('PUT', '/api/admin/refund/status', {
      headers: { ...json, authorization: `Bearer ${await server.adminToken()}` },
      body: JSON.stringify({ status: 'maybe', order: 1 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'body/status must be one of: accepted, rejected' });
  });

  it('answers 400 for a missing body, an empty JSON body and malformed JSON', async () => {
    const missing = await send('POST', '/api/auth/login');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'body must be object' });
    const empty = await send('POST', '/api/auth/login', { headers: json, body: '' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBeTruthy();
    const malformed = await send('POST', '/api/auth/login', { headers: json, body: '{"username":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await send('POST', '/api/auth/login', { headers: { 'content-type': 'text/plain' }, body: 'username=a' });
    expect(response.status).toBe(415);
    expect((await response.json()).message).toBeTruthy();
  });

  it('answers 413 with a message for a body over 1 MiB', async () => {
    const response = await send('POST', '/api/contact', {
      headers: json,
      body: JSON.stringify({ name: 'Jane Doe', email: 'jane@example.co.uk', message: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBeTruthy();
  });
});

describe('path, query and header values are strings on the wire, coerced before checking', () => {
  it('accepts a numeric id in the path and refuses one that is not', async () => {
    expect((await send('GET', '/api/home/services/1')).status).toBe(200);
    const response = await send('GET', '/api/services/get-items/one', { headers: asCustomer() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'params/id must be integer' });
  });

  it('refuses an unknown status in the path', async () => {
    const response = await send('PUT', '/api/admin/order/update/lost/1', {
      headers: { ...json, authorization: `Bearer ${await server.adminToken()}` },
      body: JSON.stringify({ status: 'completed' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/^params\/status must be one of: awaiting_validation/);
  });

  it('checks the Idempotency-Key header against the contract', async () => {
    const response = await send('POST', '/api/services/order/checkout', {
      headers: asCustomer({ ...json, 'idempotency-key': 'short' }),
      // A valid body: Fastify checks params, body, query, then headers.
      body: JSON.stringify({
        order: 1, due_date: '2030-01-07', due_time: '09:30', address: '10 Downing Street', phone: '020 7946 0000',
        city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'headers/idempotency-key must NOT have fewer than 8 characters' });
  });
});

describe('what the contract leaves out is refused', () => {
  it.each(['admin=1', '__proto__=x', 'constructor=1', 'q=a&q=b'])('refuses the unknown query parameter in ?%s', async (query) => {
    const response = await send('GET', `/api/home/services?${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/^querystring must NOT have the unknown property "(admin|__proto__|constructor|q)"$/);
  });

  it.each(['{}', '[]', '0', '"x"', 'false', '{"all":true}'])('refuses the body %s on a call that takes none (logout)', async (body) => {
    const { token } = await server.createCustomer();
    const response = await send('POST', '/api/auth/logout', { headers: { ...json, authorization: `Bearer ${token}` }, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'body must be empty: this call takes no request body' });
  });

  it('still signs out without a body', async () => {
    const { token } = await server.createCustomer();
    const response = await send('POST', '/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
  });
});

describe('unknown routes', () => {
  it('answers 404 with a message for an unknown /api route or method', async () => {
    for (const [method, path] of [['GET', '/api/nothing-here'], ['DELETE', '/api/home/services'], ['GET', '/api']]) {
      const response = await send(method!, path!);
      expect([method, path, response.status]).toEqual([method, path, 404]);
      expect((await response.json()).message).toMatch(/No such API route/);
    }
  });
});

describe('server-side failures', () => {
  it('answers 500 "Internal server error" for an unexpected failure, without details', async () => {
    const broken = await startTestServer();
    try {
      await broken.db.query('DROP TABLE testimonies');
      const response = await fetch(`${broken.baseUrl}/api/home/testimonies`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: 'Internal server error' });
    } finally {
      await broken.close();
    }
  });

  it('answers 503 with a message when the database is gone (closed embedded database)', async () => {
    const gone = await startTestServer();
    try {
      await gone.db.close();
      const response = await fetch(`${gone.baseUrl}/api/home/faqs`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'The service is temporarily unavailable, please try again' });
    } finally {
      await gone.close();
    }
  });

  it('answers 503 with a message when the PostgreSQL server cannot be reached', async () => {
    const db = openPostgres('postgres://postgres@127.0.0.1:9/unreachable', { max: 1 });
    // No job queue: its start needs the very server this test makes unreachable (a real server
    // would not have started: its migrations run first). What is tested is a request's answer.
    const app = await buildApp({ db, config: testConfig(), logger: false, startWorkers: false });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a@example.co.uk', password: 'whatever' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The service is temporarily unavailable, please try again' });
    } finally {
      await app.close();
      await db.close();
    }
  });
});
