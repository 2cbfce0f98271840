import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';

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
  /** DATA_DIR, default `.data`: PGlite data, outbox, generated secret and demo passwords. */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL server; when unset, PGlite in DATA_DIR/pgdata. */
  databaseUrl: string | null;
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
  /** DB_STATEMENT_TIMEOUT, default 15000 ms (0 = none): the server cancels a longer statement. */
  dbStatementTimeoutMs: number;
  /** PUBLIC_CACHE_MAX, default 500: entries of the public-read cache. */
  publicCacheMaxEntries: number;
  /** PUBLIC_CACHE_TTL, default 10 s: backstop lifetime of a cached public read. */
  publicCacheTtlSeconds: number;
  /** SHUTDOWN_TIMEOUT, default 10000 ms: after SIGTERM, the process exits by then at the latest. */
  shutdownTimeoutMs: number;
  /** MAIL_RETRY_LIMIT, default 10: how often a mail is retried before it is kept as failed. */
  mailRetryLimit: number;
  /** MAIL_RETRY_DELAY, default 30 s: the first retry's delay, doubled at each further one. */
  mailRetryDelaySeconds: number;
  /** MEMORY_LIMIT_MB, default 90% of the V8 heap limit: above it, requests get 503 until it drops. */
  memoryLimitMb: number;
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
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET || (production ? missing('JWT_SECRET') : developmentSecret(dataDir)),
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
    dbStatementTimeoutMs: parseCount(env, 'DB_STATEMENT_TIMEOUT', 15_000, 0),
    publicCacheMaxEntries: parseCount(env, 'PUBLIC_CACHE_MAX', 500, 1),
    publicCacheTtlSeconds: parseCount(env, 'PUBLIC_CACHE_TTL', 10, 1),
    shutdownTimeoutMs: parseCount(env, 'SHUTDOWN_TIMEOUT', 10_000, 1),
    mailRetryLimit: parseCount(env, 'MAIL_RETRY_LIMIT', 10, 0),
    mailRetryDelaySeconds: parseCount(env, 'MAIL_RETRY_DELAY', 30, 1),
    memoryLimitMb: parseCount(env, 'MEMORY_LIMIT_MB', defaultMemoryLimitMb(), 16),
  };
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
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
