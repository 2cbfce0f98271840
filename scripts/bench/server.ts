/**
 * Starts the real server (server/server.ts, serving dist/ and /api) on loopback for the bench, with
 * its own data folder and known demo passwords, and stops it by its own process id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { UserInfo } from '../../openapi/schema';

export const BENCH_ADMIN = { email: 'admin@sparkle.test', password: 'bench-admin-password' };
export const BENCH_CUSTOMER = { email: 'customer@sparkle.test', password: 'bench-customer-password' };

export interface RunningServer {
  url: string;
  pid: number;
  /** Resident memory of the server process now, in bytes (from /proc). */
  rssBytes(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Boots the server on a free port and waits until /api answers. `cwd`: the checkout whose server runs (default this one): another commit's worktree, to measure before and after in one run.
 */
export async function startServer(options: { dataDir: string; databaseUrl?: string; logFile: string; cwd?: string; smtpUrl?: string }): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profile`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/server.ts'], {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SMTP_URL: options.smtpUrl ?? '',
      NODE_ENV: 'development',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DEMO_PASSWORD: BENCH_CUSTOMER.password,
      // The load runs create orders far faster than one customer may (services/rate-limits.ts).
      RATE_LIMITS: 'register=100000,contact=100000,orders=100000,openOrders=100000,resetPassword=100000,confirmEmail=100000,quotes=100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  await waitUntilUp(url, child, options.logFile);
  return {
    url,
    pid: child.pid!,
    rssBytes: () => rssOf(child.pid!),
    stop: () => stop(child),
  };
}

async function waitUntilUp(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}); see ${path.resolve(logFile)}`);
    try {
      const response = await fetch(`${url}/api/home/services`);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer within 90 s; see ${readFileSync(logFile, 'utf8').slice(-2000)}`);
}

/** Resident memory of a process in bytes (Linux /proc); 0 once it has exited. */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** SIGTERM lets the server close PGlite cleanly (it flushes to disk); SIGKILL after 20 s. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Signs in through the API and returns the stored-user object the SPA keeps in localStorage. */
export async function signIn(url: string, account: { email: string; password: string }): Promise<UserInfo> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${account.email} failed: ${response.status} ${await response.text()}`);
  return response.json();
}
