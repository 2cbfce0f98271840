import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_SUPPLIER } from '../domain/money/invoice-labels';
import { DEFAULT_RATE_LIMITS, parseRateLimits, type RateLimits } from './rate-limits';

/**
 * The server's configuration, read once from the environment. Every setting has a documented
 * default (README / .env.example); only JWT_SECRET and ADMIN_* are required in production.
 */
export interface Config {
  /** NODE_ENV: development (default), production or test. */
  nodeEnv: string;
  /** PORT, default 3000. */
  port: number;
  /** HOST, default 0.0.0.0. */
  host: string;
  /** PUBLIC_URL: the site's address in mails and payment pages, default http://localhost:PORT. */
  publicUrl: string;
  /** VAT_NUMBER: the company's VAT registration number on VAT invoices, default GB 123 4567 89 (a placeholder). */
  vatNumber: string;
  /** SUPPLIER_NAME: who issues the VAT invoices and credit notes, default Sparkle Cleaning. */
  supplierName: string;
  /** SUPPLIER_ADDRESS: the supplier's address on them, default 1 Example Street, London SW1A 1AA (a placeholder). */
  supplierAddress: string;
  /** DATA_DIR, default `.data`: PGlite data, outbox, generated secret and demo passwords. */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL server; when unset, PGlite in DATA_DIR/pgdata. */
  databaseUrl: string | null;
  /**
   * DATABASE_SESSION_URL, default DATABASE_URL: the connections that need a session of their own,
   * the LISTEN of each channel. Set it when DATABASE_URL is a transaction pooler (PgBouncer,
   * deploy/pgbouncer.ini): a session pool or the server itself (docs/deployment.md, decision 089).
   */
  databaseSessionUrl: string | null;
  /**
   * DATABASE_READ_URL: a hot standby (a replica) for the reads that may be a moment old — the
   * owner's reports, the back office's lists and searches (decision 091, docs/deployment.md). Unset:
   * every read goes to DATABASE_URL. Ignored without DATABASE_URL (PGlite).
   */
  databaseReadUrl: string | null;
  /** JWT_SECRET: HS256 key of bearer tokens (development: generated once into DATA_DIR). */
  jwtSecret: string;
  /** TOKEN_TTL, default 12h (jose time span: 30m, 12h, 7d). */
  tokenTtl: string;
  /** SMTP_URL: send mail through this server; when unset, `.eml` files go to OUTBOX_DIR. */
  smtpUrl: string | null;
  /** MAIL_FROM, default "Sparkle Cleaning <no-reply@sparkle.test>". */
  mailFrom: string;
  /** OUTBOX_DIR, default DATA_DIR/outbox. */
  outboxDir: string;
  /** ADMIN_EMAIL, default admin@sparkle.test (development only). */
  adminEmail: string | null;
  /** ADMIN_PASSWORD: when unset in development, generated once into DATA_DIR/demo-accounts.json. */
  adminPassword: string | null;
  /** DEMO_PASSWORD: the demo customer's password (development only; generated when unset). */
  demoPassword: string | null;
  /** CORS_ORIGIN: comma-separated origins allowed to call the API from a browser; none by default. */
  corsOrigins: string[];
  /** API_DOCS: serve /api/docs and /api/openapi.yaml; on except in production unless "true". */
  apiDocs: boolean;
  /** SPA_DIR, default `dist`: the built SPA served with history fallback when it exists ('' = off). */
  spaDir: string | null;
  /** DB_POOL_MAX, default 10: PostgreSQL connections per instance. */
  dbPoolMax: number;
  /** DB_ACQUIRE_TIMEOUT, default 5000 ms: waiting longer for a pooled connection answers 503. */
  dbAcquireTimeoutMs: number;
  /** DB_POOL_QUEUE, default 500: requests that may wait for a pooled connection; one more answers 503 at once. */
  dbPoolQueueMax: number;
  /** DB_IDLE_TIMEOUT, default 0 (kept): milliseconds before an idle pooled connection is closed. */
  dbIdleTimeoutMs: number;
  /** DB_STATEMENT_TIMEOUT, default 15000 ms (0 = none): the server cancels a longer statement. */
  dbStatementTimeoutMs: number;
  /** How many hits a staff search counts exactly before saying "more than" (SEARCH_COUNT_CAP; decision 092). */
  searchCountCap: number;
  /** PUBLIC_CACHE_MAX, default 500: entries of the public-read cache. */
  publicCacheMaxEntries: number;
  /** PUBLIC_CACHE_TTL, default 10 s: backstop lifetime of a cached public read. */
  publicCacheTtlSeconds: number;
  /** SHUTDOWN_TIMEOUT, default 10000 ms: after SIGTERM, the process exits by then at the latest. */
  shutdownTimeoutMs: number;
  /** After SIGTERM: readiness 503 and every request still served (answers close their connection) this long before the listener closes. */
  shutdownDrainMs: number;
  /** MAIL_RETRY_LIMIT, default 10: how often a mail is retried before it is kept as failed. */
  mailRetryLimit: number;
  /** MAIL_RETRY_DELAY, default 30 s: the first retry's delay, doubled at each further one. */
  mailRetryDelaySeconds: number;
  /** MEMORY_LIMIT_MB, default 90% of the V8 heap limit: above it, requests get 503 until it drops. */
  memoryLimitMb: number;
  /**
   * HEAP_GROWING_PERCENT, default 100, at most 400: how far V8 lets the heap grow past what a full
   * collection kept before the next one (lib/heap-growth.ts, decision 137). 0 leaves V8's own rule.
   */
  heapGrowingPercent: number;
  /**
   * JOBS_THREAD, default true with DATABASE_URL: mail and periodic jobs run in a thread of their own
   * (jobs-thread.ts, decision 136), so their work and their garbage stay off the requests' event
   * loop. `false` runs them on it. The embedded database belongs to one thread: false without DATABASE_URL.
   */
  jobsThread: boolean;
  /** TRUST_PROXY: Fastify's trustProxy, the number of proxy hops or their addresses/CIDRs; off by default. */
  trustProxy: false | number | string[];
  /** REQUEST_TIMEOUT, default 30s: the whole request (headers and body) must arrive within it. */
  requestTimeoutMs: number;
  /** CONNECTION_TIMEOUT, default 60s: a socket silent this long is closed. */
  connectionTimeoutMs: number;
  /** RATE_LIMITS: the limits of rate-limits.ts, counts overridable (`register=50,contact=20`). */
  rateLimits: RateLimits;
  /**
   * PAYMENT_PROVIDER: `test` (the built-in test provider and its pages; the default except in
   * production), `stripe` (Stripe Checkout, decision 034) or `none` (card payment offered as
   * unavailable; the default in production). The test provider, and Stripe with a test key, are
   * refused in production unless ALLOW_TEST_PAYMENTS=true (a demo).
   */
  paymentProvider: 'test' | 'stripe' | null;
  /** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe, null otherwise. */
  stripe: { secretKey: string; webhookSecret: string } | null;
  /** PAYMENT_WEBHOOK_SECRET: the key payment notifications are signed with (default: random per start). */
  paymentWebhookSecret: string;
  /**
   * Texts through Twilio (decision 094): TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (a
   * number in E.164 or a Messaging Service SID, MG…) together, or none: then texts are written to
   * OUTBOX_DIR as `.sms` files, and no inbound webhook listens. TWILIO_API_URL points the SDK at
   * another host (a local fake); refused in production unless ALLOW_TEST_TEXTS=true, as is Twilio's
   * test number +15005550006.
   */
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string | null } | null;
  /** TEXTS_PER_NUMBER_PER_DAY (default 10): texts queued to one number in 24 hours; more are dropped. */
  textsPerNumberPerDay: number;
  /**
   * Direct Debit for series through GoCardless (decision 093): GOCARDLESS_ACCESS_TOKEN (live_… or
   * sandbox_…), GOCARDLESS_WEBHOOK_SECRET (the webhook endpoint's secret) and GOCARDLESS_ENVIRONMENT
   * (live or sandbox; default from the token). Null without a token: Direct Debit is not offered. A
   * sandbox token is refused in production unless ALLOW_TEST_PAYMENTS=true (a demo), as Stripe's test
   * keys are. GOCARDLESS_API_URL (tests only, refused in production) sends the SDK's requests to a
   * local fake of the API (tests/support/gocardless/).
   */
  goCardless: { accessToken: string; webhookSecret: string; environment: 'live' | 'sandbox'; apiUrl: string | null } | null;
}

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const production = nodeEnv === 'production';
  const port = parsePort(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  return {
    nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    vatNumber: (env.VAT_NUMBER || 'GB 123 4567 89').trim(),
    supplierName: (env.SUPPLIER_NAME || DEFAULT_SUPPLIER.name).trim(),
    supplierAddress: (env.SUPPLIER_ADDRESS || DEFAULT_SUPPLIER.address).trim(),
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseSessionUrl: env.DATABASE_SESSION_URL || env.DATABASE_URL || null,
    databaseReadUrl: (env.DATABASE_URL && env.DATABASE_READ_URL) || null,
    jwtSecret: env.JWT_SECRET ? checkedSecret(env.JWT_SECRET, production) : production ? missing('JWT_SECRET') : developmentSecret(dataDir),
    tokenTtl: parseTimeSpan(env.TOKEN_TTL || '12h'),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Sparkle Cleaning <no-reply@sparkle.test>',
    outboxDir: path.resolve(env.OUTBOX_DIR || path.join(dataDir, 'outbox')),
    adminEmail: env.ADMIN_EMAIL || (production ? null : 'admin@sparkle.test'),
    adminPassword: env.ADMIN_PASSWORD || null,
    demoPassword: env.DEMO_PASSWORD || null,
    corsOrigins: (env.CORS_ORIGIN || '').split(',').map((origin) => origin.trim()).filter(Boolean),
    apiDocs: env.API_DOCS ? env.API_DOCS === 'true' : !production,
    spaDir: env.SPA_DIR === '' ? null : path.resolve(env.SPA_DIR || 'dist'),
    dbPoolMax: parseCount(env, 'DB_POOL_MAX', 10, 1),
    dbAcquireTimeoutMs: parseCount(env, 'DB_ACQUIRE_TIMEOUT', 5_000, 1),
    dbPoolQueueMax: parseCount(env, 'DB_POOL_QUEUE', 500, 1),
    dbIdleTimeoutMs: parseCount(env, 'DB_IDLE_TIMEOUT', 0, 0),
    dbStatementTimeoutMs: parseCount(env, 'DB_STATEMENT_TIMEOUT', 15_000, 0),
    searchCountCap: parseCount(env, 'SEARCH_COUNT_CAP', 10_000, 1),
    publicCacheMaxEntries: parseCount(env, 'PUBLIC_CACHE_MAX', 500, 1),
    publicCacheTtlSeconds: parseCount(env, 'PUBLIC_CACHE_TTL', 10, 1),
    shutdownTimeoutMs: parseCount(env, 'SHUTDOWN_TIMEOUT', 10_000, 1),
    shutdownDrainMs: parseCount(env, 'SHUTDOWN_DRAIN', 3_000, 0),
    mailRetryLimit: parseCount(env, 'MAIL_RETRY_LIMIT', 10, 0),
    mailRetryDelaySeconds: parseCount(env, 'MAIL_RETRY_DELAY', 30, 1),
    memoryLimitMb: parseCount(env, 'MEMORY_LIMIT_MB', defaultMemoryLimitMb(), 16),
    heapGrowingPercent: parseHeapGrowingPercent(env),
    jobsThread: parseJobsThread(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs: timeSpanMs('REQUEST_TIMEOUT', env.REQUEST_TIMEOUT || '30s'),
    connectionTimeoutMs: timeSpanMs('CONNECTION_TIMEOUT', env.CONNECTION_TIMEOUT || '60s'),
    rateLimits: env.RATE_LIMITS ? parseRateLimits(env.RATE_LIMITS, (message) => new ConfigError(`RATE_LIMITS: ${message}`)) : DEFAULT_RATE_LIMITS,
    paymentProvider: parsePaymentProvider(env, production),
    stripe: parseStripe(env, production),
    goCardless: parseGoCardless(env, production),
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || randomBytes(32).toString('base64url'),
    twilio: parseTwilio(env, production),
    textsPerNumberPerDay: parseCount(env, 'TEXTS_PER_NUMBER_PER_DAY', 10, 0),
  };
}

function parseJobsThread(env: Env): boolean {
  const value = env.JOBS_THREAD || (env.DATABASE_URL ? 'true' : 'false');
  if (value !== 'true' && value !== 'false') throw new ConfigError(`JOBS_THREAD must be true or false: ${value}`);
  if (value === 'true' && !env.DATABASE_URL) throw new ConfigError('JOBS_THREAD=true needs DATABASE_URL: the embedded database (PGlite) belongs to one thread');
  return value === 'true';
}

/** HS256 needs a key as long as its hash (RFC 7518 3.2): a short secret can be guessed offline from any token. */
export const MIN_SECRET_BYTES = 32;

function checkedSecret(secret: string, production: boolean): string {
  if (production && Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long when NODE_ENV=production (for example: openssl rand -base64 48)`);
  }
  return secret;
}

/**
 * TRUST_PROXY: how many proxies stand in front (`1`), or their addresses (`10.0.0.1,10.1.0.0/16`).
 * Only then is X-Forwarded-For believed, so each client is limited on its own address. `true`
 * (believe anyone) is refused: a client could then claim any address and slip every limit.
 */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') throw new ConfigError('TRUST_PROXY=true would believe any client\'s X-Forwarded-For: give the number of proxies in front (1) or their addresses');
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!named && (family === 0 || !validBits || rest.length > 0)) {
      throw new ConfigError(`TRUST_PROXY must be a number of proxies or a comma-separated list of addresses or CIDRs: ${entry}`);
    }
  }
  return entries;
}

function timeSpanMs(name: string, value: string): number {
  const match = /^(\d+)\s*(ms|s|m)$/.exec(value.trim());
  if (!match || Number(match[1]) === 0) throw new ConfigError(`${name} must look like 500ms, 30s or 2m: ${value}`);
  return Number(match[1]) * ({ ms: 1, s: 1000, m: 60_000 } as const)[match[2] as 'ms' | 's' | 'm'];
}

/** Issue 12: in production no card payment is ever free; the test provider needs an explicit yes. */
function parsePaymentProvider(env: Env, production: boolean): 'test' | 'stripe' | null {
  const value = providerName(env, production);
  if (value === 'none') return null;
  if (value === 'stripe') return 'stripe';
  if (value !== 'test') throw new ConfigError(`PAYMENT_PROVIDER must be test, stripe or none: ${value}`);
  if (production && env.ALLOW_TEST_PAYMENTS !== 'true') {
    throw new ConfigError('PAYMENT_PROVIDER=test marks card orders paid without a card: refused when NODE_ENV=production unless ALLOW_TEST_PAYMENTS=true (a demo)');
  }
  return 'test';
}

function providerName(env: Env, production: boolean): string {
  return (env.PAYMENT_PROVIDER || (production ? 'none' : 'test')).trim().toLowerCase();
}

/**
 * Issue 23 row 10: Stripe needs both secrets (without the webhook secret no payment could ever be
 * confirmed), and a test-mode key in production takes no real money: refused unless it is a demo.
 */
function parseStripe(env: Env, production: boolean): Config['stripe'] {
  if (providerName(env, production) !== 'stripe') return null;
  const secretKey = (env.STRIPE_SECRET_KEY ?? '').trim();
  const webhookSecret = (env.STRIPE_WEBHOOK_SECRET ?? '').trim();
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) {
    throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, a secret or restricted key (sk_live_…, rk_live_…; sk_test_… for a demo)');
  }
  if (!/^whsec_\w+$/.test(webhookSecret)) {
    throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET, the signing secret of the webhook endpoint (whsec_…)');
  }
  if (production && /^(sk|rk)_test_/.test(secretKey) && env.ALLOW_TEST_PAYMENTS !== 'true') {
    throw new ConfigError('STRIPE_SECRET_KEY is a test-mode key, which takes no real money: refused when NODE_ENV=production unless ALLOW_TEST_PAYMENTS=true (a demo)');
  }
  return { secretKey, webhookSecret };
}

/** Twilio's magic sender of its test credentials: nothing is delivered from it. */
export const TWILIO_TEST_FROM = '+15005550006';

/** Issue 38: all three Twilio settings or none; a fake host or test sender in production only for a demo. */
function parseTwilio(env: Env, production: boolean): Config['twilio'] {
  const accountSid = (env.TWILIO_ACCOUNT_SID ?? '').trim();
  const authToken = (env.TWILIO_AUTH_TOKEN ?? '').trim();
  const from = (env.TWILIO_FROM ?? '').trim();
  const apiUrl = (env.TWILIO_API_URL ?? '').trim().replace(/\/+$/, '') || null;
  if (!accountSid && !authToken && !from) return null;
  if (!/^AC[0-9a-fA-F]{32}$/.test(accountSid)) throw new ConfigError('TWILIO_ACCOUNT_SID must be the account SID (AC and 32 hex digits) shown on the Twilio console');
  if (!/^[0-9a-fA-F]{32}$/.test(authToken)) throw new ConfigError('TWILIO_AUTH_TOKEN must be the account\'s auth token (32 hex digits): it also checks the signature of inbound texts');
  if (!/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/.test(from)) throw new ConfigError('TWILIO_FROM must be the sending number in E.164 (+447…) or a Messaging Service SID (MG…)');
  if (apiUrl && !/^https?:\/\/[^\s/]+$/.test(apiUrl)) throw new ConfigError(`TWILIO_API_URL must be an origin such as http://127.0.0.1:4010: ${apiUrl}`);
  if (production && env.ALLOW_TEST_TEXTS !== 'true' && (apiUrl || from === TWILIO_TEST_FROM)) {
    throw new ConfigError('TWILIO_API_URL or the test sender +15005550006 sends no real text: refused when NODE_ENV=production unless ALLOW_TEST_TEXTS=true (a demo)');
  }
  return { accountSid, authToken, from, apiUrl };
}

/** Decision 093: GoCardless needs its token and webhook secret; a sandbox token takes no real money. */
function parseGoCardless(env: Env, production: boolean): Config['goCardless'] {
  const accessToken = (env.GOCARDLESS_ACCESS_TOKEN ?? '').trim();
  if (!accessToken) return null;
  const kind = /^(live|sandbox)_[\w-]+$/.exec(accessToken)?.[1];
  if (!kind) throw new ConfigError('GOCARDLESS_ACCESS_TOKEN must be a GoCardless access token (live_…; sandbox_… for a demo)');
  const environment = (env.GOCARDLESS_ENVIRONMENT || kind).trim().toLowerCase();
  if (environment !== 'live' && environment !== 'sandbox') throw new ConfigError(`GOCARDLESS_ENVIRONMENT must be live or sandbox: ${environment}`);
  if (environment !== kind) throw new ConfigError(`GOCARDLESS_ACCESS_TOKEN is a ${kind} token but GOCARDLESS_ENVIRONMENT is ${environment}`);
  const webhookSecret = (env.GOCARDLESS_WEBHOOK_SECRET ?? '').trim();
  if (webhookSecret.length < 16) {
    throw new ConfigError('GOCARDLESS_ACCESS_TOKEN needs GOCARDLESS_WEBHOOK_SECRET, the secret of the webhook endpoint (at least 16 characters)');
  }
  if (production && environment === 'sandbox' && env.ALLOW_TEST_PAYMENTS !== 'true') {
    throw new ConfigError('GOCARDLESS_ACCESS_TOKEN is a sandbox token, which takes no real money: refused when NODE_ENV=production unless ALLOW_TEST_PAYMENTS=true (a demo)');
  }
  const apiUrl = (env.GOCARDLESS_API_URL ?? '').trim() || null;
  if (apiUrl && production) throw new ConfigError('GOCARDLESS_API_URL is for tests against a local fake: refused when NODE_ENV=production');
  if (apiUrl && !/^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(apiUrl)) throw new ConfigError(`GOCARDLESS_API_URL must be a local http://127.0.0.1:PORT: ${apiUrl}`);
  return { accessToken, webhookSecret, environment, apiUrl };
}

function missing(name: string): never {
  throw new ConfigError(`${name} must be set when NODE_ENV=production`);
}

function parsePort(value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT is not a port: ${value}`);
  return port;
}

function parseCount(env: Env, name: string, fallback: number, min: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < min) throw new ConfigError(`${name} must be a whole number of at least ${min}: ${value}`);
  return count;
}

function parseHeapGrowingPercent(env: Env): number {
  const percent = parseCount(env, 'HEAP_GROWING_PERCENT', 100, 0);
  // V8's own rule grows a heap by at most 300 % (a factor of 4); more only delays a collection into an out-of-memory.
  if (percent > 400) throw new ConfigError(`HEAP_GROWING_PERCENT must be at most 400: ${percent}`);
  return percent;
}

/** 90% of what V8 may hold (set with --max-old-space-size), so the 503s start before an out-of-memory crash. */
export function defaultMemoryLimitMb(): number {
  return Math.floor((getHeapStatistics().heap_size_limit / 1024 / 1024) * 0.9);
}

function parseTimeSpan(value: string): string {
  if (!/^\d+\s*(s|m|h|d)$/.test(value)) throw new ConfigError(`TOKEN_TTL must look like 30m, 12h or 7d: ${value}`);
  return value.replace(/\s+/g, '');
}

/** Development keeps one random secret in DATA_DIR so tokens survive a restart; never in the repo. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
