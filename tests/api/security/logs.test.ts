import { confirmationToken } from '../support/confirmation-link';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import pino from 'pino';
import { loggerOptions } from '../../../server/lib/logger-options';
import { waitForMail } from '../support/mail-wait';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-config';

/**
 * The server's logs, as production writes them: one JSON object per line, times in UTC, and never
 * a password, a bearer token or a reset token, even for the requests that carry them.
 */
const lines: string[] = [];
let app: FastifyInstance;
let database: TestDatabase;
let baseUrl: string;
const config = testConfig();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db, config, spaDir: null, logger: loggerOptions({ nodeEnv: 'production' }, { write: (line) => void lines.push(line) }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  await rm(config.dataDir, { recursive: true, force: true });
});

const call = (method: string, path: string, body?: unknown, token?: string) =>
  fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : null,
  });

describe('logs', () => {
  it('are JSON lines in UTC that never contain a password, a bearer token or a reset token', async () => {
    const email = `logged-${Date.now()}@example.co.uk`;
    const password = 'a-secret-passphrase-7Q';
    const newPassword = 'another-secret-passphrase-8R';
    expect((await call('POST', '/auth/register', { name: 'Logged Person', email, password })).status).toBe(201);
    const confirmToken = confirmationToken(await waitForMail(config.outboxDir, email));
    expect((await call('POST', `/auth/confirm-email/${confirmToken}`, { password })).status).toBe(200);
    const { token } = (await (await call('POST', '/auth/login', { username: email, password })).json()) as { token: string };
    await call('POST', '/auth/login', { username: email, password: 'a-wrong-guess-123' });
    await call('GET', '/services/order/get', undefined, token);
    await call('GET', '/admin/users', undefined, token);
    await call('PUT', '/user/update', { name: null, email: null, oldPassword: password, newPassword }, token);
    await call('POST', '/auth/forgot-password', { email });
    const link = (await waitForMail(config.outboxDir, email)).links.find((l) => l.includes('/reset-password/'))!;
    const resetToken = new URL(link).pathname.split('/').at(-1)!;
    expect((await call('PUT', `/auth/reset-password/${resetToken}`, { password: 'a-third-passphrase-9S' })).status).toBe(200);
    await app.close();

    const text = lines.join('');
    const records = text.trim().split('\n').map((line) => JSON.parse(line) as { time: string; msg?: string; req?: { url: string } });
    console.log(`Logs: ${records.length} JSON lines, no password, bearer token or reset token in them`);
    expect(records.length).toBeGreaterThan(10);
    for (const record of records) expect(record.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(records.some((record) => record.req?.url.includes('/reset-password/[redacted]'))).toBe(true);
    expect(records.some((record) => record.req?.url.includes('/confirm-email/[redacted]'))).toBe(true);
    for (const secret of [password, newPassword, 'a-wrong-guess-123', 'a-third-passphrase-9S', token, resetToken, confirmToken]) {
      expect(text.includes(secret), `a secret (${secret.slice(0, 6)}…) is in the logs`).toBe(false);
    }
  }, 120_000);

  it('never quote the row a database error names: the address, phone and note in it outlive an erasure', async () => {
    const written: string[] = [];
    const logger = buildLogger(written);
    // What pg gives for a CHECK violation on orders: the whole row in `detail`.
    const failure = Object.assign(new Error('new row for relation "orders" violates check constraint "orders_total_check"'), {
      code: '23514',
      detail: 'Failing row contains (7, 3, 12 Secret Road, 020 7946 0999, Leave it with Mrs Jones).',
    });
    logger.error({ err: failure }, 'unexpected error');
    logger.error({ request: { err: failure } }, 'nested');
    expect(written).toHaveLength(2);
    for (const line of written) {
      expect(line).not.toMatch(/Secret Road|7946 0999|Mrs Jones/);
      expect(line).toContain('[redacted]');
    }
    expect(JSON.parse(written[0]!)).toMatchObject({ err: { code: '23514', message: failure.message } });
  });
});

/** A logger exactly as production configures it, writing its lines to `written`. */
function buildLogger(written: string[]) {
  const options = loggerOptions({ nodeEnv: 'production' }, { write: (line) => void written.push(line) }) as pino.LoggerOptions & { stream: pino.DestinationStream };
  return pino(options, options.stream);
}
