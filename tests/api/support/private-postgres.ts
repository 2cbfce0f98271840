import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, loopback, trust auth), so
 * a test can stop and start it under load without disturbing the shared DATABASE_URL server the
 * other suites use. Needs the PostgreSQL binaries; as root, the server runs as the postgres user.
 */
export interface PrivatePostgres {
  url: string;
  /** Asynchronous, so the test's own requests keep flowing while the server goes down. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): void;
}

const execFileAsync = promisify(execFile);

export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')));
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'h5-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, uid('postgres'), gid('postgres'));
  const port = await freePort();
  const shell = (tool: string, args: string[]): [string, string[]] => {
    const command = [path.join(bin, tool), ...args].map((part) => `'${part}'`).join(' ');
    return asRoot ? ['su', ['postgres', '-s', '/bin/sh', '-c', command]] : ['/bin/sh', ['-c', command]];
  };
  const run = async (tool: string, args: string[]) => {
    await execFileAsync(...shell(tool, args));
  };
  execFileSync(...shell('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--no-sync']), { stdio: 'pipe' });
  const start = () => run('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => run('pg_ctl', ['-D', dir, '-m', mode, '-w', 'stop']),
    start,
    destroy() {
      try {
        execFileSync(...shell('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']), { stdio: 'pipe' });
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function uid(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}

function gid(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}
