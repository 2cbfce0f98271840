/**
 * `npm run dev`: the API (tsx watch, API_PORT, default 3001) and Vite with hot reload (PORT, default
 * 3000, proxying /api and /test-payments to the API) together. Ctrl+C, or either one exiting, stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
// Mails and payment pages link to the page the developer has open: Vite's port.
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.log(`\n${name} stopped (${signal ?? code}); stopping the other one.`);
      stop(code ?? 1);
    }
  });
}

function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  // The API closes its embedded database on SIGTERM; give it a moment before forcing.
  const force = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 5000);
  force.unref();
  Promise.all(children.map((child) => (child.exitCode !== null ? null : new Promise((resolve) => child.once('exit', resolve))))).then(() =>
    process.exit(code),
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('API', process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  PORT: apiPort,
  PUBLIC_URL: publicUrl,
  // Vite serves the SPA in development; the API serves only /api.
  SPA_DIR: '',
});
start('Vite', process.execPath, ['node_modules/vite/bin/vite.js', '--port', webPort, '--strictPort'], {
  API_PORT: apiPort,
});
