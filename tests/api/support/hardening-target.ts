import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../../server/db/database';
import { waitForMail } from './mail-wait';
import { createContractValidator, type ContractValidator } from '../../support/contract-validator';
import { createApi, login, type Api, type Session } from './api-actors';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import { ADMIN, startServerProcess, type ServerProcess, type ServerProcessOptions } from './server-process';
import { startTestServer, TEST_ADMIN } from './test-server';

/**
 * A real server on a loopback port for the hardening suites, every answer going through the
 * contract validator. `startHardeningTarget` is the API test harness's in-process app (a seeded
 * database of its own, fast); `startProcessTarget` boots `server/server.ts` as in production in a
 * child process that can be SIGKILLed and restarted on the same data (PGlite in a temporary folder,
 * or a scratch database when DATABASE_URL names a PostgreSQL server).
 */
export interface HardeningTarget {
  api: Api;
  validator: ContractValidator;
  admin: Session;
  /** The path part of the newest reset link mailed to `email` (the token). */
  resetToken(email: string): Promise<string>;
  /** The in-process target's database, for set-up no API call can make (a job today; decision 040). */
  db?: Database;
  stop(): Promise<void>;
}

export interface ProcessTarget extends HardeningTarget {
  server: ServerProcess;
  dataDir: string;
  databaseUrl: string | null;
  /** Stops the server process (SIGTERM, or SIGKILL) and starts a new one on the same data and port. */
  restart(signal?: NodeJS.Signals, env?: Record<string, string>): Promise<void>;
}

function resetTokenFrom(mail: { links: string[] } | null, email: string): string {
  const link = mail?.links.find((candidate) => candidate.includes('/reset-password/'));
  if (!link) throw new Error(`No reset link was mailed to ${email}`);
  return decodeURIComponent(new URL(link).pathname.split('/reset-password/')[1]!);
}

function validatedApi(baseUrl: string, validator: ContractValidator, outboxDir: string): Api {
  return createApi(
    baseUrl,
    (request, answer) => validator.check({ method: request.method, path: request.path, status: answer.status, body: answer.text }),
    outboxDir,
  );
}

export const onPostgres = (): boolean => Boolean(process.env.DATABASE_URL);
export const databaseLabel = (): string => (onPostgres() ? 'PostgreSQL' : 'PGlite');

export async function startHardeningTarget(): Promise<HardeningTarget> {
  const server = await startTestServer();
  const validator = createContractValidator();
  const api = validatedApi(server.baseUrl, validator, server.config.outboxDir);
  return {
    api,
    validator,
    admin: await login(api, TEST_ADMIN.email, TEST_ADMIN.password),
    resetToken: async (email) => resetTokenFrom(await server.latestMail(email), email),
    db: server.db,
    stop: () => server.close(),
  };
}

export async function startProcessTarget(env: Record<string, string> = {}): Promise<ProcessTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'h5-'));
  let scratch: ScratchDatabase | null = null;
  if (process.env.DATABASE_URL) scratch = await createScratchDatabase(process.env.DATABASE_URL);
  const options: ServerProcessOptions = { dataDir, databaseUrl: scratch?.url ?? null, env };
  const validator = createContractValidator();
  let server = await startServerProcess(options);
  const api = validatedApi(server.baseUrl, validator, path.join(dataDir, 'outbox'));
  const target: ProcessTarget = {
    api,
    validator,
    server,
    admin: await login(api, ADMIN.email, ADMIN.password),
    dataDir,
    databaseUrl: scratch?.url ?? null,
    resetToken: async (email) => resetTokenFrom(await waitForMail(path.join(dataDir, 'outbox'), email), email),
    async restart(signal = 'SIGTERM', restartEnv = {}) {
      await server.kill(signal);
      server = await startServerProcess({ ...options, port: server.port, env: { ...env, ...restartEnv } });
      target.server = server;
    },
    async stop() {
      await server.kill('SIGTERM');
      await scratch?.drop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return target;
}
