import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readLatestMail } from '../../../server/services/outbox';
import { createContractValidator, type ContractValidator } from '../../support/contract-validator';
import { createApi, login, type Api, type Session } from './api-actors';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import { ADMIN, startServerProcess, type ServerProcess, type ServerProcessOptions } from './server-process';

/**
 * The real server, booted as in production (`server/server.ts` in a child process) on its own
 * data: PGlite in a temporary folder, or a scratch database when DATABASE_URL names a PostgreSQL
 * server. Every answer goes through the contract validator.
 */
export interface HardeningTarget {
  api: Api;
  validator: ContractValidator;
  server: ServerProcess;
  admin: Session;
  dataDir: string;
  databaseUrl: string | null;
  /** The path part of the newest reset link mailed to `email` (the token). */
  resetToken(email: string): Promise<string>;
  /** Stops the server process and starts a new one on the same data. */
  restart(signal?: NodeJS.Signals, env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

export const onPostgres = (): boolean => Boolean(process.env.DATABASE_URL);
export const databaseLabel = (): string => (onPostgres() ? 'PostgreSQL' : 'PGlite');

export async function startHardeningTarget(env: Record<string, string> = {}): Promise<HardeningTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'h5-'));
  let scratch: ScratchDatabase | null = null;
  if (process.env.DATABASE_URL) scratch = await createScratchDatabase(process.env.DATABASE_URL);
  const options: ServerProcessOptions = { dataDir, databaseUrl: scratch?.url ?? null, env };
  const validator = createContractValidator();
  let server = await startServerProcess(options);
  const api = createApi(server.baseUrl, (request, answer) =>
    validator.check({ method: request.method, path: request.path, status: answer.status, body: answer.text }),
  );
  const target: HardeningTarget = {
    api,
    validator,
    server,
    admin: await login(api, ADMIN.email, ADMIN.password),
    dataDir,
    databaseUrl: scratch?.url ?? null,
    async resetToken(email) {
      const mail = await readLatestMail(path.join(dataDir, 'outbox'), email);
      const link = mail?.links.find((candidate) => candidate.includes('/reset-password/'));
      if (!link) throw new Error(`No reset link was mailed to ${email}`);
      return decodeURIComponent(new URL(link).pathname.split('/reset-password/')[1]!);
    },
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
