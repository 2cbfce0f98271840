import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../../server/config';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../../server/rate-limits';
import { DEFAULT_SUPPLIER } from '../../../domain/money/invoice-labels';

/**
 * The API suite creates far more accounts, orders and messages from 127.0.0.1 than one client may:
 * those limits are raised here, the sign-in and reset ones stay as in production. Tests of the
 * limits themselves pass `rateLimits: DEFAULT_RATE_LIMITS` (tests/api/security/rate-limits.test.ts).
 */
export const SUITE_RATE_LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  register: { ...DEFAULT_RATE_LIMITS.register, limit: 100_000 },
  contact: { ...DEFAULT_RATE_LIMITS.contact, limit: 100_000 },
  orders: { ...DEFAULT_RATE_LIMITS.orders, limit: 100_000 },
  openOrders: { ...DEFAULT_RATE_LIMITS.openOrders, limit: 100_000 },
  resetPassword: { ...DEFAULT_RATE_LIMITS.resetPassword, limit: 100_000 },
  confirmEmail: { ...DEFAULT_RATE_LIMITS.confirmEmail, limit: 100_000 },
  emailChange: { ...DEFAULT_RATE_LIMITS.emailChange, limit: 100_000 },
  invitations: { ...DEFAULT_RATE_LIMITS.invitations, limit: 100_000 },
  quotes: { ...DEFAULT_RATE_LIMITS.quotes, limit: 100_000 },
  // One seeded administrator serves every test file side by side: many people on one login.
  listReads: { ...DEFAULT_RATE_LIMITS.listReads, limit: 100_000 },
};

/** The same as RATE_LIMITS for a server process (server-process.ts, the end-to-end server). */
export const SUITE_RATE_LIMITS_ENV = 'register=100000,contact=100000,orders=100000,openOrders=100000,resetPassword=100000,confirmEmail=100000,emailChange=100000,invitations=100000,quotes=100000,listReads=100000';

/** The demo accounts every seeded test database has (global-setup seeds them with these passwords). */
export const TEST_ADMIN = { name: 'Sam Admin', email: 'admin@sparkle.test', password: 'admin-password-1' } as const;
export const TEST_CUSTOMER = { name: 'Jane Customer', email: 'customer@sparkle.test', password: 'customer-password-1' } as const;

/** What the test provider signs its notifications with in tests (so a test can sign one, or forge one). */
export const TEST_PAYMENT_WEBHOOK_SECRET = 'test-payment-webhook-secret';

/** A configuration for tests: no environment read, a private data folder, fixed demo passwords. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? path.join(os.tmpdir(), `sparkle-test-${process.pid}-${Math.random().toString(36).slice(2)}`);
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    vatNumber: 'GB 987 6543 21',
    supplierName: DEFAULT_SUPPLIER.name,
    supplierAddress: DEFAULT_SUPPLIER.address,
    dataDir,
    databaseUrl: null,
    databaseSessionUrl: null,
    databaseReadUrl: null,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    tokenTtl: '12h',
    smtpUrl: null,
    mailFrom: 'Sparkle Cleaning <no-reply@sparkle.test>',
    outboxDir: path.join(dataDir, 'outbox'),
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    demoPassword: TEST_CUSTOMER.password,
    corsOrigins: [],
    apiDocs: true,
    spaDir: null,
    dbPoolMax: 5,
    dbAcquireTimeoutMs: 5_000,
    dbPoolQueueMax: 500,
    dbIdleTimeoutMs: 0,
    dbStatementTimeoutMs: 15_000,
    searchCountCap: 10_000,
    publicCacheMaxEntries: 500,
    publicCacheTtlSeconds: 10,
    shutdownTimeoutMs: 10_000,
    shutdownDrainMs: 0,
    mailRetryLimit: 10,
    mailRetryDelaySeconds: 1,
    memoryLimitMb: 100_000,
    heapGrowingPercent: 0,
    jobsThread: false,
    trustProxy: false,
    requestTimeoutMs: 30_000,
    connectionTimeoutMs: 60_000,
    rateLimits: SUITE_RATE_LIMITS,
    paymentProvider: 'test',
    stripe: null,
    goCardless: null,
    paymentWebhookSecret: TEST_PAYMENT_WEBHOOK_SECRET,
    twilio: null,
    textsPerNumberPerDay: 10,
    ...overrides,
  };
}
