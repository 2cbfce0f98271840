import { confirmationToken } from '../support/confirmation-link';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits';
import { FORGOT_PASSWORD_FLOOR_MS } from '../../../server/services/even-time';
import { COMMON_PASSWORD } from '../../../server/services/password-policy';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Password guessing and account discovery: sign-in and forgot-password are limited per client (on
 * top of the per-account limits), forgot-password answers the same in about the same time whether
 * or not the email has an account, common passwords are refused, and long passphrases work.
 */
let server: TestServer;
const post = (path: string, body: unknown) =>
  fetch(`${server.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const unique = () => `someone-${randomUUID().slice(0, 8)}@example.co.uk`;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('rate limits per client', () => {
  // A server of their own: the pause would stop this file's other sign-ins too.
  let limited: TestServer;
  const postTo = (path: string, body: unknown) =>
    fetch(`${limited.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  beforeAll(async () => {
    limited = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await limited?.close();
  });

  it(`pauses a client after ${DEFAULT_RATE_LIMITS.signIn.limit} wrong passwords over many accounts (429 with a message)`, async () => {
    // One wrong password per account: no per-account limit is reached, only the client's.
    for (let attempt = 0; attempt < DEFAULT_RATE_LIMITS.signIn.limit; attempt += 1) {
      expect((await postTo('/auth/login', { username: unique(), password: 'not-the-password' })).status).toBe(401);
    }
    const paused = await postTo('/auth/login', { username: unique(), password: 'not-the-password' });
    expect(paused.status).toBe(429);
    expect(await paused.json()).toEqual({ message: 'Too many attempts, please try again in a few minutes' });
    console.log(`Sign-in: 429 after ${DEFAULT_RATE_LIMITS.signIn.limit} wrong passwords from one client`);
  }, 120_000);

  it(`pauses a client after ${DEFAULT_RATE_LIMITS.forgotPassword.limit} reset-link requests to different addresses`, async () => {
    for (let attempt = 0; attempt < DEFAULT_RATE_LIMITS.forgotPassword.limit; attempt += 1) {
      expect((await postTo('/auth/forgot-password', { email: unique() })).status).toBe(200);
    }
    const paused = await postTo('/auth/forgot-password', { email: unique() });
    expect(paused.status).toBe(429);
    expect((await paused.json()).message).toBe('Too many attempts, please try again in a few minutes');
  }, 120_000);
});

describe('forgot-password tells nothing about accounts', () => {
  it('answers the same text, never before its floor and only once the mail is written, for a known and an unknown email', async () => {
    const fresh = await startTestServer();
    try {
      const known = await fresh.createCustomer();
      const early: Record<'known' | 'unknown', number> = { known: 0, unknown: 0 };
      const bodies = new Set<string>();
      let mailsMissing = 0;
      // Five rounds: the known address may be mailed five times an hour.
      for (let round = 0; round < 5; round += 1) {
        for (const kind of ['known', 'unknown'] as const) {
          const started = performance.now();
          const email = kind === 'known' ? known.email : unique();
          const response = await fetch(`${fresh.baseUrl}/api/auth/forgot-password`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          });
          // Counted, not compared between kinds: an answer sooner than the floor would show that there was nothing to do.
          if (performance.now() - started < FORGOT_PASSWORD_FLOOR_MS) early[kind] += 1;
          expect(response.status).toBe(200);
          bodies.add(await response.text());
          if (kind === 'known') mailsMissing += round + 1 - (await fresh.outbox()).filter((mail) => mail.to === known.email && mail.subject.startsWith('Reset')).length;
        }
      }
      console.log(`Forgot-password: answers before the ${FORGOT_PASSWORD_FLOOR_MS} ms floor: ${early.known} with an account, ${early.unknown} without; mails not yet written at the answer: ${mailsMissing}; ${bodies.size} answer text`);
      expect(bodies.size).toBe(1);
      expect(early).toEqual({ known: 0, unknown: 0 });
      expect(mailsMissing).toBe(0);
      expect((await fresh.latestMail(known.email))?.links.some((link) => link.includes('/reset-password/'))).toBe(true);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});

describe('password choice', () => {
  it.each(['password123', 'Qwerty123', '12345678', 'aaaaaaaa', 'sparkle123'])('refuses the common password %s with a clear message', async (password) => {
    const response = await post('/auth/register', { name: 'Common Password', email: unique(), password });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: COMMON_PASSWORD });
  });

  it('still refuses a password under six characters (400)', async () => {
    const response = await post('/auth/register', { name: 'Short Password', email: unique(), password: 'abc12' });
    expect(response.status).toBe(400);
  });

  it('accepts a 100-character passphrase, whole: one character less does not sign in', async () => {
    const email = unique();
    const password = `${'correct horse battery staple '.repeat(4)}`.slice(0, 99) + 'Z';
    expect(password).toHaveLength(100);
    expect((await post('/auth/register', { name: 'Long Passphrase', email, password })).status).toBe(201);
    const token = confirmationToken(await server.latestMail(email));
    expect((await server.api.POST('/auth/confirm-email/{token}', { params: { path: { token } }, body: { password } })).response.status).toBe(200);
    expect((await post('/auth/login', { username: email, password })).status).toBe(200);
    expect((await post('/auth/login', { username: email, password: password.slice(0, 99) })).status).toBe(401);
  }, 60_000);

  it('refuses a common new password on the profile and needs the old password to change it', async () => {
    const customer = await server.createCustomer();
    const put = (body: unknown) =>
      fetch(`${server.baseUrl}/api/user/update`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` }, body: JSON.stringify(body) });
    const common = await put({ name: null, email: null, oldPassword: customer.password, newPassword: 'iloveyou' });
    expect(common.status).toBe(400);
    expect((await common.json()).message).toBe(COMMON_PASSWORD);
    const withoutOld = await put({ name: null, email: null, oldPassword: null, newPassword: 'a-fresh-passphrase-9' });
    expect(withoutOld.status).toBe(400);
  }, 60_000);
});
