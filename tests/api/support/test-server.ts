import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import createClient from 'openapi-fetch';
import type { paths } from '../../../openapi/schema';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { QUEUES } from '../../../server/queue';
import { readLatestMail, readOutbox, type OutboxMail } from '../../../server/services/outbox';
import { confirmationToken } from './confirmation-link';
import { waitForMail } from './mail-wait';
import { assertContractKept, createContractValidator, type ContractValidator } from '../../support/contract-validator';
import { createTestDatabase, roomForBookings } from './test-database';
import { TEST_ADMIN, TEST_CUSTOMER, testConfig } from './test-config';

export { TEST_ADMIN, TEST_CUSTOMER } from './test-config';

export interface TestCustomer {
  id: number;
  name: string;
  email: string;
  password: string;
  token: string;
}

export interface TestServer {
  /** `http://127.0.0.1:PORT` (the app listens on a real port; tests speak real HTTP). */
  baseUrl: string;
  /** openapi-fetch client typed with the contract, baseUrl `${baseUrl}/api`. */
  api: ReturnType<typeof createClient<paths>>;
  /** Checks every answer `api` receives against the contract; close() throws on a violation or a 5xx. */
  contract: ContractValidator;
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Every mail written to this server's outbox, oldest first (once the mail queue is empty). */
  outbox(): Promise<OutboxMail[]>;
  /** The newest mail to `email`, or null (once the mail queue is empty). */
  latestMail(email: string): Promise<OutboxMail | null>;
  /** Waits (bounded) until the mail queue has no job left: every mail sent so far is in the outbox. */
  mailSettled(): Promise<void>;
  /** Signs in through POST /api/auth/login and answers the token (throws on failure). */
  login(email: string, password: string): Promise<string>;
  /** Registers a new customer with a unique email through the API, follows the mailed link (which signs them in). */
  createCustomer(overrides?: Partial<Pick<TestCustomer, 'name' | 'email' | 'password'>>): Promise<TestCustomer>;
  /** A token of the seeded admin (admin@sparkle.test). */
  adminToken(): Promise<string>;
  /** A token of the seeded demo customer (customer@sparkle.test). */
  customerToken(): Promise<string>;
  /** `{ Authorization: 'Bearer …' }` for openapi-fetch's `headers`. */
  bearer(token: string): { Authorization: string };
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<Pick<BuildAppOptions, 'now' | 'mailer' | 'payments' | 'spaDir'>> {
  config?: Partial<Config>;
  /** Use this database instead of a fresh seeded one (it is not closed by close()). */
  db?: Database;
  /**
   * Teams of a fresh database (default 40): suites about other rules book many jobs at one fixed
   * time, so they get room; the capacity suite asks for the product's 3 (decision 015).
   */
  teams?: number;
  /** Keep the bank holidays a fresh database closes (decision 087); suites about other rules start without them. */
  bankHolidays?: boolean;
}

let customerCount = 0;
/**
 * Instances on one database share its mail relay, as several servers behind one SMTP relay do:
 * any instance's queue worker may send a mail another instance's request queued, so a test
 * reading the first instance's outbox must see it.
 */
const outboxOfDatabase = new WeakMap<Database, string>();

/** A seeded database of the test file's own and the whole app on a free port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const owned = options.db ? null : await createTestDatabase({ bankHolidays: options.bankHolidays ?? false });
  const db = options.db ?? owned!.db;
  if (owned) await roomForBookings(db, options.teams);
  const sharedOutbox = outboxOfDatabase.get(db);
  const config = testConfig({ ...(sharedOutbox ? { outboxDir: sharedOutbox } : {}), ...options.config });
  if (!sharedOutbox) outboxOfDatabase.set(db, config.outboxDir);
  const app = await buildApp({
    db,
    config,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    spaDir: options.spaDir ?? null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const api = createClient<paths>({ baseUrl: `${baseUrl}/api` });
  // Every answer of this client is checked against the contract; close() fails on a violation or a 5xx.
  const contract = createContractValidator();
  api.use(contract.middleware);

  async function login(email: string, password: string): Promise<string> {
    const { data, error, response } = await api.POST('/auth/login', { body: { username: email, password } });
    if (!data) throw new Error(`login ${email} failed: ${response.status} ${JSON.stringify(error)}`);
    return data.token;
  }

  async function mailSettled(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await app.jobs.pending(QUEUES.mail)) > 0) {
      if (Date.now() > deadline) throw new Error(`mail jobs still pending after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    baseUrl,
    api,
    contract,
    app,
    db,
    config,
    mailSettled,
    outbox: async () => {
      await mailSettled();
      return readOutbox(config.outboxDir);
    },
    latestMail: async (email) => {
      await mailSettled();
      return readLatestMail(config.outboxDir, email);
    },
    login,
    async createCustomer(overrides = {}) {
      const email = overrides.email ?? `customer-${process.pid}-${++customerCount}-${randomBytes(3).toString('hex')}@example.co.uk`;
      const name = overrides.name ?? 'Test Customer';
      const password = overrides.password ?? 'correct-horse-battery';
      const { response, error } = await api.POST('/auth/register', { body: { name, email, password } });
      if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(error)}`);
      // As a person does: the link mailed to the address, with the password chosen, creates the account and signs in (decisions 029, 074).
      const token = confirmationToken(await waitForMail(config.outboxDir, email));
      const { data, error: refused } = await api.POST('/auth/confirm-email/{token}', { params: { path: { token } }, body: { password } });
      if (!data) throw new Error(`confirm ${email} failed: ${JSON.stringify(refused)}`);
      return { id: data.id, name, email, password, token: data.token };
    },
    adminToken: () => login(TEST_ADMIN.email, TEST_ADMIN.password),
    customerToken: () => login(TEST_CUSTOMER.email, TEST_CUSTOMER.password),
    bearer: (token) => ({ Authorization: `Bearer ${token}` }),
    async close() {
      // The file's tests are over: an answer a test never read (a fetch whose body was left) keeps
      // its connection busy, and app.close() would wait for it until CONNECTION_TIMEOUT.
      app.server.closeAllConnections();
      await app.close();
      await owned?.dispose();
      await rm(config.dataDir, { recursive: true, force: true });
      if (contract.checked() > 0) console.log(`Contract check: ${contract.summary()}`);
      assertContractKept(contract);
    },
  };
}
