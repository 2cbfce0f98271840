/**
 * Issue 13 "operable": liveness and readiness in the contract with the right status codes, 503
 * before memory runs out, request ids from X-Request-Id or random, and a SIGTERM that exits
 * promptly even with kept-alive connections (it used to take 72 s).
 */
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from '../../../server/app';
import { eventually } from '../support/mail-wait';
import { startServerProcess } from '../support/server-process';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('health and readiness', () => {
  it('GET /api/health answers 200 {status: ok}, never cached', async () => {
    const { data, response } = await server.api.GET('/health');
    expect(response.status).toBe(200);
    expect(data).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/ready answers 200 when the database answers and is migrated, 503 when a migration is missing', async () => {
    const ready = await server.api.GET('/ready');
    expect(ready.response.status).toBe(200);
    expect(ready.data).toEqual({ status: 'ready' });

    // The same code against a database that lacks a migration (as after a deploy before `migrate`).
    const behind = await startTestServer();
    try {
      await behind.db.query("DELETE FROM schema_migrations WHERE name = '007_operations.sql'");
      const answer = await behind.api.GET('/ready');
      expect(answer.response.status).toBe(503);
      expect(answer.error).toEqual({ message: 'Database migrations are pending' });
    } finally {
      await behind.close();
    }
  });

  it('GET /api/ready answers 503 while the database is unreachable; /api/health still 200', async () => {
    const down = await startTestServer();
    await down.app.jobs.stop(1_000);
    await down.db.close();
    try {
      const ready = await fetch(`${down.baseUrl}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ message: 'Database unavailable' });
      expect((await fetch(`${down.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await down.app.close().catch(() => {});
    }
  });
});

describe('under pressure', () => {
  it('answers 503 with a message and Retry-After once the heap passes MEMORY_LIMIT_MB', async () => {
    const tight = await startTestServer({ config: { memoryLimitMb: 16 } });
    try {
      // The heap is sampled about once a second: poll, bounded.
      const answer = await eventually('a 503 under memory pressure', async () => {
        const response = await fetch(`${tight.baseUrl}/api/home/services`);
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
      }, (seen) => seen.status === 503, 20_000);
      expect(JSON.parse(answer.body)).toEqual({ message: BUSY_MESSAGE });
      expect(answer.retryAfter).toBe('10');
    } finally {
      await tight.app.close().catch(() => {});
    }
  });
});

describe('request ids', () => {
  it('takes X-Request-Id from the caller (a proxy), and makes a random one otherwise, never a counter', async () => {
    const given = await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-request-id': 'proxy-7f3a9c' } });
    expect(given.headers.get('x-request-id')).toBe('proxy-7f3a9c');
    const ids = await Promise.all([1, 2, 3].map(async () => (await fetch(`${server.baseUrl}/api/health`)).headers.get('x-request-id')));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
    // A header that could forge log lines is not taken.
    const forged = await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-request-id': 'a b"c' } });
    expect(forged.headers.get('x-request-id')).not.toBe('a b"c');
  });
});

describe('graceful shutdown', () => {
  it('SIGTERM with a request in flight on a kept-alive connection: it is answered and the process exits long before the 72 s keep-alive', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'h6-shutdown-'));
    const child = await startServerProcess({ dataDir, env: { SHUTDOWN_TIMEOUT: '60000' } });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = JSON.stringify({ name: 'Jane Doe', email: 'jane.doe@example.co.uk', message: 'Do you clean ovens?' });
      // A request the server has begun (its "100 Continue" says so) whose body arrives after SIGTERM.
      const answered = new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port: child.port, method: 'POST', path: '/api/contact', agent, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.on('continue', () => {
          // The body once the server has said it is closing (its log line), not after a guessed delay.
          child.child.stdout?.on('data', function sendOnceClosing() {
            if (!child.output().includes('SIGTERM: closing')) return;
            child.child.stdout?.off('data', sendOnceClosing);
            request.end(body);
          });
          child.child.kill('SIGTERM');
        });
        request.flushHeaders();
      });
      expect(await answered).toBe(201);
      // With the connection kept alive after the answer, the process used to wait for the 72 s keep-alive.
      const deadline = new Promise<string>((resolve) => setTimeout(() => resolve('still running after 20 s'), 20_000).unref());
      expect(await Promise.race([child.exited.then(() => 'exited'), deadline])).toBe('exited');
    } finally {
      agent.destroy();
      await child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('SIGTERM drains first (issue 24): readiness 503 while requests are served on kept-alive connections; then no new connection is taken, the open one is served once more and closed; then it exits', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'h3-drain-'));
    // A drain far longer than the few requests below need; the process exits when it ends.
    const child = await startServerProcess({ dataDir, env: { SHUTDOWN_DRAIN: '5000', SHUTDOWN_TIMEOUT: '60000' } });
    // One connection, kept alive, as a proxy's pool holds them.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, target: string, body?: object) => new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
      const text = body ? JSON.stringify(body) : undefined;
      const request = httpRequest({ host: '127.0.0.1', port: child.port, method, path: target, agent, headers: text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {} }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, reused: request.reusedSocket }));
      });
      request.on('error', reject);
      request.end(text);
    });
    try {
      expect(await send('GET', '/api/home/services')).toMatchObject({ status: 200, connection: 'keep-alive' });
      child.child.kill('SIGTERM');
      await eventually('readiness says 503', async () => (await fetch(`${child.baseUrl}/api/ready`)).status, (status) => status === 503, 5_000);
      // Draining: served as usual, the connection kept (closed after each answer, every request would
      // come on a new connection, and one arriving as the listener closes is reset: decision 128).
      expect(await send('GET', '/api/home/services')).toEqual({ status: 200, connection: 'keep-alive', reused: true });
      await eventually('new connections are refused', () => connectOutcome(child.port), (outcome) => outcome === 'refused', 20_000);
      const write = await send('POST', '/api/contact', { name: 'Jane Doe', email: 'jane.doe@example.co.uk', message: 'Still open?' });
      expect(write).toEqual({ status: 201, connection: 'close', reused: true });
      expect(await child.exited).toBe(0);
    } finally {
      agent.destroy();
      await child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** Whether a new connection is taken ('accepted', then closed again at once) or refused. */
function connectOutcome(port: number): Promise<'accepted' | 'refused'> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => (socket.destroy(), resolve('accepted')));
    socket.once('error', () => resolve('refused'));
  });
}
