/**
 * A public read while others work the server hard (issue 12 row 3, issue 13 goal 3): a visitor's
 * GET /api/home/services timed alone (the baseline), then while 5 administrators browse the back
 * office, then while one customer with 200,000 orders asks My orders for any page from 4 tabs at
 * once (scripts/bench/browsers.ts, a process of its own). Each run reports the public read's p99
 * beside the baseline's (goal ≤ 2×) and the server's peak RSS sampled every 200 ms (goal ≤ 400 MB).
 *
 * The public read is sent at a steady 200 a second, each on schedule whether or not the one before
 * has answered, and timed from when it was due (no coordinated omission): a visitor's wait, not how
 * many reads the machine can push through. Saturating the read as well (autocannon) would measure
 * how 2 cores are shared between the load tools, the server and PostgreSQL, not the server.
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowsersJob, BrowsersTally } from './browsers';
import { rssOf } from './server';

export interface PressureFigure {
  /** What ran beside the public read. */
  load: string;
  publicP50Ms: number;
  publicP99Ms: number;
  publicReqPerSec: number;
  /** Background requests answered (and how many were not 2xx). */
  background: number;
  /** Background answers refused by a limit (4xx: a page too deep, too many reads at once). */
  backgroundRefused?: number;
  backgroundFailed: number;
  peakRssBytes: number;
}

const SECONDS = Number(process.env.BENCH_PRESSURE_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_PRESSURE_RATE ?? 200);
const ROUNDS = Number(process.env.BENCH_PRESSURE_ROUNDS ?? 3);
const BROWSERS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'browsers.ts');

/** GETs `url` at `RATE` a second for `seconds`; each latency from the moment it was due. */
async function probe(url: string, seconds = SECONDS): Promise<{ p50: number; p99: number; perSecond: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  const start = performance.now();
  const count = seconds * RATE;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      new Promise<void>((resolve) => {
        const req = request(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200 || res.statusCode === 304) latencies.push(performance.now() - due);
            resolve();
          });
        });
        req.on('error', () => resolve());
        req.end();
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0) * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), perSecond: Math.round(latencies.length / ((performance.now() - start) / 1000)) };
}

/** Starts the browsers and answers once their loops run, with a promise of their tally. */
function startBrowsers(job: BrowsersJob): Promise<{ finished: Promise<BrowsersTally> }> {
  return new Promise((resolve, reject) => {
    const child = fork(BROWSERS, [JSON.stringify(job)], { execArgv: ['--import', 'tsx'] });
    let tally: BrowsersTally | null = null;
    const finished = new Promise<BrowsersTally>((done, failed) => {
      child.on('exit', (code) => (tally ? done(tally) : failed(new Error(`the browsers exited (${code}) without a tally`))));
    });
    child.on('message', (message) => {
      if (message === 'started') resolve({ finished });
      else tally = message as BrowsersTally;
    });
    child.on('error', reject);
  });
}

async function run(load: string, baseUrl: string, pid: number, job: Omit<BrowsersJob, 'baseUrl' | 'seconds'> | null): Promise<PressureFigure> {
  let peak = rssOf(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 200);
  try {
    // The browsers run a second longer than the probe, so every public read has them beside it.
    const browsers = job ? await startBrowsers({ ...job, baseUrl, seconds: SECONDS + 1 }) : null;
    const read = await probe(`${baseUrl}/api/home/services`);
    const tally = browsers ? await browsers.finished : { done: 0, refused: 0, failed: 0 };
    return { load, publicP50Ms: read.p50, publicP99Ms: read.p99, publicReqPerSec: read.perSecond, background: tally.done, backgroundRefused: tally.refused, backgroundFailed: tally.failed, peakRssBytes: peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Baseline, 5 admins browsing, one customer with many orders from 4 tabs: ROUNDS rounds of the three
 * in turn (a shared machine's speed drifts: each load meets the same drift), and for each load the
 * round with the median p99.
 */
export async function measurePressure(
  baseUrl: string,
  pid: number,
  admins: { token: string }[],
  customer: { token: string } | null,
): Promise<PressureFigure[]> {
  // Unmeasured: the server's first reads compile its code (JIT), which the baseline must not hold.
  await probe(`${baseUrl}/api/home/services`, 3);
  const loads: (readonly [string, Omit<BrowsersJob, 'baseUrl' | 'seconds'> | null])[] = [
    ['alone', null],
    [`while ${admins.length} administrators browse`, { tokens: admins.map((admin) => admin.token), kind: 'admins', loops: admins.length }],
    ...(customer ? [['while a customer with 200,000 orders asks My orders for any page in 4 tabs', { tokens: [customer.token], kind: 'customer', loops: Number(process.env.BENCH_CUSTOMER_TABS ?? 4) }] as const] : []),
  ];
  const runs: PressureFigure[][] = loads.map(() => []);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [index, [load, job]] of loads.entries()) {
      const f = await run(load, baseUrl, pid, job);
      runs[index]!.push(f);
      console.log(`  round ${round}: public read p99 ${f.publicP99Ms} ms (p50 ${f.publicP50Ms} ms, ${f.publicReqPerSec} req/s) ${f.load}; ${f.background} background answers (${f.backgroundRefused} refused, ${f.backgroundFailed} failed), peak RSS ${Math.round(f.peakRssBytes / 2 ** 20)} MB`);
    }
  }
  return runs.map((figures) => {
    const median = [...figures].sort((a, b) => a.publicP99Ms - b.publicP99Ms)[Math.floor(figures.length / 2)]!;
    return { ...median, peakRssBytes: Math.max(...figures.map((f) => f.peakRssBytes)) };
  });
}
