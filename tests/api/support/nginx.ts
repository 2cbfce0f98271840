/**
 * nginx (Debian's package) as the reverse proxy in front of several instances on loopback: the
 * cluster test and the bench's "two instances behind the proxy" run. It passes the client's address
 * in X-Forwarded-For (the instances run with TRUST_PROXY) and keeps upstream connections alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually } from './mail-wait';
import { freePort } from './server-process';

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
  upstream sparkle {
    ${upstreams.map((upstream) => `server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join('\n    ')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://sparkle;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
    }
  }
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
