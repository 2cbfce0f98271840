import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { TOO_MANY_ATTEMPTS } from '../../server/services/rate-limiter';
import { COMMON_PASSWORD } from '../../server/services/password-policy';
import { createPasswordReset, INVALID_RESET_LINK } from '../../server/services/password-reset';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/rate-limits';
import { createSessions, WRONG_CREDENTIALS } from '../../server/services/sessions';
import type { TestDatabase } from '../api/support/test-database';
import { serviceContext } from './support/context';
import { newAccount, ownDatabase, tokenVersion } from './support/own-database';
import { refused } from './support/refused';

/**
 * Forgotten passwords (R-AUTH-5, R-AUTH-6): a single-use link valid one hour, mailed to the account,
 * its limits, and what a new password ends; on a real seeded PGlite, with the mails the service
 * writes to the outbox.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const MINUTE = 60_000;
const LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  forgotPassword: { ...DEFAULT_RATE_LIMITS.forgotPassword, limit: 7 },
  resetMails: { ...DEFAULT_RATE_LIMITS.resetMails, limit: 2 },
  resetPassword: { ...DEFAULT_RATE_LIMITS.resetPassword, limit: 2 },
  signInAccount: { ...DEFAULT_RATE_LIMITS.signInAccount, limit: 1 },
};

let testDb: TestDatabase;
const { ctx, clock, mails } = serviceContext(() => testDb.db, NOW, { rateLimits: LIMITS });
const db = (): Database => testDb.db;
const resets = () => createPasswordReset(ctx);
const sessions = () => createSessions(ctx);

const account = (email: string, password = 'the-old-password-1') => newAccount(db(), email, password, 'Rose Tyler');

/** The token of the newest reset mail to `email`. */
function linkedToken(email: string): string {
  const mail = mails.filter((written) => written.mail.to === email).at(-1)?.mail;
  const token = /\/reset-password\/([A-Za-z0-9_-]+)$/m.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No reset link mailed to ${email}`);
  return token;
}

const versionOf = (id: number) => tokenVersion(db(), id);

beforeAll(async () => {
  testDb = await ownDatabase();
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('asking for a reset link', () => {
  it("mails the account's own address a link on PUBLIC_URL, written in a transaction with its token", async () => {
    clock.now = NOW;
    const rose = await account('rose@reset.test');
    const before = mails.length;
    await resets().sendLink('  ROSE@reset.test ', '192.0.2.1');
    expect(mails.length - before).toBe(1);
    const { tx, mail } = mails.at(-1)!;
    expect(tx).not.toBe(db());
    const token = linkedToken(rose.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail).toEqual({
      to: 'rose@reset.test',
      subject: 'Reset your Sparkle Cleaning password',
      text: [
        'Hello Rose Tyler,',
        '',
        'Someone (hopefully you) asked to reset the password of your Sparkle Cleaning account.',
        `Choose a new password here within the next hour: http://localhost:3000/reset-password/${token}`,
        '',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ].join('\n'),
    });
    const [stored] = await db().query<{ user_id: number; expires_at: Date }>('SELECT user_id, expires_at FROM password_reset_tokens WHERE user_id = $1', [rose.id]);
    expect(stored).toEqual({ user_id: rose.id, expires_at: new Date(NOW.getTime() + 60 * MINUTE) });
  });

  it('answers the same, and mails nothing, for an address without an account', async () => {
    clock.now = NOW;
    const before = mails.length;
    await expect(resets().sendLink('nobody@reset.test', '192.0.2.2')).resolves.toBeUndefined();
    expect(mails.length).toBe(before);
  });

  it(`mails one address at most ${LIMITS.resetMails.limit} times an hour, whoever asks; a client at most ${LIMITS.forgotPassword.limit} times, account or not`, async () => {
    clock.now = NOW;
    await account('often@reset.test');
    await resets().sendLink('often@reset.test', '192.0.2.10');
    await resets().sendLink('Often@reset.test', '192.0.2.11');
    await refused(resets().sendLink('often@reset.test', '192.0.2.12'), 429, TOO_MANY_ATTEMPTS);
    expect(mails.filter((written) => written.mail.to === 'often@reset.test')).toHaveLength(2);
    await resets().sendLink('other@reset.test', '192.0.2.12');

    for (let i = 0; i < LIMITS.forgotPassword.limit; i++) await resets().sendLink(`asker${i}@reset.test`, '192.0.2.20');
    await refused(resets().sendLink('rose@reset.test', '192.0.2.20'), 429, TOO_MANY_ATTEMPTS);

    clock.now = new Date(NOW.getTime() + 60 * MINUTE);
    await resets().sendLink('often@reset.test', '192.0.2.20');
    expect(mails.filter((written) => written.mail.to === 'often@reset.test')).toHaveLength(3);
  });
});

