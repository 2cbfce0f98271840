import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { TOO_MANY_ATTEMPTS } from '../../server/services/rate-limiter';
import { dummyPasswordHash, hashPassword, scryptRuns, verifyPassword } from '../../server/services/password-hasher';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/rate-limits';
import { createSessions, WRONG_CREDENTIALS } from '../../server/services/sessions';
import { createTokenService } from '../../server/services/token-service';
import { TEST_CUSTOMER } from '../api/support/test-config';
import type { TestDatabase } from '../api/support/test-database';
import { serviceContext } from './support/context';
import { newAccount, ownDatabase, tokenVersion } from './support/own-database';
import { refused } from './support/refused';

/**
 * Signing in and out (R-AUTH-1, R-AUTH-2) and the limits on guessing passwords (decision 010), on a
 * real seeded PGlite. The limits are the production ones made small (RATE_LIMITS changes counts,
 * not windows), so a test reaches them in a few scrypt checks.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  signIn: { ...DEFAULT_RATE_LIMITS.signIn, limit: 5 },
  signInPair: { ...DEFAULT_RATE_LIMITS.signInPair, limit: 3 },
  signInAccount: { ...DEFAULT_RATE_LIMITS.signInAccount, limit: 4 },
};

let testDb: TestDatabase;
const { ctx, clock } = serviceContext(() => testDb.db, NOW, { rateLimits: LIMITS });
const sessions = () => createSessions(ctx);
const tokens = () => createTokenService(ctx.config, ctx.now);
const db = (): Database => testDb.db;

const account = (email: string, password = 'a-fine-password-9') => newAccount(db(), email, password, 'Test Account');

const versionOf = (id: number) => tokenVersion(db(), id);

beforeAll(async () => {
  testDb = await ownDatabase();
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('signing in and out', () => {
  it('signs in with the right password whatever the case of the email, and answers the account with a token naming it', async () => {
    clock.now = NOW;
    const user = await sessions().login(' Customer@Sparkle.TEST ', TEST_CUSTOMER.password, '192.0.2.1');
    expect(user).toMatchObject({ name: TEST_CUSTOMER.name, email: TEST_CUSTOMER.email, roles: ['ROLE_USER'] });
    expect(await tokens().verify(user.token)).toEqual({ userId: user.id, roles: ['ROLE_USER'], tokenVersion: await versionOf(user.id) });
  });

  it('logging out ends every token issued before: the next sign-in carries the new version', async () => {
    clock.now = NOW;
    const before = await sessions().login(TEST_CUSTOMER.email, TEST_CUSTOMER.password, '192.0.2.2');
    const version = (await tokens().verify(before.token))!.tokenVersion;
    await sessions().logout(before.id);
    expect(await versionOf(before.id)).toBe(version + 1);
    const after = await sessions().login(TEST_CUSTOMER.email, TEST_CUSTOMER.password, '192.0.2.2');
    expect((await tokens().verify(after.token))!.tokenVersion).toBe(version + 1);
  });

  it('answers 401 "Wrong email or password" for a wrong password and for an unknown email, which costs a scrypt check too', async () => {
    clock.now = NOW;
    await refused(sessions().login(TEST_CUSTOMER.email, 'not-the-password', '192.0.2.3'), 401, WRONG_CREDENTIALS);
    const before = scryptRuns.verified;
    await refused(sessions().login('nobody@sparkle.test', TEST_CUSTOMER.password, '192.0.2.3'), 401, WRONG_CREDENTIALS);
    expect(scryptRuns.verified - before).toBe(1);
  });
});

describe('the limits on guessing passwords (decision 010)', () => {
  it(`locks an account on one network after ${LIMITS.signInPair.limit} wrong passwords, right password included, for 15 minutes; other networks stay open`, async () => {
    clock.now = NOW;
    const owner = await account('pair@sign-in.test');
    for (let i = 0; i < LIMITS.signInPair.limit; i++) await refused(sessions().login(owner.email, 'wrong-guess-1', '198.51.100.1'), 401, WRONG_CREDENTIALS);
    await refused(sessions().login(owner.email, owner.password, '198.51.100.1'), 429, TOO_MANY_ATTEMPTS);
    // The same person typed differently is the same account.
    await refused(sessions().login(' PAIR@sign-in.test', owner.password, '198.51.100.1'), 429, TOO_MANY_ATTEMPTS);
    expect((await sessions().login(owner.email, owner.password, '198.51.100.2')).id).toBe(owner.id);
    // The refused attempts gave back what they had taken from the client's count (3 of 5 spent).
    await refused(sessions().login('other-one@sign-in.test', 'wrong-guess-1', '198.51.100.1'), 401, WRONG_CREDENTIALS);
    await refused(sessions().login('other-two@sign-in.test', 'wrong-guess-1', '198.51.100.1'), 401, WRONG_CREDENTIALS);
    await refused(sessions().login('other-three@sign-in.test', 'wrong-guess-1', '198.51.100.1'), 429, TOO_MANY_ATTEMPTS);
    clock.now = new Date(NOW.getTime() + 15 * MINUTE);
    expect((await sessions().login(owner.email, owner.password, '198.51.100.1')).id).toBe(owner.id);
  });

  it('a right password gives its attempt back: only wrong ones count', async () => {
    clock.now = NOW;
    const owner = await account('given-back@sign-in.test');
    await refused(sessions().login(owner.email, 'wrong-guess-1', '198.51.100.10'), 401, WRONG_CREDENTIALS);
    await sessions().login(owner.email, owner.password, '198.51.100.10');
    await refused(sessions().login(owner.email, 'wrong-guess-2', '198.51.100.10'), 401, WRONG_CREDENTIALS);
    await refused(sessions().login(owner.email, 'wrong-guess-3', '198.51.100.10'), 401, WRONG_CREDENTIALS);
    await refused(sessions().login(owner.email, 'wrong-guess-4', '198.51.100.10'), 429, TOO_MANY_ATTEMPTS);
  });

  it(`pauses a client after ${LIMITS.signIn.limit} wrong passwords on any accounts, the owner of another account included`, async () => {
    clock.now = NOW;
    for (let i = 0; i < LIMITS.signIn.limit; i++) await refused(sessions().login(`guess${i}@sign-in.test`, 'wrong-guess-1', '198.51.100.20'), 401, WRONG_CREDENTIALS);
    await refused(sessions().login(TEST_CUSTOMER.email, TEST_CUSTOMER.password, '198.51.100.20'), 429, TOO_MANY_ATTEMPTS);
    expect((await sessions().login(TEST_CUSTOMER.email, TEST_CUSTOMER.password, '198.51.100.21')).email).toBe(TEST_CUSTOMER.email);
  });

  it('counts an IPv6 client per /64: addresses of one /64 share the count, the next /64 does not', async () => {
    clock.now = NOW;
    for (let i = 1; i <= LIMITS.signIn.limit; i++) await refused(sessions().login(`v6-${i}@sign-in.test`, 'wrong-guess-1', `2001:db8:1:2::${i}`), 401, WRONG_CREDENTIALS);
    await refused(sessions().login('v6-more@sign-in.test', 'wrong-guess-1', '2001:db8:1:2:ffff::99'), 429, TOO_MANY_ATTEMPTS);
    await refused(sessions().login('v6-more@sign-in.test', 'wrong-guess-1', '2001:db8:1:3::1'), 401, WRONG_CREDENTIALS);
  });

  it(`pauses an account after ${LIMITS.signInAccount.limit} wrong passwords from new networks, but not on the network it signed in from within 90 days`, async () => {
    clock.now = NOW;
    const owner = await account('usual@sign-in.test');
    const usual = '203.0.113.1';
    await sessions().login(owner.email, owner.password, usual);
    const botnet = async (from: number) => {
      for (let i = 0; i < LIMITS.signInAccount.limit; i++) await refused(sessions().login(owner.email, 'wrong-guess-1', `203.0.113.${from + i}`), 401, WRONG_CREDENTIALS);
      await refused(sessions().login(owner.email, owner.password, `203.0.113.${from + 50}`), 429, TOO_MANY_ATTEMPTS);
    };
    await botnet(10);
    await refused(sessions().login(owner.email, 'wrong-guess-2', usual), 401, WRONG_CREDENTIALS);
    clock.now = new Date(NOW.getTime() + 89 * DAY);
    await botnet(100);
    expect((await sessions().login(owner.email, owner.password, usual)).id).toBe(owner.id);
    // That sign-in keeps the network usual for 90 days from then; after them it is a new network again.
    clock.now = new Date(NOW.getTime() + 180 * DAY);
    await botnet(160);
    await refused(sessions().login(owner.email, owner.password, usual), 429, TOO_MANY_ATTEMPTS);
  });
});

describe('password hashes (scrypt)', () => {
  it('stores scrypt with its cost, a 16-byte random salt and a 64-byte key; the same password hashes differently each time', async () => {
    const [first, second] = [await hashPassword('correct horse'), await hashPassword('correct horse')];
    const [scheme, n, r, p, salt, key] = first.split('$');
    expect({ scheme, n, r, p, salt: Buffer.from(salt!, 'base64url').length, key: Buffer.from(key!, 'base64url').length }).toEqual({
      scheme: 'scrypt', n: String(2 ** 15), r: '8', p: '1', salt: 16, key: 64,
    });
    expect(second).not.toBe(first);
    expect([await verifyPassword('correct horse', first), await verifyPassword('correct horse', second), await verifyPassword('correct horsE', first)]).toEqual([true, true, false]);
  });

  it('compares the NFKC form: a ligature typed on another keyboard is the same password', async () => {
    expect(await verifyPassword('\ufb01sh and chips', await hashPassword('fish and chips'))).toBe(true);
  });

  it('checks a hash made with another cost by the cost stored in it, and refuses what is not a whole scrypt hash without checking', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('older password', salt, 64, { N: 2 ** 10, r: 4, p: 2 });
    const older = ['scrypt', 2 ** 10, 4, 2, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect([await verifyPassword('older password', older), await verifyPassword('older passwore', older)]).toEqual([true, false]);
    // A shorter key than the one computed is a mismatch, not an error.
    expect(await verifyPassword('older password', older.slice(0, -4))).toBe(false);
    const before = scryptRuns.verified;
    const [, , , , , storedKey] = older.split('$');
    expect(
      await Promise.all([
        verifyPassword('older password', older.replace('scrypt$', 'bcrypt$')),
        verifyPassword('older password', older.replace(`$${storedKey}`, '$')),
        verifyPassword('older password', ['scrypt', 1024, 4, 2, '', storedKey].join('$')),
        verifyPassword('older password', 'x'),
      ]),
    ).toEqual([false, false, false, false]);
    expect(scryptRuns.verified).toBe(before);
  });

  it('checks a hash whose cost was raised later (N or r above the default), which needs more memory than the default', async () => {
    const raised = (N: number, r: number) => {
      const salt = randomBytes(16);
      const key = scryptSync('raised password', salt, 64, { N, r, p: 1, maxmem: 512 * N * r });
      return ['scrypt', N, r, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    };
    expect([await verifyPassword('raised password', raised(2 ** 16, 8)), await verifyPassword('raised password', raised(2 ** 14, 16))]).toEqual([true, true]);
  });

  it('counts each hash and each check it makes', async () => {
    const before = { ...scryptRuns };
    const hash = await hashPassword('counted-password');
    await verifyPassword('counted-password', hash);
    await verifyPassword('other-password', hash);
    expect({ hashed: scryptRuns.hashed - before.hashed, verified: scryptRuns.verified - before.verified }).toEqual({ hashed: 1, verified: 2 });
  });

  it('the stand-in hash for unknown emails is made once and matches no password', async () => {
    const [first, second] = [await dummyPasswordHash(), await dummyPasswordHash()];
    expect(second).toBe(first);
    expect(first.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('', first)).toBe(false);
  });
});
