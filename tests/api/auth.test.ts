import { confirmationToken } from './support/confirmation-link';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN, TEST_CUSTOMER, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/auth/login', () => {
  it('answers the userInfo of the demo customer: id, name, email, roles and a token', async () => {
    const { data, response } = await server.api.POST('/auth/login', {
      body: { username: TEST_CUSTOMER.email, password: TEST_CUSTOMER.password },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ name: 'Jane Customer', email: TEST_CUSTOMER.email, roles: ['ROLE_USER'] });
    expect(data!.token.split('.')).toHaveLength(3);
  });

  it('gives the administrator ROLE_ADMIN', async () => {
    const { data } = await server.api.POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    expect(data).toMatchObject({ name: 'Sam Admin', roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  });

  it('accepts the email in any case', async () => {
    const { response } = await server.api.POST('/auth/login', {
      body: { username: TEST_CUSTOMER.email.toUpperCase(), password: TEST_CUSTOMER.password },
    });
    expect(response.status).toBe(200);
  });

  it('answers 401 "Wrong email or password" for a wrong password and for an unknown email alike', async () => {
    const wrongPassword = await server.api.POST('/auth/login', { body: { username: TEST_CUSTOMER.email, password: 'not-the-password' } });
    const unknownEmail = await server.api.POST('/auth/login', { body: { username: 'nobody@example.co.uk', password: 'whatever1' } });
    for (const { response, error } of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(error).toEqual({ message: 'Wrong email or password' });
    }
  });

  it.each([
    ['no password', { username: TEST_CUSTOMER.email }, "body must have required property 'password'"],
    ['no username', { password: 'secret-1' }, "body must have required property 'username'"],
    ['an invalid email', { username: 'not-an-email', password: 'secret-1' }, 'body/username must match format "email"'],
    ['a number as password', { username: TEST_CUSTOMER.email, password: 123456 }, 'body/password must be string'],
    ['an unknown field', { username: TEST_CUSTOMER.email, password: 'secret-1', config: {} }, 'body must NOT have the unknown property "config"'],
    ['an empty password', { username: TEST_CUSTOMER.email, password: '' }, 'body/password must NOT have fewer than 1 characters'],
  ])('answers 400 with a message for %s', async (_case, body, message) => {
    const response = await post('/auth/login', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it('pauses an email after ten wrong passwords with 429, even for the right password', async () => {
    const customer = await server.createCustomer();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { response } = await server.api.POST('/auth/login', { body: { username: customer.email, password: 'wrong-password' } });
      expect(response.status).toBe(401);
    }
    const { response, error } = await server.api.POST('/auth/login', { body: { username: customer.email, password: customer.password } });
    expect(response.status).toBe(429);
    expect(error).toEqual({ message: 'Too many attempts, please try again in a few minutes' });
  });
});

describe('POST /api/auth/register', () => {
  it('answers 201 "check your mail"; the new customer signs in only after following the mailed link', async () => {
    const email = `new.customer.${Date.now()}@example.co.uk`;
    const { data, response } = await server.api.POST('/auth/register', {
      body: { name: 'Olivia Newman', email, password: 'a-long-password' },
    });
    expect(response.status).toBe(201);
    expect(data).toEqual({ message: 'Check your mail: follow the link we sent to confirm your email address' });
    const early = await server.api.POST('/auth/login', { body: { username: email, password: 'a-long-password' } });
    expect(early.response.status).toBe(401);
    const confirmed = await server.api.POST('/auth/confirm-email/{token}', { params: { path: { token: confirmationToken(await server.latestMail(email)) } }, body: { password: 'a-long-password' } });
    expect(confirmed.data).toMatchObject({ name: 'Olivia Newman', email, roles: ['ROLE_USER'] });
    const login = await server.api.POST('/auth/login', { body: { username: email, password: 'a-long-password' } });
    expect(login.data).toMatchObject({ name: 'Olivia Newman', email, roles: ['ROLE_USER'] });
  });

  it('answers the same when the email is taken, whatever its case (the owner is mailed instead)', async () => {
    const { response, data } = await server.api.POST('/auth/register', {
      body: { name: 'Another Jane', email: 'Customer@Sparkle.TEST', password: 'a-long-password' },
    });
    expect(response.status).toBe(201);
    expect(data).toEqual({ message: 'Check your mail: follow the link we sent to confirm your email address' });
  });

  it.each([
    ['a name under 6 characters', { name: 'Jane', email: 'short@example.co.uk', password: 'a-long-password' }, 'body/name must NOT have fewer than 6 characters'],
    ['a blank name', { name: '        ', email: 'blank@example.co.uk', password: 'a-long-password' }, 'Full name should be at least 6 characters'],
    ['a password under 6 characters', { name: 'Jane Doe', email: 'pw@example.co.uk', password: '12345' }, 'body/password must NOT have fewer than 6 characters'],
    ['a password over 128 characters', { name: 'Jane Doe', email: 'pw@example.co.uk', password: 'x'.repeat(129) }, 'body/password must NOT have more than 128 characters'],
    ['an invalid email', { name: 'Jane Doe', email: 'jane@', password: 'a-long-password' }, 'body/email must match format "email"'],
    ['a role smuggled in', { name: 'Jane Doe', email: 'r@example.co.uk', password: 'a-long-password', roles: ['ROLE_ADMIN'] }, 'body must NOT have the unknown property "roles"'],
  ])('answers 400 for %s', async (_case, body, message) => {
    const response = await post('/auth/register', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it('keeps a 128-character password whole (no truncation)', async () => {
    const password = `${'p'.repeat(127)}1`;
    const customer = await server.createCustomer({ password });
    const truncated = await server.api.POST('/auth/login', { body: { username: customer.email, password: password.slice(0, 72) } });
    expect(truncated.response.status).toBe(401);
    const whole = await server.api.POST('/auth/login', { body: { username: customer.email, password } });
    expect(whole.response.status).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the token no longer works, a new sign-in does', async () => {
    const customer = await server.createCustomer();
    const before = await server.api.PUT('/user/update', { headers: server.bearer(customer.token), body: {} });
    expect(before.response.status).toBe(200);

    const { data, response } = await server.api.POST('/auth/logout', { headers: server.bearer(customer.token) });
    expect(response.status).toBe(200);
    expect(data!.message).toBeTruthy();

    const after = await server.api.PUT('/user/update', { headers: server.bearer(customer.token), body: {} });
    expect(after.response.status).toBe(401);
    expect(after.error!.message).toBeTruthy();
    const again = await server.login(customer.email, customer.password);
    expect((await server.api.PUT('/user/update', { headers: server.bearer(again), body: {} })).response.status).toBe(200);
  });

  it('answers 401 with a message without a token', async () => {
    const { response, error } = await server.api.POST('/auth/logout');
    expect(response.status).toBe(401);
    expect(error).toEqual({ message: 'Please log in to continue' });
  });
});

describe('the answers', () => {
  it('all match the contract (status documented, body of its schema)', () => {
    expect(server.contract.checked()).toBeGreaterThan(0);
    expect(server.contract.violations()).toEqual([]);
    expect(server.contract.serverErrors()).toEqual([]);
  });
});
