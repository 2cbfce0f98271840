import { confirmationToken } from './support/confirmation-link';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_CUSTOMER, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const update = (token: string, body: Record<string, unknown>) =>
  fetch(`${server.baseUrl}/api/user/update`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

describe('PUT /api/user/update', () => {
  it('changes the name only, leaves null fields as they were and answers the user with a fresh token', async () => {
    const customer = await server.createCustomer();
    const { data, response } = await server.api.PUT('/user/update', {
      headers: server.bearer(customer.token),
      body: { name: 'Renamed Customer', email: null, oldPassword: null, newPassword: null },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: customer.id, name: 'Renamed Customer', email: customer.email, roles: ['ROLE_USER'] });
    expect(data!.token).toBeTruthy();
    // A name change does not end the session.
    const again = await server.api.PUT('/user/update', { headers: server.bearer(customer.token), body: {} });
    expect(again.data!.name).toBe('Renamed Customer');
    expect(await server.login(customer.email, customer.password)).toBeTruthy();
  });

  it('changes the password with the right old password; earlier tokens then stop, the answered token works', async () => {
    const customer = await server.createCustomer();
    const { data, response } = await server.api.PUT('/user/update', {
      headers: server.bearer(customer.token),
      body: { name: null, email: null, oldPassword: customer.password, newPassword: 'my-new-password' },
    });
    expect(response.status).toBe(200);
    expect((await server.api.PUT('/user/update', { headers: server.bearer(customer.token), body: {} })).response.status).toBe(401);
    expect((await server.api.PUT('/user/update', { headers: server.bearer(data!.token), body: {} })).response.status).toBe(200);
    expect(await server.login(customer.email, 'my-new-password')).toBeTruthy();
    const old = await server.api.POST('/auth/login', { body: { username: customer.email, password: customer.password } });
    expect(old.response.status).toBe(401);
  });

  it('answers 400 for a new password without the old one, or with a wrong old one', async () => {
    const customer = await server.createCustomer();
    for (const oldPassword of [null, 'not-my-password']) {
      const { response, error } = await server.api.PUT('/user/update', {
        headers: server.bearer(customer.token),
        body: { oldPassword, newPassword: 'my-new-password' },
      });
      expect(response.status).toBe(400);
      expect(error).toEqual({ message: 'Your old password is not correct' });
    }
    expect(await server.login(customer.email, customer.password)).toBeTruthy();
  });

  it('changes the email with the current password once the new address is confirmed (then signs in with it), and answers the same when it belongs to someone else', async () => {
    const customer = await server.createCustomer();
    const newEmail = `moved.${Date.now()}@example.co.uk`;
    const { data } = await server.api.PUT('/user/update', { headers: server.bearer(customer.token), body: { email: newEmail, oldPassword: customer.password } });
    expect(data!.email).toBe(customer.email);
    const token = confirmationToken(await server.latestMail(newEmail));
    // In a session of the account that asked for the change (decision 074).
    const confirmed = await server.api.POST('/auth/confirm-email/{token}', { params: { path: { token } }, headers: server.bearer(customer.token) });
    expect(confirmed.data!.email).toBe(newEmail);
    expect(await server.login(newEmail, customer.password)).toBeTruthy();

    const taken = await server.api.PUT('/user/update', {
      headers: server.bearer(confirmed.data!.token),
      body: { email: TEST_CUSTOMER.email.toUpperCase(), oldPassword: customer.password },
    });
    expect(taken.response.status).toBe(200);
    expect(taken.data!.email).toBe(newEmail);
  });

  it('answers 401 without a token and with a made-up one', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not.a.token' }, { Authorization: 'Basic abc' }]) {
      const { response, error } = await server.api.PUT('/user/update', { headers, body: { name: 'Someone Else' } });
      expect(response.status).toBe(401);
      expect(error!.message).toBeTruthy();
    }
  });

  it.each([
    ['an invalid email', { email: 'nope' }, 'body/email must match format "email"'],
    ['an empty name', { name: '' }, 'body/name must NOT have fewer than 1 characters'],
    ['a short new password', { oldPassword: 'whatever', newPassword: '123' }, 'body/newPassword must NOT have fewer than 6 characters'],
    ['a number as name', { name: 42 }, 'body/name must be string or null'],
    ['roles', { roles: ['ROLE_ADMIN'] }, 'body must NOT have the unknown property "roles"'],
  ])('answers 400 for %s', async (_case, body, message) => {
    const customer = await server.createCustomer();
    const response = await update(customer.token, body);
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
