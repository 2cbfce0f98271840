import { confirmationToken } from '../../api/support/confirmation-link';
import { waitForMail } from '../../api/support/mail-wait';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import type { paths } from '../../../openapi/schema';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { openPglite } from '../../../server/db/pglite';
import type { PaymentProvider } from '../../../server/services/payment-provider';
import { testConfig } from '../../api/support/test-config';
import { readSeededPgliteDump } from '../../support/seeded-pglite-dump';
import type { Page } from '@playwright/test';
import { ok, type ApiClient } from './api-client';
import { uniqueCustomer, type Credentials, type Customer } from './fixtures';

/**
 * A server of the spec's own (the real app, the built SPA, a copy of the run's seeded PGlite in
 * memory), for the end-to-end tests that need what no customer can do through the API: a job that
 * starts within 24 hours or has started (checkouts need 24 hours' notice), so the test moves the
 * job's time in the database, as time passing would.
 */
export interface OwnServer {
  baseUrl: string;
  db: Database;
  /** Where this server's mails are written (.eml files). */
  outboxDir: string;
  /** The server's job queue (to run a scheduled job, as its cron would). */
  jobs: FastifyInstance['jobs'];
  /** PUBLIC_URL: what links, and the signatures of Twilio's webhooks, name. */
  publicUrl: string;
  api(token?: string): ApiClient;
  /** Follows the confirmation link this server mailed to `email`, with the password chosen (decisions 029, 074). */
  confirm(customer: { email: string; password: string }): Promise<void>;
  /**
   * Signs `page` in as this user through the API and stores the session as the app does
   * (localStorage userInfo, written on this server's origin before any page of the app opens).
   */
  signIn(page: Page, credentials: Credentials): Promise<ApiClient>;
  /** A new customer (uniqueCustomer(label)) registered, confirmed and signed in on `page`. */
  signUp(page: Page, label: string): Promise<{ api: ApiClient; customer: Customer }>;
  close(): Promise<void>;
}

/**
 * `payments`: another provider than the test one (the Stripe spec points one at its local fake Stripe).
 * `now`: the server's clock (the real one by default).
 */
export async function startOwnServer(
  options: { payments?: PaymentProvider; now?: () => Date; twilio?: Config['twilio']; goCardless?: Config['goCardless'] } = {},
): Promise<OwnServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-e2e-own-'));
  const db = await openPglite({ loadDataDir: await seededDump() });
  // GoCardless's page sends the browser back to PUBLIC_URL: with Direct Debit, PUBLIC_URL is this server's own address.
  const port = options.goCardless ? await freePort() : 0;
  const config = testConfig({
    dataDir, outboxDir: path.join(dataDir, 'outbox'), twilio: options.twilio ?? null, goCardless: options.goCardless ?? null,
    ...(port ? { publicUrl: `http://127.0.0.1:${port}` } : {}),
  });
  const app = await buildApp({
    db, config, logger: false, spaDir: path.resolve(process.env.E2E_SPA_DIR ?? 'dist'),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const api: OwnServer['api'] = (token) => createClient<paths>({ baseUrl: `${baseUrl}/api`, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const confirm: OwnServer['confirm'] = async ({ email, password }) => {
    const token = confirmationToken(await waitForMail(config.outboxDir, email));
    const { response } = await api().POST('/auth/confirm-email/{token}', { params: { path: { token } }, body: { password } });
    if (!response.ok) throw new Error(`confirming ${email} answered ${response.status}`);
  };
  const signIn: OwnServer['signIn'] = async (page, credentials) => {
    const user = await ok(api().POST('/auth/login', { body: { username: credentials.email, password: credentials.password } }));
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('userInfo', JSON.stringify(value)), user);
    return api(user.token);
  };
  return {
    baseUrl,
    db,
    outboxDir: config.outboxDir,
    jobs: app.jobs,
    publicUrl: config.publicUrl,
    api,
    confirm,
    signIn,
    async signUp(page, label) {
      const customer = uniqueCustomer(label);
      await ok(api().POST('/auth/register', { body: customer }));
      await confirm(customer);
      return { api: await signIn(page, customer), customer };
    },
    async close() {
      app.server.closeAllConnections();
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's seeded dump (support/global-setup.ts). */
function seededDump(): Promise<File> {
  const file = process.env.E2E_SEEDED_DUMP;
  if (!file) throw new Error('E2E_SEEDED_DUMP is not set: the end-to-end global setup (playwright.config.ts) makes it');
  return readSeededPgliteDump(file);
}

/** A port nobody listens on now (the kernel's choice for listen(0)), for a server that must know its address before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
