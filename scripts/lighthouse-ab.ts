/**
 * `node --import tsx scripts/lighthouse-ab.ts DIR_A DIR_B /route ...`: Lighthouse mobile (as the
 * bench) on two builds served side by side (SPA_DIR), runs alternating A, B, A, B…, three each, and
 * the median LCP/FCP and the worst CLS of each. A before/after on a shared machine means little
 * unless both are measured in the same minutes; the load average is printed at the start and end.
 * AB_DATABASE_URLS=urlA,urlB: PostgreSQL databases (one each) instead of PGlite, which starts slowly
 * on a busy machine. Build the second copy with `vite build --outDir DIR && node --import tsx
 * scripts/prerender.ts --out-dir DIR`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from './bench/server';

const [dirA, dirB, ...routes] = process.argv.slice(2);
if (!dirA || !dirB || !routes.length) throw new Error('usage: lighthouse-ab.ts DIR_A DIR_B /route ...');
const databases = process.env.AB_DATABASE_URLS?.split(',') ?? [];
const work = mkdtempSync(path.join(tmpdir(), 'lighthouse-ab-'));
const builds = [dirA, dirB];
const servers: RunningServer[] = [];
const load = () => loadavg().map((l) => l.toFixed(1)).join(' / ');
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
try {
  // One at a time: startServer passes this process's environment on as it spawns.
  for (const [i, dir] of builds.entries()) {
    process.env.SPA_DIR = dir;
    servers.push(await startServer({ dataDir: path.join(work, `data-${i}`), logFile: path.join(work, `server-${i}.log`), ...(databases[i] ? { databaseUrl: databases[i] } : {}) }));
  }
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-gpu'] });
  try {
    console.log(`load average at the start ${load()}`);
    for (const route of routes) {
      const figures = builds.map(() => ({ lcp: [] as number[], fcp: [] as number[], cls: [] as number[] }));
      for (let run = 0; run < 3; run++) {
        for (const [i, server] of servers.entries()) {
          const audits = (await lighthouse(`${server.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))!.lhr.audits;
          figures[i]!.lcp.push(audits['largest-contentful-paint']!.numericValue!);
          figures[i]!.fcp.push(audits['first-contentful-paint']!.numericValue!);
          figures[i]!.cls.push(audits['cumulative-layout-shift']!.numericValue!);
        }
      }
      for (const [i, f] of figures.entries()) {
        console.log(`${route} ${builds[i]}: LCP ${Math.round(median(f.lcp))} ms (${f.lcp.map(Math.round).join(', ')}), FCP ${Math.round(median(f.fcp))} ms, CLS ≤ ${Math.max(...f.cls).toFixed(3)}`);
      }
    }
    console.log(`load average at the end ${load()}`);
  } finally {
    await chrome.kill();
  }
} finally {
  for (const server of servers) await server.stop();
}
