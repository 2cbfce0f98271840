import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalData } from '../../openapi/schema';
import { TOO_MANY_ATTEMPTS } from '../../server/services/rate-limiter';
import { INVALID_CONFIRM_LINK, LOG_IN_TO_CONFIRM_CHANGE, PASSWORD_TO_CONFIRM, WRONG_PASSWORD_TO_CONFIRM } from '../../server/services/email-confirmation';
import { CHECK_YOUR_MAIL } from '../../server/services/profiles';
import { DEFAULT_RATE_LIMITS } from '../../server/rate-limits';
import { WRONG_CREDENTIALS } from '../../server/services/sessions';
import { confirmationLink, confirmationToken } from './support/confirmation-link';
import { SUITE_RATE_LIMITS } from './support/test-config';
import { startTestServer, TEST_CUSTOMER, type TestServer } from './support/test-server';

/**
 * Addresses are proven (issue 24 rows 1 and 8, docs/decisions/029): registering and changing one's
 * email mail a single-use, expiring, rate-limited link; until it is followed nothing is tied to the
 * address, the first to follow one holds it, and registration answers the same whether or not the
 * address has an account. Real HTTP on a real database; links are read from the outbox's mails.
 */
const HOUR = 3_600_000;
let server: TestServer;
let admin: string;
// The server's clock: the real time plus what a test moves it on (link expiry).
let ahead = 0;
let unique = 0;
const address = (who: string) => `${who}.${process.pid}.${++unique}@example.co.uk`;

