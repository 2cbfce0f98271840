/**
 * Runs before the end-to-end server starts (the webServer command): builds the SPA when dist/ is
 * missing or older than the sources, and deletes the server's DATA_DIR so every run starts fresh.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from './server-env';

const sources = ['src', 'machines', 'index.html', 'public', 'vite.config.ts', 'openapi/schema.d.ts', 'package.json', 'scripts/prerender.ts', 'scripts/prerender'];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestChange));
if (changedAt > builtAt) {
  console.log('[e2e] dist/ is missing or older than the sources: npm run build');
  // The project's own build (vite, then whatever steps package.json adds), not a copy of it.
  // NODE_ENV=production: this server's own NODE_ENV=test would give React's development build.
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

rmSync(e2eDataDir, { recursive: true, force: true });