describe('choosing a new password with the link', () => {
  it('sets the password, ends every session and every other link, and the link works once', async () => {
    clock.now = NOW;
    const amy = await account('amy@reset.test');
    await resets().sendLink(amy.email, '192.0.2.30');
    const older = linkedToken(amy.email);
    clock.now = new Date(NOW.getTime() + MINUTE);
    await resets().sendLink(amy.email, '192.0.2.30');
    const token = linkedToken(amy.email);
    const version = await versionOf(amy.id);
    await resets().reset(token, 'a-brand-new-password-2', '192.0.2.30');
    expect(await versionOf(amy.id)).toBe(version + 1);
    expect((await sessions().login(amy.email, 'a-brand-new-password-2', '192.0.2.30')).id).toBe(amy.id);
    await refused(sessions().login(amy.email, amy.password, '192.0.2.31'), 401, WRONG_CREDENTIALS);
    await refused(resets().reset(token, 'another-new-password-3', '192.0.2.30'), 400, INVALID_RESET_LINK);
    await refused(resets().reset(older, 'another-new-password-3', '192.0.2.30'), 400, INVALID_RESET_LINK);
  });

  it('used twice at once, sets one password and refuses the other use', async () => {
    clock.now = NOW;
    const rory = await account('rory@reset.test');
    await resets().sendLink(rory.email, '192.0.2.35');
    const token = linkedToken(rory.email);
    // Both pass the cheap check before either has hashed its password: the token is taken once.
    const results = await Promise.allSettled([resets().reset(token, 'first-new-password-1', '192.0.2.35'), resets().reset(token, 'second-new-password-2', '192.0.2.35')]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failed = results.find((result) => result.status === 'rejected')!;
    expect(failed.reason).toMatchObject({ statusCode: 400, message: INVALID_RESET_LINK });
    const winner = results[0]!.status === 'fulfilled' ? 'first-new-password-1' : 'second-new-password-2';
    expect((await sessions().login(rory.email, winner, '192.0.2.35')).id).toBe(rory.id);
  });

  it('refuses the link after its hour', async () => {
    clock.now = NOW;
    const clara = await account('clara@reset.test');
    const donna = await account('donna@reset.test');
    await resets().sendLink(clara.email, '192.0.2.40');
    await resets().sendLink(donna.email, '192.0.2.40');
    clock.now = new Date(NOW.getTime() + 60 * MINUTE - 1);
    await resets().reset(linkedToken(clara.email), 'just-in-time-password', '192.0.2.40');
    clock.now = new Date(NOW.getTime() + 60 * MINUTE);
    await refused(resets().reset(linkedToken(donna.email), 'just-too-late-password', '192.0.2.41'), 400, INVALID_RESET_LINK);
  });

  it('refuses a common password and keeps the link usable; a link that does not exist is refused before any hashing', async () => {
    clock.now = NOW;
    const martha = await account('martha@reset.test');
    await resets().sendLink(martha.email, '192.0.2.50');
    const token = linkedToken(martha.email);
    await refused(resets().reset(token, 'Password123', '192.0.2.50'), 400, COMMON_PASSWORD);
    await refused(resets().reset('not-a-token-at-all', 'fine-password-4', '192.0.2.51'), 400, INVALID_RESET_LINK);
    await resets().reset(token, 'fine-password-4', '192.0.2.50');
    expect((await sessions().login(martha.email, 'fine-password-4', '192.0.2.50')).id).toBe(martha.id);
  });

  it(`pauses a client after ${LIMITS.resetPassword.limit} links that are not valid; valid ones do not count`, async () => {
    clock.now = NOW;
    const river = await account('river@reset.test');
    await resets().sendLink(river.email, '192.0.2.60');
    const token = linkedToken(river.email);
    await refused(resets().reset(token, 'qwerty123', '192.0.2.61'), 400, COMMON_PASSWORD);
    await refused(resets().reset(token, 'letmein', '192.0.2.61'), 400, COMMON_PASSWORD);
    await refused(resets().reset(token, 'aaaaaaaa', '192.0.2.61'), 400, COMMON_PASSWORD);
    await refused(resets().reset('guess-1', 'fine-password-5', '192.0.2.61'), 400, INVALID_RESET_LINK);
    await refused(resets().reset('guess-2', 'fine-password-5', '192.0.2.61'), 400, INVALID_RESET_LINK);
    await refused(resets().reset(token, 'fine-password-5', '192.0.2.61'), 429, TOO_MANY_ATTEMPTS);
    await resets().reset(token, 'fine-password-5', '192.0.2.62');
  });

  it("lifts the account's sign-in pauses on every network, and only that account's", async () => {
    clock.now = NOW;
    const jack = await account('jack@reset.test');
    const ianto = await account('ianto@reset.test');
    for (const who of [jack, ianto]) {
      await refused(sessions().login(who.email, 'wrong-guess-1', '198.51.100.70'), 401, WRONG_CREDENTIALS);
      await refused(sessions().login(who.email, who.password, '198.51.100.71'), 429, TOO_MANY_ATTEMPTS);
    }
    await resets().sendLink(' JACK@reset.test', '198.51.100.72');
    await resets().reset(linkedToken(jack.email), 'jacks-new-password-6', '198.51.100.72');
    expect((await sessions().login(jack.email, 'jacks-new-password-6', '198.51.100.73')).id).toBe(jack.id);
    await refused(sessions().login(ianto.email, ianto.password, '198.51.100.73'), 429, TOO_MANY_ATTEMPTS);
  });
});