beforeAll(async () => {
  server = await startTestServer({
    now: () => new Date(Date.now() + ahead),
    config: { rateLimits: { ...SUITE_RATE_LIMITS, confirmEmail: DEFAULT_RATE_LIMITS.confirmEmail, confirmMails: DEFAULT_RATE_LIMITS.confirmMails } },
  });
  admin = await server.adminToken();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const register = (name: string, email: string, password: string) =>
  server.api.POST('/auth/register', { body: { name, email, password } });
/** Follows a link: a registration's with the password chosen (`password`), a change's in a session (`bearer`). */
const confirm = (token: string, proof: { password?: string; bearer?: string } = {}) =>
  server.api.POST('/auth/confirm-email/{token}', {
    params: { path: { token } },
    ...(proof.password === undefined ? {} : { body: { password: proof.password } }),
    ...(proof.bearer === undefined ? {} : { headers: server.bearer(proof.bearer) }),
  });

/** Every confirmation link mailed to `email`, oldest first. */
async function linksTo(email: string): Promise<string[]> {
  const mails = (await server.outbox()).filter((mail) => mail.to === email && mail.links.some((link) => link.includes('/confirm-email/')));
  return mails.map((mail) => confirmationToken(mail));
}

/** A message `email`'s owner sent on the contact form, answered by staff. */
async function answeredMessage(email: string, text: string): Promise<void> {
  expect((await server.api.POST('/contact', { body: { name: 'Alice Owner', email, message: text } })).response.status).toBe(201);
  const page = await server.api.GET('/admin/messages', { headers: server.bearer(admin), params: { query: { limit: 100 } } });
  const message = page.data!.find((found) => found.email === email && found.message === text)!;
  const reply = await server.api.POST('/admin/messages/{id}/reply', { headers: server.bearer(admin), params: { path: { id: message.id } }, body: { body: `Reply to ${text}` } });
  expect(reply.response.status).toBe(201);
}

const myData = async (token: string) => (await server.api.GET('/user/data', { headers: server.bearer(token) })).data as PersonalData;

describe('following links', () => {
  it(`pauses a client after ${DEFAULT_RATE_LIMITS.confirmEmail.limit} invalid links an hour, before looking at the token`, async () => {
    for (let i = 0; i < DEFAULT_RATE_LIMITS.confirmEmail.limit; i += 1) expect((await confirm(`not-a-token-${i}`)).response.status).toBe(400);
    const paused = await confirm('not-a-token-either');
    expect([paused.response.status, paused.error]).toEqual([429, { message: TOO_MANY_ATTEMPTS }]);
    // The pause lasts the window: the rest of this file runs an hour later.
    ahead = HOUR + 1_000;
  });
});

describe('registering', () => {
  it('answers the same status and body whether or not the address has an account; its owner is mailed that someone tried, and no account is made', async () => {
    const fresh = await register('Fresh Person', address('fresh'), 'a-long-password-1');
    const taken = await register('Impostor Person', TEST_CUSTOMER.email.toUpperCase(), 'a-long-password-1');
    expect([taken.response.status, taken.data]).toEqual([fresh.response.status, fresh.data]);
    expect([fresh.response.status, fresh.data]).toEqual([201, { message: CHECK_YOUR_MAIL }]);
    const notice = await server.latestMail(TEST_CUSTOMER.email);
    expect(notice).toMatchObject({ subject: 'Someone tried to use your email at Sparkle Cleaning' });
    expect(notice!.links.some((link) => link.includes('/confirm-email/'))).toBe(false);
    // The owner's password is still the one that signs in.
    expect(await server.login(TEST_CUSTOMER.email, TEST_CUSTOMER.password)).toBeTruthy();
    const impostor = await server.api.POST('/auth/login', { body: { username: TEST_CUSTOMER.email, password: 'a-long-password-1' } });
    expect([impostor.response.status, impostor.error]).toEqual([401, { message: WRONG_CREDENTIALS }]);
  });

  it('puts the booking the visitor started into the link, which signs in once and only once', async () => {
    const email = address('returning');
    await server.api.POST('/auth/register', { body: { name: 'Rita Return', email, password: 'a-long-password-1', returnTo: '/properties/1?from=quote' } });
    const link = confirmationLink(await server.latestMail(email));
    expect(`${link.origin}${link.pathname.replace(/[^/]+$/, '')}`).toBe('http://localhost:3000/confirm-email/');
    expect(link.searchParams.get('redirect')).toBe('/properties/1?from=quote');
    const token = decodeURIComponent(link.pathname.split('/').at(-1)!);
    const first = await confirm(token, { password: 'a-long-password-1' });
    expect(first.data).toMatchObject({ name: 'Rita Return', email, roles: ['ROLE_USER'] });
    const again = await confirm(token, { password: 'a-long-password-1' });
    expect([again.response.status, again.error]).toEqual([400, { message: INVALID_CONFIRM_LINK }]);
  });

  it('refuses a return path that leaves the site', async () => {
    for (const returnTo of ['//evil.test/x', 'https://evil.test', '/\\evil.test']) {
      const answer = await server.api.POST('/auth/register', { body: { name: 'Rita Return', email: address('evil'), password: 'a-long-password-1', returnTo } });
      expect(answer.response.status).toBe(400);
      expect(answer.error!.message).toMatch(/^body\/returnTo must match pattern/);
    }
  });

  it('refuses a link after 24 hours', async () => {
    const email = address('late');
    await register('Larry Late', email, 'a-long-password-1');
    const [token] = await linksTo(email);
    const now = ahead;
    ahead = now + 24 * HOUR + 1_000;
    try {
      const late = await confirm(token!, { password: 'a-long-password-1' });
      expect([late.response.status, late.error]).toEqual([400, { message: INVALID_CONFIRM_LINK }]);
    } finally {
      ahead = now;
    }
    expect((await server.api.POST('/auth/login', { body: { username: email, password: 'a-long-password-1' } })).response.status).toBe(401);
  });

  it(`mails one address at most ${DEFAULT_RATE_LIMITS.confirmMails.limit} times an hour, whoever asks, taken or not`, async () => {
    const email = address('flooded');
    for (let i = 0; i < DEFAULT_RATE_LIMITS.confirmMails.limit; i += 1) expect((await register('Flood Person', email, 'a-long-password-1')).response.status).toBe(201);
    const over = await register('Flood Person', email, 'a-long-password-1');
    expect([over.response.status, over.error]).toEqual([429, { message: TOO_MANY_ATTEMPTS }]);
    expect(await linksTo(email)).toHaveLength(DEFAULT_RATE_LIMITS.confirmMails.limit);
  });
});

describe('an impostor on someone else’s address', () => {
  it('registering first with it: cannot sign in; the owner registers and confirms, sees their messages, and the impostor’s link is dead', async () => {
    const alice = address('alice');
    await answeredMessage(alice, 'Do you clean ovens?');
    await register('Bob Impostor', alice, 'bobs-password-1');
    expect((await server.api.POST('/auth/login', { body: { username: alice, password: 'bobs-password-1' } })).response.status).toBe(401);

    await register('Alice Owner', alice, 'alices-password-1');
    const [bobsLink, alicesLink] = await linksTo(alice);
    const owner = await confirm(alicesLink!, { password: 'alices-password-1' });
    expect(owner.data).toMatchObject({ name: 'Alice Owner', email: alice });
    const data = await myData(owner.data!.token);
    expect(data.messages.map((message) => [message.message, message.replies.map((reply) => reply.body)])).toEqual([['Do you clean ovens?', ['Reply to Do you clean ovens?']]]);
    // Whoever proves the address holds it: the other claim ended.
    const bob = await confirm(bobsLink!, { password: 'bobs-password-1' });
    expect([bob.response.status, bob.error]).toEqual([400, { message: INVALID_CONFIRM_LINK }]);
    expect((await server.api.POST('/auth/login', { body: { username: alice, password: 'bobs-password-1' } })).response.status).toBe(401);
  });

  it('changing a signed-in account to it: keeps the account’s own address, exports and erases nothing of the owner’s, and the owner still registers and confirms', async () => {
    const alice = address('alice');
    await answeredMessage(alice, 'Can you come on Sundays?');
    const bob = await server.createCustomer({ name: 'Bob Impostor', email: address('bob'), password: 'bobs-password-1' });
    await answeredMessage(bob.email, 'Bob asks about windows');

    const changed = await server.api.PUT('/user/update', { headers: server.bearer(bob.token), body: { email: alice, oldPassword: 'bobs-password-1' } });
    expect(changed.data!.email).toBe(bob.email);
    const bobsData = await myData(changed.data!.token);
    expect(bobsData.account.email).toBe(bob.email);
    expect(bobsData.messages.map((message) => message.message)).toEqual(['Bob asks about windows']);
    expect((await server.api.POST('/auth/login', { body: { username: alice, password: 'bobs-password-1' } })).response.status).toBe(401);
    const [bobsLink] = await linksTo(alice);

    // Bob's erasure takes his own messages only.
    const erased = await server.api.POST('/user/delete', { headers: server.bearer(changed.data!.token), body: { password: 'bobs-password-1' } });
    expect(erased.response.status).toBe(200);
    const left = (await server.api.GET('/admin/messages', { headers: server.bearer(admin), params: { query: { limit: 100 } } })).data!;
    expect(left.filter((message) => [alice, bob.email].includes(message.email)).map((message) => message.message)).toEqual(['Can you come on Sundays?']);

    await register('Alice Owner', alice, 'alices-password-1');
    const alicesLink = (await linksTo(alice)).at(-1)!;
    const owner = await confirm(alicesLink, { password: 'alices-password-1' });
    expect(owner.data!.email).toBe(alice);
    expect((await myData(owner.data!.token)).messages.map((message) => message.message)).toEqual(['Can you come on Sundays?']);
    expect((await confirm(bobsLink!)).response.status).toBe(400);
  });

  it('changing to an address an account holds: the same answer, the owner is told, nothing moves', async () => {
    const bob = await server.createCustomer({ email: address('bob') });
    const answer = await server.api.PUT('/user/update', { headers: server.bearer(bob.token), body: { email: TEST_CUSTOMER.email, oldPassword: bob.password } });
    expect([answer.response.status, answer.data!.email]).toEqual([200, bob.email]);
    expect(await server.latestMail(TEST_CUSTOMER.email)).toMatchObject({ subject: 'Someone tried to use your email at Sparkle Cleaning' });
  });

  it('two claims on one address race: exactly one confirms', async () => {
    const contested = address('contested');
    await register('First Claimant', contested, 'a-long-password-1');
    await register('Second Claimant', contested, 'a-long-password-2');
    const [first, second] = await linksTo(contested);
    const answers = await Promise.all([confirm(first!, { password: 'a-long-password-1' }), confirm(second!, { password: 'a-long-password-2' })]);
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 400]);
  });
});

