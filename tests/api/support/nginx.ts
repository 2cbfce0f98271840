/**
 * nginx (Debian's package) as the reverse proxy in front of several instances on loopback: the
 * cluster test and the bench's "two instances behind the proxy" run. The site is the shipped
 * deploy/nginx.conf itself (README "Deployment"), its example ports replaced by the test's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually } from './mail-wait';
import { freePort, ROOT } from './server-process';

/** deploy/nginx.conf with this run's listening port and upstream ports in place of 8080, 3001 and 3002. */
export function shippedSite(port: number, upstreams: number[]): string {
  const site = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const servers = /^( *)server 127\.0\.0\.1:300[12]( [^;]*);\n/gm;
  const example = [...site.matchAll(servers)];
  if (example.length !== 2 || !/^ *listen 8080;$/m.test(site)) throw new Error('deploy/nginx.conf no longer has the example upstreams 3001, 3002 and listen 8080');
  const [, indent, options] = example[0]!;
  const ours = upstreams.map((upstream) => `${indent}server 127.0.0.1:${upstream}${options};\n`).join('');
  let first = true;
  return site
    .replace(servers, () => (first ? ((first = false), ours) : ''))
    .replace(/^( *)listen 8080;$/m, `$1listen 127.0.0.1:${port};`);
}

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate)) ?? null;

export interface RunningNginx {
  child: ChildProcess;
  port: number;
  url: string;
  stop(): void;
}

/** Starts nginx with its own prefix folder under `workDir`, proxying to the given local ports. */
export async function startNginx(workDir: string, upstreams: number[]): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  const prefix = path.join(workDir, 'nginx');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const port = await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${prefix}/${name};`).join('\n  ');
  writeFileSync(path.join(prefix, 'nginx.conf'), `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp}
${shippedSite(port, upstreams)}
}
`);
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'logs', 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  await eventually('nginx answers', async () => {
    try {
      return (await fetch(`${url}/api/health`)).status;
    } catch {
      return 0;
    }
  }, (status) => status === 200, 20_000);
  return { child, port, url, stop: () => child.kill('SIGQUIT') };
}
