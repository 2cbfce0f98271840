/**
 * PgBouncer (Debian's package) between the instances and PostgreSQL on loopback: the cluster test
 * and the failover run (scripts/failover.ts). Its configuration is the shipped deploy/pgbouncer.ini
 * itself (docs/deployment.md), with this run's ports, database, files and trust put in place of
 * the examples. As root it runs as the postgres user (PgBouncer refuses to run as root).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eventually } from './mail-wait';
import { freePort, ROOT } from './server-process';

export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((candidate) => existsSync(candidate)) ?? null;

export interface Target {
  host: string;
  port: number;
  database: string;
}

/** deploy/pgbouncer.ini pointing at `target`, listening on `port`, its files in `dir`, trust for the local user. */
export function shippedPgbouncer(target: Target, port: number, dir: string): string {
  const ini = readFileSync(path.join(ROOT, 'deploy/pgbouncer.ini'), 'utf8');
  const expected = [/^sparkle = host=10\.0\.0\.11 port=5432 dbname=sparkle /m, /^sparkle_session = host=10\.0\.0\.11 port=5432 dbname=sparkle /m, /^listen_port = 6432$/m, /^auth_type = .*$/m, /^auth_file = .*$/m, /^logfile = .*$/m, /^pidfile = .*$/m];
  if (!expected.every((line) => line.test(ini))) throw new Error('deploy/pgbouncer.ini no longer has the example databases sparkle and sparkle_session on 10.0.0.11:5432, listen_port 6432, auth_type, auth_file, logfile and pidfile');
  return retargeted(ini, target)
    .replace(/^listen_port = 6432$/m, `listen_port = ${port}`)
    .replace(/^auth_type = .*$/m, 'auth_type = trust')
    .replace(/^auth_file = .*$/m, `auth_file = ${dir}/userlist.txt`)
    .replace(/^logfile = .*$/m, `logfile = ${dir}/pgbouncer.log`)
    .replace(/^pidfile = .*$/m, `pidfile = ${dir}/pgbouncer.pid`)
    // No Unix socket: only the loopback port of this run.
    .replace(/^\[pgbouncer\]$/m, '[pgbouncer]\nunix_socket_dir =');
}

/** The [databases] lines pointing at another server (what deploy/promote-standby.sh does after a promotion). */
export function retargeted(ini: string, target: Target): string {
  return ini.replace(/^(sparkle(?:_session)? = )host=\S+ port=\d+ dbname=\S+ /gm, `$1host=${target.host} port=${target.port} dbname=${target.database} `);
}

export interface RunningPgbouncer {
  /** DATABASE_URL of the instances: the transaction pool. */
  url: string;
  /** DATABASE_SESSION_URL of the instances: the session pool (LISTEN). */
  sessionUrl: string;
  port: number;
  ini: string;
  child: ChildProcess;
  /** Points both pools at another server and reloads (SIGHUP), as deploy/promote-standby.sh does. */
  retarget(target: Target): void;
  stop(): Promise<void>;
}

export async function startPgbouncer(target: Target): Promise<RunningPgbouncer> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
  const asRoot = process.getuid?.() === 0;
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(ini, shippedPgbouncer(target, port, dir));
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())) as [number, number];
    for (const file of [dir, ini, path.join(dir, 'userlist.txt')]) chownSync(file, uid, gid);
  }
  // Its output goes to its logfile too: a pipe nobody reads would fill and stop it.
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), ini], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://postgres@127.0.0.1:${port}/sparkle`;
  await eventually('pgbouncer answers', async () => {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return (await client.query('SELECT 1 AS one')).rows[0].one as number;
    } catch {
      return 0;
    } finally {
      await client.end().catch(() => {});
    }
  }, (one) => one === 1, 20_000);
  return {
    url,
    sessionUrl: `postgres://postgres@127.0.0.1:${port}/sparkle_session`,
    port,
    ini,
    child,
    retarget(next) {
      writeFileSync(ini, retargeted(readFileSync(ini, 'utf8'), next));
      child.kill('SIGHUP');
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      // SIGINT waits for its clients to go (they have: the instances are stopped first); bounded anyway.
      const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(late);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
