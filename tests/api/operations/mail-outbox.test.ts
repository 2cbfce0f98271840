/**
 * Issue 13 "work off the request path": a mail is written with the change that causes it and sent
 * by the job queue's worker (pg-boss on PostgreSQL, the embedded runner on PGlite), so a refusing
 * or silent SMTP server neither fails nor delays the request, and the mail goes once it can.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../../server/jobs';
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

describe(`mail through the job queue (${label})`, () => {
  it('forgot-password answers 200 while SMTP refuses; the mail is retried and delivered once SMTP accepts', async () => {
    const customer = await server.createCustomer();
    smtp.mode = 'refuse';
    const attemptsBefore = smtp.connections;
    const { response, data } = await server.api.POST('/auth/forgot-password', { body: { email: customer.email } });
    expect(response.status).toBe(200);
    expect(data?.message).toBeTruthy();
    // The worker tried and was refused at least once: the mail is waiting to be retried, not lost.
    await eventually('a delivery attempt', async () => smtp.connections, (count) => count > attemptsBefore);
    expect(deliveredTo(customer.email)).toEqual([]);
    expect(await server.app.jobs.pending(QUEUES.mail)).toBeGreaterThan(0);

    smtp.mode = 'accept';
    const mails = await eventually('the reset mail delivered', async () => deliveredTo(customer.email), (found) => found.length > 0, 60_000);
    expect(mails[0]!.data).toContain('/reset-password/');
    await server.mailSettled();
    expect(deliveredTo(customer.email)).toHaveLength(1);
  }, 90_000);

  it('a cash checkout answers while SMTP is silent; the confirmation is delivered once SMTP answers', async () => {
    const jane = await server.createCustomer();
    const { data: services } = await server.api.GET('/home/services');
    const { data: items } = await server.api.GET('/services/get-items/{id}', { params: { path: { id: services![0]!.id } }, headers: server.bearer(jane.token) });
    const { data: order } = await server.api.POST('/services/order/new', {
      headers: server.bearer(jane.token),
      body: { service: services![0]!.id, items: [{ id: items!.items[0]!.id, quantity: 2 }] },
    });
    smtp.mode = 'silent';
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    // Bounded well under an SMTP client's 30 s greeting wait: the answer does not wait for mail at all.
    const { response } = await server.api.POST('/services/order/checkout', {
      headers: server.bearer(jane.token),
      body: { order: order!.id, due_date: due, due_time: '10:00', address: '1 High Street', phone: '020 7946 0000', city: 'London', code_postal: 'SW1A 1AA', client_note: '', payment: 'cash' },
      signal: AbortSignal.timeout(8_000),
    });
    expect(response.status).toBe(200);
    expect(deliveredTo(jane.email)).toEqual([]);

    smtp.mode = 'accept';
    const mails = await eventually('the confirmation delivered', async () => deliveredTo(jane.email), (found) => found.length > 0, 60_000);
    expect(mails[0]!.data).toContain(`order #${order!.id}`);
  }, 90_000);
});
