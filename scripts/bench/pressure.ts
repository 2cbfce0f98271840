/**
 * A public read while others work the server hard (issue 12 row 3, issue 13 goal 3): autocannon
 * on GET /api/home/services alone (the baseline), then while 5 administrators browse the back
 * office (random pages and sorts of orders, users and refunds, the dashboard), then while one
 * customer with 200,000 orders pages through My orders from 4 tabs at once. Each run reports the
 * public read's p99 beside the baseline's (goal ≤ 2×) and the server's peak RSS sampled every
 * 200 ms (goal ≤ 400 MB with 5 admins). The background requests are bounded (each loop waits for
 * its answer), as real people's browsers are.
 */
import autocannon from 'autocannon';
import { rssOf } from './server';

export interface PressureFigure {
  /** What ran beside the public read. */
  load: string;
  publicP50Ms: number;
  publicP99Ms: number;
  publicReqPerSec: number;
  /** Background requests answered (and how many were not 2xx). */
  background: number;
  backgroundFailed: number;
  peakRssBytes: number;
}

const SECONDS = Number(process.env.BENCH_PRESSURE_SECONDS ?? 8);

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** The calls an administrator's browsing makes: every list at a random page and sort, and the dashboard. */
function adminCall(): string {
  const page = 1 + Math.floor(Math.random() * 2000);
  const order = pick(['asc', 'desc']);
  return pick([
    `/api/admin/orders/?limit=25&page=${page}&sort=${pick(['created', 'id', 'user', 'service', 'total', 'status', 'due'])}&order=${order}`,
    `/api/admin/orders/?limit=25&page=1&sort=${pick(['created', 'user', 'total'])}&order=${order}`,
    `/api/admin/users?limit=25&page=${1 + Math.floor(Math.random() * 500)}&sort=${pick(['id', 'name', 'email', 'created'])}&order=${order}`,
    `/api/admin/refunds/?limit=25&page=1&sort=${pick(['refund_date', 'order_id', 'name', 'status'])}&order=${order}`,
    '/api/admin/counter',
    '/api/admin/stats/weekly',
  ]);
}

/** My orders of the customer with many: the first page most of the time, a deep one sometimes. */
function customerCall(): string {
  const page = Math.random() < 0.7 ? 1 : 1 + Math.floor(Math.random() * 20_000);
  return `/api/services/order/get?limit=10&page=${page}`;
}

async function loop(baseUrl: string, token: string, next: () => string, until: () => boolean, tally: { done: number; failed: number }) {
  while (!until()) {
    try {
      const response = await fetch(`${baseUrl}${next()}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
      await response.arrayBuffer();
      tally.done += 1;
      if (!response.ok) tally.failed += 1;
    } catch {
      tally.failed += 1;
    }
  }
}

async function publicRead(baseUrl: string): Promise<autocannon.Result> {
  return autocannon({ url: `${baseUrl}/api/home/services`, connections: 10, duration: SECONDS });
}

async function run(load: string, baseUrl: string, pid: number, background: { token: string; next: () => string; loops: number } | null): Promise<PressureFigure> {
  let stopped = false;
  let peak = rssOf(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 200);
  const tally = { done: 0, failed: 0 };
  const loops = background ? Array.from({ length: background.loops }, () => loop(baseUrl, background.token, background.next, () => stopped, tally)) : [];
  try {
    const result = await publicRead(baseUrl);
    return {
      load,
      publicP50Ms: result.latency.p50,
      publicP99Ms: result.latency.p99,
      publicReqPerSec: Math.round(result.requests.average),
      background: tally.done,
      backgroundFailed: tally.failed,
      peakRssBytes: peak,
    };
  } finally {
    stopped = true;
    await Promise.all(loops);
    clearInterval(sampler);
  }
}

/** Baseline, 5 admins browsing, one customer with many orders from 4 tabs. */
export async function measurePressure(
  baseUrl: string,
  pid: number,
  admin: { token: string },
  customer: { token: string } | null,
): Promise<PressureFigure[]> {
  const figures: PressureFigure[] = [];
  const say = (f: PressureFigure) =>
    console.log(`  public read p99 ${f.publicP99Ms} ms (p50 ${f.publicP50Ms} ms, ${f.publicReqPerSec} req/s) ${f.load}; ${f.background} background answers (${f.backgroundFailed} failed), peak RSS ${Math.round(f.peakRssBytes / 2 ** 20)} MB`);
  figures.push(await run('alone', baseUrl, pid, null));
  say(figures.at(-1)!);
  figures.push(await run('while 5 administrators browse', baseUrl, pid, { token: admin.token, next: adminCall, loops: 5 }));
  say(figures.at(-1)!);
  if (customer) {
    figures.push(await run('while a customer with 200,000 orders pages My orders in 4 tabs', baseUrl, pid, { token: customer.token, next: customerCall, loops: 4 }));
    say(figures.at(-1)!);
  }
  return figures;
}
