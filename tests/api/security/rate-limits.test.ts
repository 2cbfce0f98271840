import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, TOO_MANY_ATTEMPTS } from '../../../server/services/rate-limiter';
import { tooManyOpenOrders } from '../../../server/services/order-limits';
import { scryptRuns } from '../../../server/services/password-hasher';
import { INVALID_RESET_LINK } from '../../../server/services/password-reset';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits';
import { catalogue, createClock, type Clock } from '../booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from '../support/test-server';

/**
 * Issue 12 rows 2, 3 (order creation), 5, 6, 7 and 8, issue 13 (limits across instances): the
 * production limits (DEFAULT_RATE_LIMITS) on a server behind a trusted proxy (TRUST_PROXY=loopback),
 * each client named by X-Forwarded-For. Password checks are counted on the hasher itself.
 */
const LIMITS = DEFAULT_RATE_LIMITS;
let server: TestServer;
let clock: Clock;
const unique = () => `someone-${randomUUID().slice(0, 8)}@example.co.uk`;
let networks = 0;
/** A client address of its own (TEST-NET-3 and up), so tests do not share client limits. */
const newClient = () => `203.0.${113 + Math.floor(networks / 250)}.${(networks++ % 250) + 1}`;

function send(target: TestServer, method: string, path: string, body: unknown, client?: string, token?: string) {
  return fetch(`${target.baseUrl}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(client ? { 'x-forwarded-for': client } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}
const login = (email: string, password: string, client: string, target = server) =>
  send(target, 'POST', '/auth/login', { username: email, password }, client);
const statuses = async (responses: Promise<Response>[]) => (await Promise.all(responses)).map((response) => response.status);
const count = (list: number[], status: number) => list.filter((value) => value === status).length;

beforeAll(async () => {
  clock = createClock(new Date().toISOString());
  server = await startTestServer({ now: clock.now, config: { trustProxy: ['loopback'], rateLimits: DEFAULT_RATE_LIMITS } });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('sign-in under concurrency: an attempt is counted before its password is checked', () => {
  it(`100 simultaneous guesses at one account, the right one among them, check at most ${LIMITS.signInPair.limit} passwords`, async () => {
    const customer = await server.createCustomer();
    const attacker = newClient();
    const before = scryptRuns.verified;
    const answers = await statuses(
      Array.from({ length: 100 }, (_, index) => login(customer.email, index === 50 ? customer.password : `wrong-guess-${index}`, attacker)),
    );
    const checked = scryptRuns.verified - before;
    console.log(`100 simultaneous guesses at one account: ${checked} passwords checked, ${count(answers, 401)}×401, ${count(answers, 200)}×200, ${count(answers, 429)}×429`);
    expect(checked).toBeLessThanOrEqual(LIMITS.signInPair.limit);
    expect(count(answers, 401) + count(answers, 200)).toBeLessThanOrEqual(LIMITS.signInPair.limit);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(100 - LIMITS.signInPair.limit);
  }, 120_000);

  it(`300 simultaneous guesses over 300 accounts from one client check at most ${LIMITS.signIn.limit} passwords`, async () => {
    const attacker = newClient();
    const before = scryptRuns.verified;
    const answers = await statuses(Array.from({ length: 300 }, () => login(unique(), 'not-the-password', attacker)));
    const checked = scryptRuns.verified - before;
    console.log(`300 simultaneous guesses from one client: ${checked} passwords checked, ${count(answers, 429)}×429`);
    expect(checked).toBeLessThanOrEqual(LIMITS.signIn.limit);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(300 - LIMITS.signIn.limit);
  }, 120_000);
});

describe('the limits hold across instances and restarts (counters in the database)', () => {
  it('guesses split over two instances share one limit, and a restarted instance still knows it', async () => {
    const config = { trustProxy: ['loopback'], rateLimits: DEFAULT_RATE_LIMITS };
    const second = await startTestServer({ db: server.db, now: clock.now, config });
    const attacker = newClient();
    let customer: TestCustomer;
    try {
      // Either instance's worker may send the confirmation mail: they share one relay (outbox).
      customer = await server.createCustomer();
      for (let attempt = 0; attempt < LIMITS.signInPair.limit; attempt += 1) {
        const target = attempt % 2 === 0 ? server : second;
        expect((await login(customer.email, `wrong-${attempt}`, attacker, target)).status).toBe(401);
      }
      expect((await login(customer.email, customer.password, attacker, second)).status).toBe(429);
    } finally {
      await second.close();
    }
    const restarted = await startTestServer({ db: server.db, now: clock.now, config });
    try {
      const paused = await login(customer.email, customer.password, attacker, restarted);
      expect(paused.status).toBe(429);
      expect(await paused.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    } finally {
      await restarted.close();
    }
  }, 120_000);
});

describe('a lockout cannot be turned against the owner', () => {
  it('guesses from one network pause that network for the account, not the owner on their usual network', async () => {
    const customer = await server.createCustomer();
    const home = newClient();
    const attacker = newClient();
    expect((await login(customer.email, customer.password, home)).status).toBe(200);
    for (let attempt = 0; attempt < LIMITS.signInPair.limit; attempt += 1) {
      expect((await login(customer.email, `wrong-${attempt}`, attacker)).status).toBe(401);
    }
    expect((await login(customer.email, customer.password, attacker)).status).toBe(429);
    expect((await login(customer.email, customer.password, home)).status).toBe(200);
  }, 60_000);

  it(`${LIMITS.signInAccount.limit} guesses from as many networks pause the account for new networks only; a password reset lifts it`, async () => {
    const customer = await server.createCustomer();
    const home = newClient();
    const traveller = newClient();
    expect((await login(customer.email, customer.password, home)).status).toBe(200);
    const botnet = Array.from({ length: LIMITS.signInAccount.limit }, newClient);
    for (let start = 0; start < botnet.length; start += 10) {
      const answers = await statuses(botnet.slice(start, start + 10).map((client, index) => login(customer.email, `botnet-${start + index}`, client)));
      expect(answers.every((status) => status === 401)).toBe(true);
    }
    expect((await login(customer.email, customer.password, traveller)).status).toBe(429);
    expect((await login(customer.email, customer.password, home)).status).toBe(200);

    // Forgot-password lets the owner back in from anywhere.
    expect((await send(server, 'POST', '/auth/forgot-password', { email: customer.email }, traveller)).status).toBe(200);
    const link = (await server.latestMail(customer.email))!.links.find((each) => each.includes('/reset-password/'))!;
    const token = new URL(link).pathname.split('/').at(-1)!;
    expect((await send(server, 'PUT', `/auth/reset-password/${token}`, { password: 'a-new-passphrase-after-attack' }, traveller)).status).toBe(200);
    expect((await login(customer.email, 'a-new-passphrase-after-attack', traveller)).status).toBe(200);
  }, 120_000);
});

describe('TRUST_PROXY: the client behind the proxy is the one limited', () => {
  it(`with it, a client paused after ${LIMITS.signIn.limit} wrong passwords leaves every other client their sign-in`, async () => {
    const paused = newClient();
    for (let start = 0; start < LIMITS.signIn.limit; start += 10) {
      const answers = await statuses(Array.from({ length: 10 }, () => login(unique(), 'not-the-password', paused)));
      expect(answers.every((status) => status === 401)).toBe(true);
    }
    expect((await login(unique(), 'not-the-password', paused)).status).toBe(429);
    const customer = await server.createCustomer();
    expect((await login(customer.email, 'a-typo-in-it', newClient())).status).toBe(401);
    expect((await login(customer.email, customer.password, newClient())).status).toBe(200);
  }, 120_000);

  it('without it, X-Forwarded-For is not believed: claiming other addresses does not slip the limit', async () => {
    const direct = await startTestServer({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
    try {
      for (let start = 0; start < LIMITS.signIn.limit; start += 10) {
        const answers = await statuses(Array.from({ length: 10 }, () => login(unique(), 'not-the-password', newClient(), direct)));
        expect(answers.every((status) => status === 401)).toBe(true);
      }
      expect((await login(unique(), 'not-the-password', newClient(), direct)).status).toBe(429);
    } finally {
      await direct.close();
    }
  }, 120_000);
});

describe('the limiter forgets no active key (bounded by expiry, not by forgetting)', () => {
  it('a paused key stays paused after 10,001 other keys were counted; expired windows are swept', async () => {
    const limiter = createRateLimiter(server.db, clock.now);
    const limit = { limit: 3, windowMs: 15 * 60_000 };
    const locked = `test:locked:${randomUUID()}`;
    for (let attempt = 0; attempt < limit.limit; attempt += 1) await limiter.reserve({ key: locked, ...limit });
    await expect(limiter.reserve({ key: locked, ...limit })).rejects.toMatchObject({ statusCode: 429 });
    const prefix = `test:other:${randomUUID()}`;
    for (let start = 0; start < 10_001; start += 100) {
      await Promise.all(Array.from({ length: Math.min(100, 10_001 - start) }, (_, index) => limiter.reserve({ key: `${prefix}:${start + index}`, ...limit })));
    }
    await expect(limiter.reserve({ key: locked, ...limit })).rejects.toMatchObject({ statusCode: 429 });

    const expired = async () => Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limits WHERE resets_at <= $1', [clock.now().toISOString()]))[0]!.n);
    clock.advance(limit.windowMs);
    const before = await expired();
    for (let attempt = 0; attempt < 400; attempt += 1) await limiter.reserve({ key: `${prefix}:later:${attempt}`, ...limit });
    const after = await expired();
    console.log(`Limiter: a paused key stayed paused through 10,001 other keys; expired rows ${before} → ${after} after 400 new attempts`);
    expect(after).toBeLessThan(before);
    // The window over, the paused key counts again from zero.
    await expect(limiter.reserve({ key: locked, ...limit })).resolves.toBeDefined();
  }, 180_000);
});

describe('limits on the other expensive or abusable operations (429 with a message)', () => {
  it(`register: ${LIMITS.register.limit} accounts an hour from one client`, async () => {
    const client = newClient();
    for (let attempt = 0; attempt < LIMITS.register.limit; attempt += 1) {
      expect((await send(server, 'POST', '/auth/register', { name: 'Many Accounts', email: unique(), password: 'a-decent-passphrase' }, client)).status).toBe(201);
    }
    const paused = await send(server, 'POST', '/auth/register', { name: 'Many Accounts', email: unique(), password: 'a-decent-passphrase' }, client);
    expect(paused.status).toBe(429);
    expect(await paused.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect((await send(server, 'POST', '/auth/register', { name: 'Someone Else', email: unique(), password: 'a-decent-passphrase' }, newClient())).status).toBe(201);
  }, 60_000);

  it(`reset-password: a bogus token costs no hashing, and a client is paused after ${LIMITS.resetPassword.limit}`, async () => {
    const client = newClient();
    const hashedBefore = scryptRuns.hashed;
    for (let attempt = 0; attempt < LIMITS.resetPassword.limit; attempt += 1) {
      const response = await send(server, 'PUT', `/auth/reset-password/${randomUUID()}`, { password: 'a-decent-passphrase' }, client);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: INVALID_RESET_LINK });
    }
    expect(scryptRuns.hashed - hashedBefore).toBe(0);
    const paused = await send(server, 'PUT', `/auth/reset-password/${randomUUID()}`, { password: 'a-decent-passphrase' }, client);
    expect(paused.status).toBe(429);
    expect(await paused.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
  }, 60_000);

  it(`contact: ${LIMITS.contact.limit} messages an hour from one client`, async () => {
    const client = newClient();
    const message = { name: 'Curious Visitor', email: 'visitor@example.co.uk', message: 'Do you clean ovens?' };
    const answers = await statuses(Array.from({ length: LIMITS.contact.limit + 20 }, () => send(server, 'POST', '/contact', message, client)));
    expect(count(answers, 201)).toBe(LIMITS.contact.limit);
    expect(count(answers, 429)).toBe(20);
  }, 60_000);

  it(`orders: ${LIMITS.orders.limit} a minute per customer, and at most ${LIMITS.openOrders.limit} open unpaid ones`, async () => {
    const customer = await server.createCustomer();
    const { serviceId, items } = await catalogue(server, customer.token);
    const order = () => send(server, 'POST', '/services/order/new', { service: serviceId, items: [{ id: items[0]!.id, quantity: 1 }] }, undefined, customer.token);
    const burst = await statuses(Array.from({ length: LIMITS.orders.limit + 5 }, order));
    expect(count(burst, 201)).toBe(LIMITS.orders.limit);
    expect(count(burst, 429)).toBe(5);
    clock.advance(LIMITS.orders.windowMs);
    for (let made = LIMITS.orders.limit; made < LIMITS.openOrders.limit; made += 1) expect((await order()).status).toBe(201);
    clock.advance(LIMITS.orders.windowMs);
    const capped = await order();
    expect(capped.status).toBe(429);
    expect(await capped.json()).toEqual({ message: tooManyOpenOrders(LIMITS.openOrders.limit) });
    // Another customer is not affected.
    const other = await server.createCustomer();
    expect((await send(server, 'POST', '/services/order/new', { service: serviceId, items: [{ id: items[0]!.id, quantity: 1 }] }, undefined, other.token)).status).toBe(201);
  }, 60_000);
});
