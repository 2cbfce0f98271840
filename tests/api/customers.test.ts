import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedOrder, catalogue, pence, send, stats, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

let server: TestServer;
let admin: string;
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
  const someone = await server.createCustomer();
  house = await catalogue(server, someone.token);
});
afterAll(async () => server?.close());

const record = async (id: number) => {
  const { data, response } = await server.api.GET('/admin/customers/{id}', { params: { path: { id } }, headers: server.bearer(admin) });
  if (!data) throw new Error(`customer ${id}: ${response.status}`);
  return data;
};

/** A customer with a paid order (revenue) and an unpaid one, a contact message, and its order ids. */
async function customerWithHistory(name: string): Promise<{ customer: TestCustomer; paid: number; unpaid: number }> {
  const customer = await server.createCustomer({ name });
  const paid = (await bookedOrder(server, customer.token, house)).id;
  const unpaid = (await bookedOrder(server, customer.token, house)).id;
  const marked = await send(server, 'PUT', `/admin/order/update/payment_validated/${paid}`, { token: admin, body: { status: 'payment_validated' } });
  expect(marked.status).toBe(200);
  const contact = await server.api.POST('/contact', { body: { name, email: customer.email.toUpperCase(), message: `Hello from ${name}` } });
  expect(contact.response.status).toBe(201);
  return { customer, paid, unpaid };
}

describe('customer records', () => {
  it('lists customers only (no administrators), filtered by name or email on the server, with a total', async () => {
    const ann = await server.createCustomer({ name: 'Annabel Quirke' });
    const { data, response } = await server.api.GET('/admin/customers', {
      params: { query: { q: 'quirke', limit: 5 } },
      headers: server.bearer(admin),
    });
    expect(data).toEqual([{ id: ann.id, name: 'Annabel Quirke', email: ann.email, created: expect.any(String), anonymised: false }]);
    expect(response.headers.get('x-total-count')).toBe('1');
    const byEmail = await server.api.GET('/admin/customers', { params: { query: { q: ann.email.slice(0, 20).toUpperCase() } }, headers: server.bearer(admin) });
    expect(byEmail.data?.map((row) => row.id)).toContain(ann.id);
    const admins = await server.api.GET('/admin/customers', { params: { query: { q: 'admin@sparkle.test' } }, headers: server.bearer(admin) });
    expect(admins.data).toEqual([]);
  });

  it('shows contact, addresses, every order with status and total, and the lifetime value of paid or completed orders', async () => {
    const { customer, paid, unpaid } = await customerWithHistory('Rosalind Pike');
    const found = await record(customer.id);
    expect(found).toMatchObject({ id: customer.id, name: 'Rosalind Pike', email: customer.email, phones: ['020 7946 0000'], anonymised: false });
    expect(found.addresses).toEqual([{ address: '221B Baker Street', city: 'London', codePostal: 'NW1 6XE', lastUsed: expect.any(String) }]);
    expect(found.orders.map((order) => [order.id, order.status])).toEqual([[unpaid, 'awaiting_validation'], [paid, 'payment_validated']]);
    const paidTotal = found.orders.find((order) => order.id === paid)!.total;
    expect(pence(found.lifetimeValue)).toBe(pence(paidTotal));
  });

  it('answers 404 for an administrator or an unknown id', async () => {
    const [adminRow] = (await server.api.GET('/admin/users', { params: { query: { sort: 'email' } }, headers: server.bearer(admin) })).data!.filter((user) => user.email === 'admin@sparkle.test');
    expect((await send(server, 'GET', `/admin/customers/${adminRow!.id}`, { token: admin })).status).toBe(404);
    expect((await send(server, 'GET', '/admin/customers/2147483647', { token: admin })).body).toEqual({ message: 'Customer not found' });
  });
});

