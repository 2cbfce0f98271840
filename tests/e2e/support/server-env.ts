import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_PASSWORD } from './accounts';
import { findFreePortSync } from './free-port';

/**
 * Where the end-to-end server listens and keeps its data; shared by the config and the fixtures.
 * E2E_PORT, or a free port chosen once by the runner (set in the environment, so the workers it
 * starts read the same one): another program on 3000 or 3100 never breaks the suite.
 */
process.env.E2E_PORT ||= String(findFreePortSync());
export const e2ePort = Number(process.env.E2E_PORT);
/** The address the server believes it has (PUBLIC_URL: mails, payment pages)… */
export const e2ePublicUrl = `http://localhost:${e2ePort}`;
/** …and the one people also open it at: the same server by its IP address. */
export const e2eIpUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eBaseUrl = e2eIpUrl;
export const e2eDataDir = path.resolve(`.data/e2e-${e2ePort}`);
export const e2eOutboxDir = path.join(e2eDataDir, 'outbox');

export const e2eServerEnv: Record<string, string> = {
  NODE_ENV: 'test',
  PORT: String(e2ePort),
  HOST: '127.0.0.1',
  DATA_DIR: e2eDataDir,
  OUTBOX_DIR: e2eOutboxDir,
  PUBLIC_URL: e2ePublicUrl,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  // A real PostgreSQL for the API suite must not leak into this server: PGlite in DATA_DIR.
  DATABASE_URL: '',
  // E2E_SPA_DIR: another build than dist/ (two runs of different trees can coexist).
  SPA_DIR: path.resolve(process.env.E2E_SPA_DIR ?? 'dist'),
  // The suites register many customers and orders from 127.0.0.1; the sign-in limits stay as in production.
  RATE_LIMITS: 'register=100000,contact=100000,orders=100000,openOrders=100000,resetPassword=100000,confirmEmail=100000,emailChange=100000,invitations=100000,quotes=100000',
};
