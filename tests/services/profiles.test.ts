import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { TOO_MANY_ATTEMPTS } from '../../server/services/rate-limiter';
import { COMMON_PASSWORD } from '../../server/services/password-policy';
import { namesMustBePlain } from '../../domain/names/plain-names';
import { namesMustNotImitateStaff } from '../../domain/names/staff-names';
import { createEmailConfirmation } from '../../server/services/email-confirmation';
import { createProfiles, EMAIL_CHANGE_NEEDS_PASSWORD, NAME_TOO_SHORT, WRONG_OLD_PASSWORD } from '../../server/services/profiles';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/rate-limits';
import { createSessions, WRONG_CREDENTIALS } from '../../server/services/sessions';
import { createTokenService } from '../../server/services/token-service';
import type { TestDatabase } from '../api/support/test-database';
import { serviceContext } from './support/context';
import { ownDatabase } from './support/own-database';
import { refused } from './support/refused';

/**
 * Accounts (R-AUTH-3, R-USER-1): registering, and changing one's own name, email or password, on a
 * real seeded PGlite, with the notice the service writes to the outbox when an email changes.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, register: { ...DEFAULT_RATE_LIMITS.register, limit: 3 } };

let testDb: TestDatabase;
const { ctx, mails } = serviceContext(() => testDb.db, NOW, { rateLimits: LIMITS });
const db = (): Database => testDb.db;
const profiles = () => createProfiles(ctx);
const sessions = () => createSessions(ctx);

/** The token of the newest confirmation link mailed to `email`. */
function linkTokenTo(email: string): string {
  const mail = mails.findLast(({ mail: found }) => found.to === email && found.text.includes('/confirm-email/'));
  if (!mail) throw new Error(`no confirmation link to ${email}`);
  return /\/confirm-email\/([\w-]+)/.exec(mail.mail.text)![1]!;
}

/** Registers (from `ip`), follows the mailed link and signs in: the account as its owner sees it. */
async function registered(name: string, email: string, password: string, ip: string) {
  await profiles().register({ name, email, password }, ip);
  await createEmailConfirmation(ctx).confirm(linkTokenTo(email.trim()), ip, { password });
  return sessions().login(email, password, ip);
}

const stored = async (id: number) =>
  (await db().query<{ name: string; email: string; token_version: number }>('SELECT name, email, token_version FROM users WHERE id = $1', [id]))[0]!;

