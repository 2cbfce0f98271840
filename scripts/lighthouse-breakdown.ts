/**
 * `node --import tsx scripts/lighthouse-breakdown.ts [/route ...]`: Lighthouse mobile (as the bench)
 * on the built site, with where the main thread's time goes at start-up: the scripts' evaluation
 * (bootup-time) and the long tasks. For finding what made start-up heavier; prints the load average
 * beside the figures, since on a busy machine the simulated TBT grows with it.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './bench/server';

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/home', '/login', '/service/1', '/properties/1'];
const runs = Number(process.env.RUNS ?? 1);
const dir = mkdtempSync(path.join(tmpdir(), 'lh-breakdown-'));
const server = await startServer({ dataDir: path.join(dir, 'data'), logFile: path.join(dir, 'server.log') });
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  for (const route of routes) {
    for (let run = 0; run < runs; run++) {
      const load = loadavg()[0]!.toFixed(1);
      const result = await lighthouse(`${server.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const audits = result!.lhr.audits;
      const n = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
      console.log(`${route} load ${load}: LCP ${n('largest-contentful-paint')} ms, TBT ${n('total-blocking-time')} ms, FCP ${n('first-contentful-paint')} ms`);
      const boot = (audits['bootup-time']?.details as { items?: { url: string; scripting: number; scriptParseCompile: number }[] })?.items ?? [];
      for (const item of boot.slice(0, 5)) console.log(`   script ${item.url.replace(server.url, '')}: eval ${Math.round(item.scripting)} ms, parse ${Math.round(item.scriptParseCompile)} ms`);
      const tasks = (audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] })?.items ?? [];
      for (const task of tasks.slice(0, 6)) console.log(`   long task ${Math.round(task.startTime)} ms +${Math.round(task.duration)} ms ${task.url.replace(server.url, '')}`);
      // What the LCP is and what it waited for: its element, its phases, and the requests before it.
      const lcpDetails = audits['largest-contentful-paint-element']?.details as { items?: { items?: Record<string, unknown>[] }[] } | undefined;
      const [element, phases] = lcpDetails?.items ?? [];
      const node = element?.items?.[0]?.node as { snippet?: string; nodeLabel?: string } | undefined;
      console.log(`   LCP element: ${node?.snippet ?? '?'} "${node?.nodeLabel ?? ''}"`);
      for (const phase of phases?.items ?? []) console.log(`   LCP ${String(phase.phase)}: ${Math.round(Number(phase.timing))} ms`);
      const requests = (audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number; networkRequestTime?: number; networkEndTime?: number; priority?: string }[] })?.items ?? [];
      for (const request of requests) console.log(`   request ${request.resourceType} ${request.url.replace(server.url, '').slice(0, 70)} ${((request.transferSize ?? 0) / 1024).toFixed(1)} KB ${Math.round(request.networkRequestTime ?? 0)}–${Math.round(request.networkEndTime ?? 0)} ms ${request.priority ?? ''}`);
      const blocking = (audits['render-blocking-resources']?.details as { items?: { url: string }[] })?.items ?? [];
      if (blocking.length) console.log(`   render-blocking: ${blocking.map((b) => b.url.replace(server.url, '')).join(', ')}`);
      // Lantern's pessimistic estimate counts every request that started before the observed (unthrottled) paint.
      const observed = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
      console.log(`   observed (unthrottled): FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, load ${observed.observedLoad} ms`);
      if (process.env.LHR_DIR) writeFileSync(path.join(process.env.LHR_DIR, `${route.replace(/\W+/g, '_')}-${run}.json`), JSON.stringify(result!.lhr));
      console.log(`   lcp-lazy-loaded: ${audits['lcp-lazy-loaded']?.score ?? 'n/a'}, font-display: ${audits['font-display']?.score ?? 'n/a'}, FCP→LCP ${n('largest-contentful-paint') - n('first-contentful-paint')} ms`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