describe('pre-hijacking: whoever follows a link ends up in an account whose only credentials are theirs (issue 34 row 1, decision 074)', () => {
  it('a password chosen by someone who registered the owner’s address never signs in to it: the link asks for it, the owner registers with their own', async () => {
    const carol = address('carol');
    await register('Mallory Impostor', carol, 'mallorys-password-1');
    const [mallorysLink] = await linksTo(carol);
    // Carol follows the link she was mailed ("Confirm your email"): it asks for the password chosen.
    const bare = await confirm(mallorysLink!);
    expect([bare.response.status, bare.error]).toEqual([400, { message: PASSWORD_TO_CONFIRM }]);
    const guess = await confirm(mallorysLink!, { password: 'carols-own-password-1' });
    expect([guess.response.status, guess.error]).toEqual([400, { message: WRONG_PASSWORD_TO_CONFIRM }]);
    // No account: Mallory's password signs in to nothing.
    const early = await server.api.POST('/auth/login', { body: { username: carol, password: 'mallorys-password-1' } });
    expect([early.response.status, early.error]).toEqual([401, { message: WRONG_CREDENTIALS }]);

    // Carol registers herself, follows her own link with her own password, and uses the account.
    await register('Carol Owner', carol, 'carols-own-password-1');
    const carolsLink = (await linksTo(carol)).at(-1)!;
    const owner = await confirm(carolsLink, { password: 'carols-own-password-1' });
    expect(owner.data).toMatchObject({ name: 'Carol Owner', email: carol });
    const note = await server.api.PUT('/user/update', { headers: server.bearer(owner.data!.token), body: { name: 'Carol Owner-Smith' } });
    expect(note.response.status).toBe(200);
    // Mallory's link is dead and her password never signs in; Carol's does.
    expect((await confirm(mallorysLink!, { password: 'mallorys-password-1' })).response.status).toBe(400);
    const later = await server.api.POST('/auth/login', { body: { username: carol, password: 'mallorys-password-1' } });
    expect([later.response.status, later.error]).toEqual([401, { message: WRONG_CREDENTIALS }]);
    expect(await server.login(carol, 'carols-own-password-1')).toBeTruthy();
  });

  it('an email change is confirmed only in a session of the account that asked for it, never by whoever opens the mail', async () => {
    const dave = address('dave');
    const mallory = await server.createCustomer({ name: 'Mallory Impostor', email: address('mallory'), password: 'mallorys-password-1' });
    const changed = await server.api.PUT('/user/update', { headers: server.bearer(mallory.token), body: { email: dave, oldPassword: 'mallorys-password-1' } });
    expect(changed.response.status).toBe(200);
    const [link] = await linksTo(dave);
    // Dave opens the mail: signed out, the link asks him to log in to the account that asked.
    const signedOut = await confirm(link!);
    expect([signedOut.response.status, signedOut.error]).toEqual([401, { message: LOG_IN_TO_CONFIRM_CHANGE }]);
    const withPassword = await confirm(link!, { password: 'mallorys-password-1' });
    expect([withPassword.response.status, withPassword.error]).toEqual([401, { message: LOG_IN_TO_CONFIRM_CHANGE }]);
    // Signed in to an account of his own, it is not his to confirm either.
    const davesOther = await server.createCustomer({ name: 'Dave Owner', email: address('dave-other') });
    const otherSession = await confirm(link!, { bearer: davesOther.token });
    expect([otherSession.response.status, otherSession.error]).toEqual([403, { message: LOG_IN_TO_CONFIRM_CHANGE }]);
    // Nothing moved: Mallory's account keeps its address, and Dave's address signs in to nothing.
    expect((await server.api.POST('/auth/login', { body: { username: dave, password: 'mallorys-password-1' } })).response.status).toBe(401);
    expect(await server.login(mallory.email, 'mallorys-password-1')).toBeTruthy();
  });

  it('one link followed several times at the same moment confirms once (the consume is single-use under a race)', async () => {
    // A window of its own for this client's invalid links (the answers below count as such).
    ahead += HOUR;
    const erin = await server.createCustomer({ name: 'Erin Mover', email: address('erin') });
    const newEmail = address('erin-new');
    await server.api.PUT('/user/update', { headers: server.bearer(erin.token), body: { email: newEmail, oldPassword: erin.password } });
    const [link] = await linksTo(newEmail);
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(link!, { bearer: erin.token })));
    const statuses = answers.map((answer) => answer.response.status);
    // One confirms; the others are refused (400 used, or 401 once the move ended the session).
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 400, 401].includes(status))).toBe(true);
    const changedNotices = (await server.outbox()).filter((mail) => mail.subject === 'The email of your Sparkle Cleaning account was changed' && mail.text.includes(newEmail));
    expect(changedNotices.map((mail) => mail.to)).toEqual([erin.email]);
  });
});