beforeAll(async () => {
  testDb = await ownDatabase();
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('registering', () => {
  it('creates a customer account, its name tidied, that signs in with its password', async () => {
    const user = await registered('  Martha Jones ', 'martha@profiles.test', 'a-fine-password-1', '192.0.2.1');
    expect(user).toMatchObject({ name: 'Martha Jones', email: 'martha@profiles.test', roles: ['ROLE_USER'] });
  });

  it('refuses a name under 6 characters (spaces aside), a name that is not plain and a common password; an email taken in any case mails its owner instead', async () => {
    await refused(profiles().register({ name: '  Amy P  ', email: 'amy@profiles.test', password: 'a-fine-password-1' }, '192.0.2.2'), 400, NAME_TOO_SHORT);
    await refused(profiles().register({ name: 'Amy Pond\nDear customer', email: 'amy@profiles.test', password: 'a-fine-password-1' }, '192.0.2.2'), 400, namesMustBePlain('Full name'));
    await refused(profiles().register({ name: 'Amy Pond', email: 'amy@profiles.test', password: 'Welcome123' }, '192.0.2.2'), 400, COMMON_PASSWORD);
    await refused(profiles().register({ name: 'Amy Support', email: 'amy@profiles.test', password: 'a-fine-password-1' }, '192.0.2.2'), 400, namesMustNotImitateStaff('Full name'));
    await profiles().register({ name: 'Martha Again', email: 'MARTHA@profiles.test', password: 'a-fine-password-1' }, '192.0.2.2');
    expect(mails.at(-1)!.mail).toMatchObject({ to: 'martha@profiles.test', subject: 'Someone tried to use your email at Sparkle Cleaning' });
    // Six characters is enough.
    expect((await registered(' Amy Po ', 'amy@profiles.test', 'a-fine-password-1', '192.0.2.2')).name).toBe('Amy Po');
  });

  it(`lets one client create (or try) ${LIMITS.register.limit} accounts an hour; refusals before the hashing do not count`, async () => {
    await refused(profiles().register({ name: 'Bad', email: 'x1@profiles.test', password: 'a-fine-password-1' }, '192.0.2.3'), 400, NAME_TOO_SHORT);
    await refused(profiles().register({ name: 'Common Password', email: 'x2@profiles.test', password: 'password' }, '192.0.2.3'), 400, COMMON_PASSWORD);
    await profiles().register({ name: 'Client One', email: 'c1@profiles.test', password: 'a-fine-password-1' }, '192.0.2.3');
    await profiles().register({ name: 'Client Again', email: 'c1@profiles.test', password: 'a-fine-password-1' }, '192.0.2.3');
    await profiles().register({ name: 'Client Three', email: 'c3@profiles.test', password: 'a-fine-password-1' }, '192.0.2.3');
    await refused(profiles().register({ name: 'Client Four', email: 'c4@profiles.test', password: 'a-fine-password-1' }, '192.0.2.3'), 429, TOO_MANY_ATTEMPTS);
    await profiles().register({ name: 'Client Four', email: 'c4@profiles.test', password: 'a-fine-password-1' }, '192.0.2.4');
  });
});

describe('changing one’s own profile', () => {
  it('changes the name alone without the password, keeps the sessions and mails nobody; blank fields stay as they are', async () => {
    const user = await registered('Rory Williams', 'rory@profiles.test', 'a-fine-password-1', '192.0.2.10');
    const before = { stored: await stored(user.id), mails: mails.length };
    const updated = await profiles().update(user.id, { name: '  Rory Pond  ', email: '   ', newPassword: '' });
    expect(updated).toMatchObject({ id: user.id, name: 'Rory Pond', email: 'rory@profiles.test' });
    expect(await stored(user.id)).toEqual({ ...before.stored, name: 'Rory Pond' });
    expect(mails.length).toBe(before.mails);
    // The token answered is a valid one of the same sessions.
    expect(await createTokenService(ctx.config, ctx.now).verify(updated.token)).toEqual({ userId: user.id, roles: ['ROLE_USER'], tokenVersion: before.stored.token_version });
    // The same email in another case is not a change: no password asked, no notice, sessions kept.
    expect((await profiles().update(user.id, { email: 'RORY@profiles.test', name: '   ' })).name).toBe('Rory Pond');
    expect(mails.length).toBe(before.mails);
    expect((await stored(user.id)).token_version).toBe(before.stored.token_version);
    await refused(profiles().update(user.id, { name: 'Rory\u202eWilliams' }), 400, namesMustBePlain('Full name'));
  });

  it('a customer cannot rename themselves like staff or an erased account; staff, and a name kept as it was, can (issue 24)', async () => {
    const user = await registered('River Song', 'river@profiles.test', 'a-fine-password-1', '192.0.2.12');
    for (const name of ['Sam Admin', 'Deleted user #3', 'Administrator']) {
      await refused(profiles().update(user.id, { name }), 400, 'Full name must be your own name: names like Admin, Support, Staff, Sparkle Cleaning or Deleted user are kept for the company');
    }
    expect((await stored(user.id)).name).toBe('River Song');
    // Named so before the rule: changing something else keeps working.
    await db().query("UPDATE users SET name = 'River Staff' WHERE id = $1", [user.id]);
    expect((await profiles().update(user.id, { name: 'River Staff', email: '  ' })).name).toBe('River Staff');
    const [admin] = await db().query<{ id: number }>("INSERT INTO users (name, email, password_hash, roles) VALUES ('Sam Someone', 'sam@profiles.test', '!', ARRAY['ROLE_USER','ROLE_ADMIN']) RETURNING id");
    expect((await profiles().update(admin!.id, { name: 'Sam Admin' })).name).toBe('Sam Admin');
  });

  it('asks for the current password to change the email, refuses a wrong one, moves the account only once the new address is confirmed, and mails the old address of the change', async () => {
    const user = await registered('Donna Noble', 'donna@profiles.test', 'donnas-password-1', '192.0.2.11');
    const version = (await stored(user.id)).token_version;
    await refused(profiles().update(user.id, { email: 'donna@new.test' }), 400, EMAIL_CHANGE_NEEDS_PASSWORD);
    await refused(profiles().update(user.id, { email: 'donna@new.test', oldPassword: 'not-donnas-1' }), 400, WRONG_OLD_PASSWORD);
    await refused(profiles().update(user.id, { email: 'donna@new.test', newPassword: 'donnas-password-2' }), 400, WRONG_OLD_PASSWORD);
    expect(await stored(user.id)).toMatchObject({ email: 'donna@profiles.test', token_version: version });

    const before = mails.length;
    const updated = await profiles().update(user.id, { email: ' donna@new.test ', oldPassword: 'donnas-password-1' });
    // Asked, not done: the account keeps its address (and sessions) until the link is followed.
    expect(updated).toMatchObject({ email: 'donna@profiles.test', name: 'Donna Noble' });
    expect(await stored(user.id)).toMatchObject({ email: 'donna@profiles.test', token_version: version });
    expect(mails.slice(before).map(({ mail }) => [mail.to, mail.subject])).toEqual([['donna@new.test', 'Confirm your email for Sparkle Cleaning']]);
    expect(mails.at(-1)!.tx).not.toBe(db());
    await createEmailConfirmation(ctx).confirm(linkTokenTo('donna@new.test'), '192.0.2.11', { signedIn: user.id });
    expect(await stored(user.id)).toMatchObject({ email: 'donna@new.test', token_version: version + 1 });
    const { tx, mail } = mails.at(-1)!;
    expect(tx).not.toBe(db());
    expect(mail).toEqual({
      to: 'donna@profiles.test',
      subject: 'The email of your Sparkle Cleaning account was changed',
      text: [
        'Hello,',
        '',
        'The email of your Sparkle Cleaning account was changed from donna@profiles.test to donna@new.test.',
        'Mails about your account and your bookings now go to the new address.',
        '',
        'If you did not make this change, reply to this email or use our contact page at once:',
        'http://localhost:3000/contact',
      ].join('\n'),
    });
    expect((await sessions().login('donna@new.test', 'donnas-password-1', '192.0.2.11')).id).toBe(user.id);
  });

  it('answers the same for an email another account has, mails its owner and sends no link', async () => {
    const user = await registered('Wilfred Mott', 'wilf@profiles.test', 'wilfs-password-1', '192.0.2.12');
    const before = mails.length;
    expect((await profiles().update(user.id, { email: 'Martha@profiles.test', oldPassword: 'wilfs-password-1' })).email).toBe('wilf@profiles.test');
    expect(mails.slice(before).map(({ mail }) => [mail.to, mail.subject])).toEqual([['martha@profiles.test', 'Someone tried to use your email at Sparkle Cleaning']]);
    expect((await stored(user.id)).email).toBe('wilf@profiles.test');
  });

  it('changes the password with the current one, ends the other sessions, and refuses a common new one', async () => {
    const user = await registered('Jack Harkness', 'jack@profiles.test', 'jacks-password-1', '192.0.2.13');
    const version = (await stored(user.id)).token_version;
    await refused(profiles().update(user.id, { newPassword: 'jacks-password-2' }), 400, WRONG_OLD_PASSWORD);
    await refused(profiles().update(user.id, { oldPassword: 'jacks-password-1', newPassword: 'iloveyou' }), 400, COMMON_PASSWORD);
    const before = mails.length;
    const updated = await profiles().update(user.id, { oldPassword: 'jacks-password-1', newPassword: 'jacks-password-2' });
    expect(await stored(user.id)).toMatchObject({ email: 'jack@profiles.test', token_version: version + 1 });
    expect((await createTokenService(ctx.config, ctx.now).verify(updated.token))?.tokenVersion).toBe(version + 1);
    expect(mails.length).toBe(before);
    await refused(sessions().login(user.email, 'jacks-password-1', '192.0.2.13'), 401, WRONG_CREDENTIALS);
    expect((await sessions().login(user.email, 'jacks-password-2', '192.0.2.13')).id).toBe(user.id);
  });

  it('answers 404 for an account that does not exist', async () => {
    await refused(profiles().update(987_654, { name: 'Nobody Here' }), 404, 'User not found');
  });
});