describe('staff notes', () => {
  it('are added by an administrator and shown on the customer and on each of their orders', async () => {
    const { customer, paid } = await customerWithHistory('Noted Customer');
    const added = await server.api.POST('/admin/customers/{id}/notes', { params: { path: { id: customer.id } }, body: { body: 'Key in safe 1234' }, headers: server.bearer(admin) });
    expect(added.response.status).toBe(201);
    expect(added.data).toMatchObject({ body: 'Key in safe 1234', author: expect.any(String) });
    expect((await record(customer.id)).notes.map((note) => note.body)).toEqual(['Key in safe 1234']);
    const { data: order } = await server.api.GET('/admin/order/{id}', { params: { path: { id: paid } }, headers: server.bearer(admin) });
    expect(order?.customer_id).toBe(customer.id);
    expect(order?.staff_notes.map((note) => note.body)).toEqual(['Key in safe 1234']);
  });

  it('must say something: a blank note is refused with 400 and nothing is stored', async () => {
    const { customer } = await customerWithHistory('Blank Notes');
    expect(await send(server, 'POST', `/admin/customers/${customer.id}/notes`, { token: admin, body: { body: ' \n ' } })).toEqual({ status: 400, body: { message: 'Write a note first' } });
    expect((await record(customer.id)).notes).toEqual([]);
  });

  it('are for administrators only: a customer can neither add nor read them', async () => {
    const { customer } = await customerWithHistory('Private Notes');
    await send(server, 'POST', `/admin/customers/${customer.id}/notes`, { token: admin, body: { body: 'Dog bites 5678' } });
    expect(await send(server, 'POST', `/admin/customers/${customer.id}/notes`, { token: customer.token, body: { body: 'mine' } })).toEqual({ status: 403, body: { message: 'Administrators only' } });
    expect((await send(server, 'GET', `/admin/customers/${customer.id}`, { token: customer.token })).status).toBe(403);
    for (const path of ['/user/data', '/services/order/get']) {
      const own = await fetch(`${server.baseUrl}/api${path}`, { headers: server.bearer(customer.token) });
      expect(own.status).toBe(200);
      expect(await own.text()).not.toContain('Dog bites');
    }
  });
});

describe('data export', () => {
  it("a customer downloads their account, orders with address and items, and messages with replies — no staff notes", async () => {
    const { customer, paid } = await customerWithHistory('Export Person');
    await send(server, 'POST', `/admin/customers/${customer.id}/notes`, { token: admin, body: { body: 'Alarm code 9999' } });
    const [message] = (await server.api.GET('/admin/messages', { headers: server.bearer(admin) })).data!.filter((row) => row.message === 'Hello from Export Person');
    await send(server, 'POST', `/admin/messages/${message!.id}/reply`, { token: admin, body: { body: 'Thank you, Export Person' } });

    const response = await fetch(`${server.baseUrl}/api/user/data`, { headers: server.bearer(customer.token) });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="my-data.json"');
    const data = await response.json();
    expect(data.account).toEqual({ id: customer.id, name: 'Export Person', email: customer.email, created: expect.any(String) });
    expect(data.orders).toHaveLength(2);
    expect(data.orders.find((order: { id: number }) => order.id === paid)).toMatchObject({
      status: 'payment_validated', address: '221B Baker Street', city: 'London', codePostal: 'NW1 6XE', phone: '020 7946 0000', payment_method: 'cash',
      items: [expect.objectContaining({ quantity: 2 }), expect.objectContaining({ quantity: 1 })],
    });
    expect(data.messages).toEqual([{ id: message!.id, name: 'Export Person', message: 'Hello from Export Person', created: expect.any(String), replies: [{ body: 'Thank you, Export Person', author: expect.any(String), sent: expect.any(String) }] }]);
    expect(data).not.toHaveProperty('notes');
    expect(JSON.stringify(data)).not.toContain('Alarm code');
  });

  it("an administrator's export of a customer holds the same and the staff notes", async () => {
    const { customer } = await customerWithHistory('Office Export');
    await send(server, 'POST', `/admin/customers/${customer.id}/notes`, { token: admin, body: { body: 'Parking at the back' } });
    const { data } = await server.api.GET('/admin/customers/{id}/export', { params: { path: { id: customer.id } }, headers: server.bearer(admin) });
    expect(data?.account.email).toBe(customer.email);
    expect(data?.orders).toHaveLength(2);
    expect(data?.messages.map((message) => message.message)).toEqual(['Hello from Office Export']);
    expect(data?.notes?.map((note) => note.body)).toEqual(['Parking at the back']);
  });
});

