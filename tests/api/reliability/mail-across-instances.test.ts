import { afterAll, beforeAll, expect, it } from 'vitest';
import { readOutbox } from '../../../server/services/outbox';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Several servers on one database (issue 13): a mail one instance's request queued may be sent
 * by any instance's queue worker, and is sent once. The instances share one relay (the test
 * harness gives a second instance on a database the first one's outbox), as servers behind one
 * SMTP relay do; a person registering on one instance gets their link whichever worker sent it.
 */
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({ db: first.db });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

it('ten people register at once on one instance while another shares the database: each confirms, with one mail each', async () => {
  const made = await Promise.all(Array.from({ length: 10 }, () => first.createCustomer()));
  expect(new Set(made.map((customer) => customer.id)).size).toBe(10);
  await second.mailSettled();
  const mails = await first.outbox();
  for (const customer of made) expect(mails.filter((mail) => mail.to === customer.email)).toHaveLength(1);
  expect(await readOutbox(second.config.outboxDir)).toEqual(mails);
}, 120_000);
