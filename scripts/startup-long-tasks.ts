/**
 * `node --import tsx scripts/startup-long-tasks.ts [DIST_DIR …]`: the main thread's long tasks
 * (≥ 50 ms, PerformanceObserver 'longtask') from navigation until the app has started and the
 * network is idle, on `/`, `/home`, `/login`, `/service/1` and `/properties/1`, in Chromium with the
 * CPU slowed 4× (CDP), a fresh page each time. With several builds (the default: dist) their runs
 * alternate, so a busy machine weighs on each alike: compare the ratio, not the milliseconds
 * (issue 27 item 4: what made start-up heavier; Lighthouse's simulated TBT moves with the machine's
 * load). `RUNS` (default 3) runs per route and build; the median is printed.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './find-chromium';
import { startServer, type RunningServer } from './bench/server';

const builds = process.argv.slice(2).length ? process.argv.slice(2) : ['dist'];
const routes = (process.env.ROUTES ?? '/,/home,/login,/service/1,/properties/1').split(',');
const runs = Number(process.env.RUNS ?? 3);

interface Figure {
  count: number;
  totalMs: number;
  /** The part of each long task beyond 50 ms, summed (what TBT adds up, here until start-up). */
  blockingMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const servers: RunningServer[] = [];
const browser = await chromium.launch({ executablePath: findChromium() });
try {
  for (const build of builds) {
    const dir = mkdtempSync(path.join(tmpdir(), 'long-tasks-'));
    process.env.SPA_DIR = path.resolve(build);
    servers.push(await startServer({ dataDir: path.join(dir, 'data'), logFile: path.join(dir, 'server.log') }));
  }
  console.log(`load average ${loadavg()[0]!.toFixed(1)} at the start; CPU ×4; ${runs} runs each, median`);
  const figures = new Map<string, Figure[]>();
  for (const route of routes) {
    for (let run = 0; run < runs; run++) {
      for (const [index, server] of servers.entries()) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { __longTasks: number[] };
          w.__longTasks = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
          }).observe({ type: 'longtask', buffered: true });
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${server.url}${route}`, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 });
        await page.waitForLoadState('networkidle');
        const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
        const key = `${route}|${index}`;
        const list = figures.get(key) ?? [];
        list.push({ count: tasks.length, totalMs: tasks.reduce((a, b) => a + b, 0), blockingMs: tasks.reduce((a, b) => a + Math.max(0, b - 50), 0) });
        figures.set(key, list);
        await context.close();
      }
    }
    const cells = servers.map((_, index) => {
      const list = figures.get(`${route}|${index}`)!;
      const f = { count: median(list.map((x) => x.count)), totalMs: median(list.map((x) => x.totalMs)), blockingMs: median(list.map((x) => x.blockingMs)) };
      return `${builds[index]}: ${f.count} long tasks, ${Math.round(f.totalMs)} ms, ${Math.round(f.blockingMs)} ms beyond 50 ms`;
    });
    console.log(`${route.padEnd(14)} ${cells.join(' | ')}`);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
process.exit(0);
