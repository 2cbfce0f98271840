/**
 * A throwaway PostgreSQL server on loopback for the bench's PostgreSQL figures (as .ci/run does),
 * or BENCH_DATABASE_URL when given. Never the developer's DATABASE_URL: the bench seeds demo data.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server';

export interface BenchPostgres {
  url: string;
  stop(): void;
}

export async function startPostgres(): Promise<BenchPostgres | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  const bin = postgresBin();
  if (!bin) return null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  const root = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root, run it as the postgres account.
  const asPg = (command: string, args: string[]) =>
    root ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map(quote).join(' ')], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
  if (root) chownSync(dataDir, uidOf('postgres'), -1);
  const port = await freePort();
  const init = asPg(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust']);
  if (init.status !== 0) return fail(`initdb: ${init.stderr}`, dataDir);
  const start = asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-w', '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, 'start']);
  if (start.status !== 0) return fail(`pg_ctl start: ${start.stderr}`, dataDir);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/pg_ctl'))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1)!, 'bin') : null;
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

function quote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

function fail(message: string, dataDir: string): null {
  console.log(`  PostgreSQL could not be started (${message.trim().split('\n')[0]}): its figures are skipped`);
  rmSync(dataDir, { recursive: true, force: true });
  return null;
}
