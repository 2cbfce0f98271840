import { confirmationToken } from '../support/confirmation-link';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app';
import { ConfigError, loadConfig } from '../../../server/config';
import { loggerOptions } from '../../../server/lib/logger-options';
import { TOO_DEEP } from '../../../server/plugins/strict-inputs';
import { namesMustBePlain } from '../../../domain/names/plain-names';
import { createOutboxMailer } from '../../../server/services/outbox-mailer';
import { EMAIL_CHANGE_NEEDS_PASSWORD, WRONG_OLD_PASSWORD } from '../../../server/services/profiles';
import { catalogue, checkoutBody, inDaysAtTen } from '../booking-fixtures';
import { freePort, ROOT } from '../support/server-process';
import { createTestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-config';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 12 rows 9, 10, 11, 15, 16, 17 and 18: production refuses weak settings and keeps secrets
 * out of its output; slow and deep requests cannot tie the server up; data stays private; names
 * stay plain; an email change needs the password and tells the old address.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { requestTimeoutMs: 1_000 } });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const send = (method: string, path: string, body: unknown, token?: string) =>
  fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** `node server/server.ts` with this environment, until it exits or prints `until`. */
function runServer(env: Record<string, string>, until: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', SPA_DIR: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const outcome = new Promise<{ exitCode: number | null; output: string }>((resolve) => {
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(until)) resolve({ exitCode: null, output });
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', (code) => resolve({ exitCode: code, output }));
  });
  return { child, outcome };
}

