/**
 * Issue 13 "work off the request path": a mail is written with the change that causes it and sent
 * by the job queue's worker (pg-boss on PostgreSQL, the embedded runner on PGlite), so a refusing
 * or silent SMTP server neither fails nor delays the request, and the mail goes once it can.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../../server/queue';
import { eventually } from '../support/mail-wait';
import { startSmtpServer, type SmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';

const label = process.env.DATABASE_URL ? 'PostgreSQL, pg-boss' : 'PGlite, embedded runner';
let smtp: SmtpServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer('accept');
  server = await startTestServer({ config: { smtpUrl: smtp.url, mailRetryDelaySeconds: 1 } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const deliveredTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

/** A customer registered as a person does, the confirmation link read from the mail SMTP received (decision 029). */
async function customer(): Promise<{ email: string; token: string }> {
  const email = `smtp-${process.pid}-${randomBytes(4).toString('hex')}@example.co.uk`;
  const { response } = await server.api.POST('/auth/register', { body: { name: 'Test Customer', email, password: 'correct-horse-battery' } });
  expect(response.status).toBe(201);
  const [mail] = await eventually('the confirmation mail', async () => deliveredTo(email), (found) => found.length > 0, 60_000);
  // Quoted-printable: soft line breaks joined, =XX decoded.
  const text = mail!.data.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const link = /\/confirm-email\/([^?\s"<>]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no confirmation link in the mail to ${email}`);
  const { data } = await server.api.POST('/auth/confirm-email/{token}', { params: { path: { token: decodeURIComponent(link) } }, body: { password: 'correct-horse-battery' } });
  if (!data) throw new Error(`confirming ${email} failed`);
  // What follows counts the mails the test's own requests cause: the confirmation is put aside.
  smtp.received.splice(0, smtp.received.length, ...smtp.received.filter((received) => !received.to.includes(email)));
  return { email, token: data.token };
}

describe(`mail through the job queue (${label})`, () => {
  it('forgot-password answers 200 while SMTP refuses; the mail is retried and delivered once SMTP accepts', async () => {
    const { email } = await customer();
    smtp.mode = 'refuse';
    const attemptsBefore = smtp.connections;
    const { response, data } = await server.api.POST('/auth/forgot-password', { body: { email } });
    expect(response.status).toBe(200);
    expect(data?.message).toBeTruthy();
    // The worker tried and was refused at least once: the mail is waiting to be retried, not lost.
    await eventually('a delivery attempt', async () => smtp.connections, (count) => count > attemptsBefore);
    expect(deliveredTo(email)).toEqual([]);
    expect(await server.app.jobs.pending(QUEUES.mail)).toBeGreaterThan(0);

    smtp.mode = 'accept';
    const mails = await eventually('the reset mail delivered', async () => deliveredTo(email), (found) => found.length > 0, 60_000);
    expect(mails[0]!.data).toContain('/reset-password/');
    await server.mailSettled();
    expect(deliveredTo(email)).toHaveLength(1);
  }, 90_000);

  it('a cash checkout answers while SMTP is silent; the confirmation is delivered once SMTP answers', async () => {
    const jane = await customer();
    const { data: services } = await server.api.GET('/home/services');
    const { data: items } = await server.api.GET('/services/get-items/{id}', { params: { path: { id: services![0]!.id } }, headers: server.bearer(jane.token) });
    const { data: order } = await server.api.POST('/services/order/new', {
      headers: server.bearer(jane.token),
      body: { service: services![0]!.id, items: [{ id: items!.items[0]!.id, quantity: 2 }] },
    });
    smtp.mode = 'silent';
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    // Bounded well under an SMTP client's 30 s greeting wait: the answer does not wait for mail at all.
    const { data: placed, response } = await server.api.POST('/services/order/checkout', {
      headers: server.bearer(jane.token),
      body: { order: order!.id, due_date: due, due_time: '10:00', address: '1 High Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash' },
      signal: AbortSignal.timeout(8_000),
    });
    expect(response.status).toBe(200);
    expect(deliveredTo(jane.email)).toEqual([]);

    smtp.mode = 'accept';
    const mails = await eventually('the confirmation delivered', async () => deliveredTo(jane.email), (found) => found.length > 0, 60_000);
    expect(mails[0]!.data).toContain(`order #${placed!.reference}`);
  }, 90_000);
});
