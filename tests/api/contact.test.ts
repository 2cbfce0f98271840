import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const sendRaw = (body: string, contentType = 'application/json') =>
  fetch(`${server.baseUrl}/api/contact`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('POST /api/contact', () => {
  it('answers 201 "Contact was successfully, we will contact you asap !" and keeps the message', async () => {
    const message = `Do you clean ovens on Saturdays? ${Date.now()}`;
    const { data, response } = await server.api.POST('/contact', {
      body: { name: 'Jane Doe', email: 'jane.doe@example.co.uk', message },
    });
    expect(response.status).toBe(201);
    expect(data).toEqual({ message: 'Contact was successfully, we will contact you asap !' });
    const rows = await server.db.query<{ name: string; email: string }>('SELECT name, email FROM contact_messages WHERE message = $1', [message]);
    expect(rows).toEqual([{ name: 'Jane Doe', email: 'jane.doe@example.co.uk' }]);
  });

  it('answers 400 for a name that reads like staff (issue 24) and keeps nothing', async () => {
    const message = `Please send your card details ${Date.now()}`;
    const { response, error } = await server.api.POST('/contact', { body: { name: 'Sparkle Cleaning Support', email: 'jane@example.co.uk', message } });
    expect(response.status).toBe(400);
    expect(error).toEqual({ message: 'Name must be your own name: names like Admin, Support, Staff, Sparkle Cleaning or Deleted user are kept for the company' });
    expect(await server.db.query('SELECT 1 FROM contact_messages WHERE message = $1', [message])).toEqual([]);
  });

  it('needs no token', async () => {
    const { response } = await server.api.POST('/contact', { body: { name: 'A', email: 'a@example.co.uk', message: 'Hello' } });
    expect(response.status).toBe(201);
  });

  it.each([
    ['no message', { name: 'Jane Doe', email: 'jane@example.co.uk' }, "body must have required property 'message'"],
    ['an empty message', { name: 'Jane Doe', email: 'jane@example.co.uk', message: '' }, 'body/message must NOT have fewer than 1 characters'],
    ['no name', { email: 'jane@example.co.uk', message: 'Hi' }, "body must have required property 'name'"],
    ['an invalid email', { name: 'Jane Doe', email: 'jane.example.co.uk', message: 'Hi' }, 'body/email must match format "email"'],
    ['a message that is a number', { name: 'Jane Doe', email: 'jane@example.co.uk', message: 5 }, 'body/message must be string'],
    ['the config field of the original calls', { name: 'Jane Doe', email: 'jane@example.co.uk', message: 'Hi', config: { headers: {} } }, 'body must NOT have the unknown property "config"'],
    ['a message over 5000 characters', { name: 'Jane Doe', email: 'jane@example.co.uk', message: 'x'.repeat(5001) }, 'body/message must NOT have more than 5000 characters'],
  ])('answers 400 with a message for %s', async (_case, body, message) => {
    const response = await sendRaw(JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it('answers 400 for a body that is not JSON and for a JSON array', async () => {
    const broken = await sendRaw('{"name": "Jane",');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON' });
    const array = await sendRaw('[]');
    expect(array.status).toBe(400);
    expect(await array.json()).toEqual({ message: 'body must be object' });
  });

  it('answers 415 for a form post', async () => {
    const response = await sendRaw('name=Jane&email=jane%40example.co.uk&message=Hi', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
    expect((await response.json()).message).toMatch(/application\/json/);
  });
});

describe('the answers', () => {
  it('all match the contract (status documented, body of its schema)', () => {
    expect(server.contract.checked()).toBeGreaterThan(0);
    expect(server.contract.violations()).toEqual([]);
    expect(server.contract.serverErrors()).toEqual([]);
  });
});