describe('production refuses weak settings', () => {
  const production = { NODE_ENV: 'production', ADMIN_EMAIL: 'owner@sparkle.test', ADMIN_PASSWORD: 'prod-admin-Zq81-never-printed' };

  it('JWT_SECRET=x refuses to start, with a clear message', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-weak-'));
    try {
      const { child, outcome } = runServer({ ...production, JWT_SECRET: 'x', DATA_DIR: dataDir, PORT: String(await freePort()) }, 'Sparkle Cleaning API on');
      const { exitCode, output } = await outcome;
      child.kill();
      expect(output).toContain('Configuration error: JWT_SECRET must be at least 32 bytes long when NODE_ENV=production');
      expect(exitCode).toBe(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a 31-byte secret, TRUST_PROXY=true and a malformed proxy list; reads hops and addresses', () => {
    const env = { ...production, JWT_SECRET: 'a'.repeat(32) };
    expect(() => loadConfig({ ...env, JWT_SECRET: 'a'.repeat(31) })).toThrow(ConfigError);
    expect(loadConfig(env).jwtSecret).toHaveLength(32);
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
    expect(() => loadConfig({ ...env, TRUST_PROXY: '10.0.0.1,proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...env, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig(env).trustProxy).toBe(false);
    expect(() => loadConfig({ ...env, REQUEST_TIMEOUT: 'soon' })).toThrow(/REQUEST_TIMEOUT/);
    expect(() => loadConfig({ ...env, RATE_LIMITS: 'signIn=lots' })).toThrow(/RATE_LIMITS/);
  });

  it('never prints the administrator password in production, and keeps its data folder to itself (0700)', async () => {
    const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'sparkle-prod-')), 'data');
    const env = { ...production, JWT_SECRET: 'p'.repeat(48), DATA_DIR: dataDir, PORT: String(await freePort()) };
    const { child, outcome } = runServer(env, 'Admin    sign-in:');
    try {
      const { output } = await outcome;
      expect(output).toContain(`Admin    sign-in: ${production.ADMIN_EMAIL}`);
      expect(output).not.toContain(production.ADMIN_PASSWORD);
      for (const folder of [dataDir, path.join(dataDir, 'pgdata')]) {
        expect(((await stat(folder)).mode & 0o777).toString(8)).toBe('700');
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 240_000);

  it('writes mails (which hold live reset links) readable by the server only: folder 0700, files 0600', async () => {
    const outbox = path.join(await mkdtemp(path.join(os.tmpdir(), 'sparkle-outbox-')), 'outbox');
    try {
      await createOutboxMailer(outbox, 'Sparkle <no-reply@sparkle.test>', () => {}).send({ to: 'jane@example.co.uk', subject: 'Reset', text: 'https://example/reset-password/secret' });
      expect(((await stat(outbox)).mode & 0o777).toString(8)).toBe('700');
      const [file] = await readdir(outbox);
      expect(((await stat(path.join(outbox, file!))).mode & 0o777).toString(8)).toBe('600');
    } finally {
      await rm(path.dirname(outbox), { recursive: true, force: true });
    }
  });

  it('refuses a signed token without an expiry (401); the same token with one works', async () => {
    const customer = await server.createCustomer();
    const claims = decodeJwt(customer.token);
    const sign = (withExpiry: boolean) => {
      const jwt = new SignJWT({ roles: claims.roles, tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer(String(claims.iss))
        .setIssuedAt();
      return (withExpiry ? jwt.setExpirationTime('1h') : jwt).sign(new TextEncoder().encode(server.config.jwtSecret));
    };
    const orders = async (token: string) => (await fetch(`${server.baseUrl}/api/services/order/get`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await orders(await sign(false))).toBe(401);
    expect(await orders(await sign(true))).toBe(200);
  });
});

describe('slow and deep requests', () => {
  it('closes a slow body within the configured timeout (408), long before it would have arrived', async () => {
    const body = JSON.stringify({ name: 'Slow Sender', email: 'slow@example.co.uk', message: 'x'.repeat(150) });
    const socket = connect((server.app.server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    let sent = 0;
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    // One byte every 100 ms: never idle long enough for the connection timeout, ~20 s for the whole body.
    const drip = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
    }, 100);
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(drip);
    console.log(`Slow body: closed after ${sent} of ${body.length} bytes with "${answer.split('\r\n')[0]}" (requestTimeout 1 s)`);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // 1 s of a 20 s body, plus Node's check interval (a quarter of the timeout): well under half of it.
    expect(sent).toBeLessThan(body.length / 2);
  }, 60_000);

  it('answers 400 with a message to 8,000 nested objects or arrays, signed in or not', async () => {
    const deepObject = `${'{"a":'.repeat(8_000)}1${'}'.repeat(8_000)}`;
    const deepArray = `{"name":"Deep Array","email":"deep@example.co.uk","message":${'['.repeat(8_000)}${']'.repeat(8_000)}}`;
    const customer = await server.createCustomer();
    for (const [method, url, payload, token] of [
      ['POST', '/auth/login', deepObject, undefined],
      ['POST', '/contact', deepArray, undefined],
      ['PUT', '/user/update', deepObject, customer.token],
      ['POST', '/services/order/new', deepObject, customer.token],
    ] as const) {
      const response = await send(method, url, payload, token);
      expect(response.status, `${method} ${url}`).toBe(400);
      expect(await response.json()).toEqual({ message: TOO_DEEP });
    }
  });
});

describe('aborted uploads', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  const config = testConfig();
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dispose = database.dispose;
    app = await buildApp({ db: database.db, config, spaDir: null, logger: loggerOptions({ nodeEnv: 'production' }, { write: (line) => void lines.push(line) }) });
    await app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await rm(config.dataDir, { recursive: true, force: true });
  });

  it('are logged as the client hanging up, not as the database being unavailable, and never at error level', async () => {
    const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"Gone');
    // Destroyed once the server has begun reading the body (it logs the incoming request first).
    await vi.waitFor(() => expect(lines.join('')).toContain('incoming request'), { timeout: 10_000 });
    socket.destroy();
    await vi.waitFor(() => expect(lines.join('')).toContain('client aborted the request before its body arrived'), { timeout: 10_000 });
    const records = lines.join('').trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg?: string });
    expect(records.filter((record) => record.level >= 50)).toEqual([]);
    expect(records.some((record) => record.msg === 'database unavailable')).toBe(false);
  });
});

describe('input bounds', () => {
  it('refuses a booking more than 12 months ahead (9999-12-31 too) with a clear message; 11 months is fine', async () => {
    const customer = await server.createCustomer();
    const { serviceId, items } = await catalogue(server, customer.token);
    const newOrder = async () => ((await (await send('POST', '/services/order/new', { service: serviceId, items: [{ id: items[0]!.id, quantity: 1 }] }, customer.token)).json()) as { id: number }).id;
    const order = await newOrder();
    const farFuture = { ...checkoutBody(order, new Date()), due_date: '9999-12-31', due_time: '10:00' };
    const month = 30 * 24 * 3_600_000;
    const thirteenMonths = await send('POST', '/services/order/checkout', checkoutBody(order, new Date(Date.now() + 13 * month)), customer.token);
    expect(thirteenMonths.status).toBe(400);
    expect(((await thirteenMonths.json()) as { message: string }).message).toMatch(/^Online bookings can be made up to 12 months ahead: please choose \d{4}-\d\d-\d\d \d\d:\d\d \(UK time\) or earlier$/);
    // 9999 is outside the contract's days (decision 075): refused at the edge, before any rule.
    const far = await send('POST', '/services/order/checkout', farFuture, customer.token);
    expect([far.status, ((await far.json()) as { message: string }).message]).toEqual([400, 'body/due_date must be a day from 2000-01-01 to 2099-12-31 (YYYY-MM-DD)']);
    expect((await send('POST', '/services/order/checkout', checkoutBody(order, inDaysAtTen(11 * 30)), customer.token)).status).toBe(200);
  });

  it.each([
    ['a right-to-left override', 'Jane \u202Eevil.example'],
    ['a line break', 'Jane Doe\nURGENT: pay at evil.example'],
    ['a carriage return', 'Jane Doe\rSparkle'],
    ['a bidi isolate', 'Jane \u2066Doe\u2069'],
    ['a tab', 'Jane\tDoe'],
  ])('refuses a name with %s on register, profile and contact (400)', async (_label, name) => {
    const customer = await server.createCustomer();
    const answers = [
      await send('POST', '/auth/register', { name, email: `plain-${Date.now()}@example.co.uk`, password: 'a-decent-passphrase' }),
      await send('PUT', '/user/update', { name, email: null, oldPassword: null, newPassword: null }, customer.token),
      await send('POST', '/contact', { name, email: 'someone@example.co.uk', message: 'Hello' }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/must not contain line breaks, control characters or text-direction marks$/);
    }
    expect(namesMustBePlain('Full name')).toBe('Full name must not contain line breaks, control characters or text-direction marks');
  });

  it('keeps accented and non-Latin names', async () => {
    for (const name of ['Zoë Ångström-Núñez', 'Đặng Thị Ngọc', 'محمد عبد الله', '王小明 Wang']) {
      expect((await send('POST', '/auth/register', { name, email: `intl-${Date.now()}-${Math.random()}@example.co.uk`, password: 'a-decent-passphrase' })).status).toBe(201);
    }
  });
});

describe('changing the email', () => {
  it('needs the current password, moves once the new address is confirmed, and tells the old address', async () => {
    const customer = await server.createCustomer();
    const newEmail = `moved-${Date.now()}@example.co.uk`;
    const without = await send('PUT', '/user/update', { name: null, email: newEmail, oldPassword: null, newPassword: null }, customer.token);
    expect(without.status).toBe(400);
    expect(await without.json()).toEqual({ message: EMAIL_CHANGE_NEEDS_PASSWORD });
    const wrong = await send('PUT', '/user/update', { name: null, email: newEmail, oldPassword: 'not-my-password', newPassword: null }, customer.token);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: WRONG_OLD_PASSWORD });
    expect(await server.latestMail(newEmail)).toBeNull();

    const changed = await send('PUT', '/user/update', { name: null, email: newEmail, oldPassword: customer.password, newPassword: null }, customer.token);
    expect(changed.status).toBe(200);
    // Nothing moved yet: the old address hears of it once the new one is confirmed.
    expect((await server.latestMail(customer.email))?.subject).toBe('Confirm your email for Sparkle Cleaning');
    const token = confirmationToken(await server.latestMail(newEmail));
    expect((await server.api.POST('/auth/confirm-email/{token}', { params: { path: { token } }, headers: server.bearer(customer.token) })).response.status).toBe(200);
    const notice = await server.latestMail(customer.email);
    expect(notice?.subject).toBe('The email of your Sparkle Cleaning account was changed');
    expect(notice?.text).toContain(`from ${customer.email} to ${newEmail}`);
  });
});
