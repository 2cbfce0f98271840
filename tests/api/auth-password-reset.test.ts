import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let clock = new Date();
beforeAll(async () => {
  server = await startTestServer({ now: () => clock, config: { publicUrl: 'https://www.sparkle.example' } });
});
afterAll(() => server?.close());

async function requestResetLink(email: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email }),
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

async function resetTokenMailedTo(email: string): Promise<string> {
  const mail = await server.latestMail(email);
  expect(mail).not.toBeNull();
  const link = mail!.links.find((href) => href.includes('/reset-password/'))!;
  return link.split('/reset-password/')[1]!;
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a link to PUBLIC_URL/reset-password/{token}, never built from the Host header', async () => {
    const customer = await server.createCustomer();
    const { status, body } = await requestResetLink(customer.email, { 'x-forwarded-host': 'evil.example', host: 'evil.example' });
    expect(status).toBe(200);
    expect(body.message).toBeTruthy();
    const mail = await server.latestMail(customer.email);
    expect(mail!.subject).toMatch(/reset/i);
    expect(mail!.links).toHaveLength(1);
    expect(mail!.links[0]).toMatch(/^https:\/\/www\.sparkle\.example\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail!.text).not.toContain('evil.example');
  });

  it('answers the same for an unknown email, and mails nobody', async () => {
    const customer = await server.createCustomer();
    const known = await requestResetLink(customer.email);
    const before = (await server.outbox()).length;
    const unknown = await requestResetLink('nobody-here@example.co.uk');
    expect(unknown).toEqual(known);
    expect((await server.outbox()).length).toBe(before);
  });

  it('answers 400 for an invalid email', async () => {
    const { status, body } = await requestResetLink('not an email');
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'body/email must match format "email"' });
  });

  it('stores only a hash of the token', async () => {
    const customer = await server.createCustomer();
    await requestResetLink(customer.email);
    const token = await resetTokenMailedTo(customer.email);
    const rows = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [customer.id]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).not.toContain(token);
  });
});

describe('PUT /api/auth/reset-password/{id}', () => {
  it('sets the new password once: the link then answers 400, the old password and old sessions stop working', async () => {
    const customer = await server.createCustomer();
    await requestResetLink(customer.email);
    const token = await resetTokenMailedTo(customer.email);

    const { data, response } = await server.api.PUT('/auth/reset-password/{id}', {
      params: { path: { id: token } },
      body: { token, password: 'brand-new-password' },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ message: 'Password Updated Successfully !', email: expect.any(String) });

    const newLogin = await server.api.POST('/auth/login', { body: { username: customer.email, password: 'brand-new-password' } });
    expect(newLogin.response.status).toBe(200);
    const oldLogin = await server.api.POST('/auth/login', { body: { username: customer.email, password: customer.password } });
    expect(oldLogin.response.status).toBe(401);
    const oldSession = await server.api.PUT('/user/update', { headers: server.bearer(customer.token), body: {} });
    expect(oldSession.response.status).toBe(401);

    const again = await server.api.PUT('/auth/reset-password/{id}', { params: { path: { id: token } }, body: { password: 'yet-another-one' } });
    expect(again.response.status).toBe(400);
    expect(again.error!.message).toMatch(/invalid or has expired/);
  });

  it('refuses a link older than one hour', async () => {
    const customer = await server.createCustomer();
    await requestResetLink(customer.email);
    const token = await resetTokenMailedTo(customer.email);
    clock = new Date(clock.getTime() + 61 * 60_000);
    try {
      const { response, error } = await server.api.PUT('/auth/reset-password/{id}', { params: { path: { id: token } }, body: { password: 'too-late-password' } });
      expect(response.status).toBe(400);
      expect(error!.message).toMatch(/invalid or has expired/);
    } finally {
      clock = new Date();
    }
  });

  it('answers 400 for an unknown token and for a body token that differs from the link', async () => {
    const unknown = await server.api.PUT('/auth/reset-password/{id}', { params: { path: { id: 'made-up-token' } }, body: { password: 'whatever-123' } });
    expect(unknown.response.status).toBe(400);
    expect(unknown.error!.message).toMatch(/invalid or has expired/);
    const mismatch = await server.api.PUT('/auth/reset-password/{id}', {
      params: { path: { id: 'made-up-token' } },
      body: { token: 'another-token', password: 'whatever-123' },
    });
    expect(mismatch.response.status).toBe(400);
    expect(mismatch.error!.message).toBe('The token in the body does not match the link');
  });

  it.each([
    ['a short password', { password: '123' }, 'body/password must NOT have fewer than 6 characters'],
    ['no password', {}, "body must have required property 'password'"],
    ['an unknown field', { password: 'long-enough', confirm: 'long-enough' }, 'body must NOT have the unknown property "confirm"'],
  ])('answers 400 for %s', async (_case, body, message) => {
    const response = await fetch(`${server.baseUrl}/api/auth/reset-password/some-token`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});

describe('the answers', () => {
  it('all match the contract (status documented, body of its schema)', () => {
    expect(server.contract.checked()).toBeGreaterThan(0);
    expect(server.contract.violations()).toEqual([]);
    expect(server.contract.serverErrors()).toEqual([]);
  });
});
