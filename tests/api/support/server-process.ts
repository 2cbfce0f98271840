import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUITE_RATE_LIMITS_ENV } from './test-config';

/**
 * The real server as a child process (`node --import tsx server/server.ts`), for tests that must
 * kill it (SIGKILL), restart it on the same data, or load it from outside (bench). It listens on
 * loopback on a free port; its output is kept for the failure message.
 */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ADMIN = { email: 'admin@sparkle.test', password: 'admin-password-h5-Tq8v' };

export interface ServerProcessOptions {
  /** PGlite keeps its data here when `databaseUrl` is not given. */
  dataDir: string;
  databaseUrl?: string | null;
  port?: number;
  env?: Record<string, string>;
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed, newest last (bounded). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    SPA_DIR: '',
    JWT_SECRET: 'h5-test-secret-not-for-production-0123456789',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: SUITE_RATE_LIMITS_ENV,
    // No drain before closing on SIGTERM unless a test asks (the rolling restart): tests stop many servers.
    SHUTDOWN_DRAIN: '0',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/server.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    baseUrl,
    port,
    child,
    output: () => output,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  await waitUntilReady(server);
  return server;
}

async function waitUntilReady(server: ServerProcess, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly = false;
  void server.exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error(`The server exited while starting:\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/home/services`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill('SIGKILL');
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${server.output()}`);
}
