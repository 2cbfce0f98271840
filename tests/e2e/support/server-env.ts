import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_PASSWORD } from './accounts';

/** Where the end-to-end server listens and keeps its data; shared by the config and the fixtures. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eDataDir = path.resolve(`.data/e2e-${e2ePort}`);
export const e2eOutboxDir = path.join(e2eDataDir, 'outbox');

export const e2eServerEnv: Record<string, string> = {
  NODE_ENV: 'test',
  PORT: String(e2ePort),
  HOST: '127.0.0.1',
  DATA_DIR: e2eDataDir,
  OUTBOX_DIR: e2eOutboxDir,
  // E2E_PUBLIC_URL: another address than the browser's (e.g. http://localhost:PORT while the browser
  // opens 127.0.0.1), as when a site is reached at an address PUBLIC_URL does not name.
  PUBLIC_URL: process.env.E2E_PUBLIC_URL ?? e2eBaseUrl,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  // A real PostgreSQL for the API suite must not leak into this server: PGlite in DATA_DIR.
  DATABASE_URL: '',
  // E2E_SPA_DIR: another build than dist/ (two runs of different trees can coexist).
  SPA_DIR: path.resolve(process.env.E2E_SPA_DIR ?? 'dist'),
};