describe('anonymising', () => {
  it('keeps orders and revenue, removes name, email, phones, addresses, notes and messages, and blocks sign-in', async () => {
    const { customer, paid } = await customerWithHistory('Forget Me');
    await send(server, 'POST', `/admin/customers/${customer.id}/notes`, { token: admin, body: { body: 'Key under mat' } });
    const before = await stats(server, admin);
    const { data: orderBefore } = await server.api.GET('/admin/order/{id}', { params: { path: { id: paid } }, headers: server.bearer(admin) });

    const { data: after } = await server.api.POST('/admin/customers/{id}/anonymise', { params: { path: { id: customer.id } }, headers: server.bearer(admin) });
    expect(after).toMatchObject({ name: `Deleted user #${customer.id}`, email: null, phones: [], addresses: [], notes: [], anonymised: true });
    expect(after?.orders).toHaveLength(2);
    expect(pence(after!.lifetimeValue)).toBe(pence(orderBefore!.total));
    expect(await stats(server, admin)).toEqual(before);
    const { data: orderAfter } = await server.api.GET('/admin/order/{id}', { params: { path: { id: paid } }, headers: server.bearer(admin) });
    expect(orderAfter).toMatchObject({ user: `Deleted user #${customer.id}`, email: '', phone: null, address: null, codePostal: null, total: orderBefore!.total, status: 'payment_validated', items: orderBefore!.items });
    const messages = (await server.api.GET('/admin/messages', { headers: server.bearer(admin) })).data!;
    expect(messages.some((message) => message.message === 'Hello from Forget Me')).toBe(false);

    expect((await send(server, 'POST', '/auth/login', { body: { username: customer.email, password: customer.password } })).status).toBe(401);
    expect((await send(server, 'GET', '/services/order/get', { token: customer.token })).status).toBe(401);
    const again = await server.api.POST('/admin/customers/{id}/anonymise', { params: { path: { id: customer.id } }, headers: server.bearer(admin) });
    expect(again.data?.name).toBe(`Deleted user #${customer.id}`);
    // The address is free again: the person may register anew.
    await server.createCustomer({ email: customer.email, name: 'Forget Me Again' });
  });

  it('a customer deletes their own account with their password, and can no longer sign in', async () => {
    const { customer, paid } = await customerWithHistory('Leaving Soon');
    const wrong = await send(server, 'POST', '/user/delete', { token: customer.token, body: { password: 'not-my-password' } });
    expect(wrong).toEqual({ status: 400, body: { message: 'Your password is not correct' } });
    expect((await record(customer.id)).anonymised).toBe(false);

    const deleted = await send(server, 'POST', '/user/delete', { token: customer.token, body: { password: customer.password } });
    expect(deleted).toEqual({ status: 200, body: { message: 'Your account was deleted' } });
    expect((await send(server, 'POST', '/auth/login', { body: { username: customer.email, password: customer.password } })).status).toBe(401);
    expect((await send(server, 'GET', '/user/data', { token: customer.token })).status).toBe(401);
    const after = await record(customer.id);
    expect(after).toMatchObject({ name: `Deleted user #${customer.id}`, email: null, anonymised: true });
    expect(after.orders.map((order) => order.id)).toContain(paid);
  });

  it('an administrator cannot delete their own account this way', async () => {
    const answer = await send(server, 'POST', '/user/delete', { token: admin, body: { password: 'whatever-it-is' } });
    expect(answer).toEqual({ status: 409, body: { message: 'An administrator account cannot be deleted here' } });
  });
});

describe('contact messages', () => {
  it('are listed newest first, unread until opened, and a reply goes out by mail and stays with the message', async () => {
    const first = `First ${Date.now()}`;
    const second = `Second ${Date.now()}`;
    await server.api.POST('/contact', { body: { name: 'Older Sender', email: 'older@example.co.uk', message: first } });
    await server.api.POST('/contact', { body: { name: 'Newer Sender', email: 'newer@example.co.uk', message: second } });
    const { data: unread } = await server.api.GET('/admin/messages', { params: { query: { status: 'unread', limit: 2 } }, headers: server.bearer(admin) });
    expect(unread?.map((message) => [message.message, message.read])).toEqual([[second, false], [first, false]]);

    const older = unread![1]!;
    const read = await server.api.PUT('/admin/messages/{id}/read', { params: { path: { id: older.id } }, headers: server.bearer(admin) });
    expect(read.data?.read).toBe(true);
    const { data: stillUnread } = await server.api.GET('/admin/messages', { params: { query: { status: 'unread' } }, headers: server.bearer(admin) });
    expect(stillUnread?.map((message) => message.id)).not.toContain(older.id);

    const newer = unread![0]!;
    const replied = await server.api.POST('/admin/messages/{id}/reply', { params: { path: { id: newer.id } }, body: { body: 'Yes, we clean ovens.' }, headers: server.bearer(admin) });
    expect(replied.response.status).toBe(201);
    expect(replied.data).toMatchObject({ id: newer.id, read: true, replies: [{ body: 'Yes, we clean ovens.', author: expect.any(String), sent: expect.any(String) }] });
    const mail = await server.latestMail('newer@example.co.uk');
    expect(mail?.subject).toBe('Re: your message to Sparkle Cleaning');
    expect(mail?.text).toContain('Yes, we clean ovens.');
    expect(mail?.text).toContain(second);
  });

  it('are for administrators only', async () => {
    const customer = await server.createCustomer();
    expect((await send(server, 'GET', '/admin/messages', { token: customer.token })).status).toBe(403);
    expect((await send(server, 'POST', '/admin/messages/1/reply', { token: customer.token, body: { body: 'hi' } })).status).toBe(403);
    expect((await send(server, 'PUT', '/admin/messages/1/read', { token: customer.token })).status).toBe(403);
  });

  it('answers 404 for a message that does not exist', async () => {
    expect(await send(server, 'POST', '/admin/messages/2147483647/reply', { token: admin, body: { body: 'hi' } })).toEqual({ status: 404, body: { message: 'Message not found' } });
  });
});
