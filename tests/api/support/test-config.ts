import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../../server/config';

/** The demo accounts every seeded test database has (global-setup seeds them with these passwords). */
export const TEST_ADMIN = { name: 'Sam Admin', email: 'admin@sparkle.test', password: 'admin-password-1' } as const;
export const TEST_CUSTOMER = { name: 'Jane Customer', email: 'customer@sparkle.test', password: 'customer-password-1' } as const;

/** A configuration for tests: no environment read, a private data folder, fixed demo passwords. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? path.join(os.tmpdir(), `sparkle-test-${process.pid}-${Math.random().toString(36).slice(2)}`);
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    dataDir,
    databaseUrl: null,
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
    dbStatementTimeoutMs: 15_000,
    publicCacheMaxEntries: 500,
    publicCacheTtlSeconds: 10,
    shutdownTimeoutMs: 10_000,
    mailRetryLimit: 10,
    mailRetryDelaySeconds: 1,
    memoryLimitMb: 100_000,
    ...overrides,
  };
}
