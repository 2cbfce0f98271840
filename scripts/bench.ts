/**
 * `npm run bench`: the figures of issue 6 beside their goals. Builds the site, starts the real
 * server on loopback with a fresh data folder, then measures: bytes on `/`, Lighthouse on the
 * public routes, the API under load (`npm run bench:api`, when present), the back office with
 * 1,000 and 10,000 orders, and the server's memory on PGlite and PostgreSQL. Prints one table and
 * writes bench/results.json and bench/RESULTS.md. A benchmark: it never fails on a time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { runLighthouse } from './bench/lighthouse';
import { startPostgres } from './bench/postgres';
import { machine, writeResults, type BenchResults } from './bench/report';
import { measurePressure } from './bench/pressure';
import { measureScale, measureSearch, timeApi } from './bench/scale';
import { londonToday, londonWeek } from '../domain/time/london-days';
import { BENCH_ADMIN, BENCH_CUSTOMER, signIn, startServer, type RunningServer } from './bench/server';
import { measureBundle } from './bundle-report';
import { findChromium } from './find-chromium';

const logDir = mkdtempSync(path.join(tmpdir(), 'bench-logs-'));
const siteDir = mkdtempSync(path.join(tmpdir(), 'bench-site-'));
const results: BenchResults = {
  date: new Date().toISOString(),
  loadAverage: loadavg().map((n) => Math.round(n * 10) / 10),
  machine: machine(),
  bundle: null,
  lighthouse: [],
  api: null,
  apiPostgres: null,
  scale: [],
  pressure: [],
  rss: { pgliteBytes: null, postgresBytes: null },
  notes: [],
};

function step(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) results.notes.push(`${name} did not complete (exit ${run.status}).`);
  return run.status === 0;
}

/** BENCH_ONLY=a,b runs only the parts whose names contain one of those words (e.g. `PostgreSQL`). */
const only = process.env.BENCH_ONLY?.split(',').map((word) => word.trim()).filter(Boolean) ?? [];
const wanted = (name: string) => only.length === 0 || only.some((word) => name.includes(word));

// A partial run (BENCH_ONLY) keeps the previous run's other figures, so docs/benchmarks.md's table stays whole.
let previousNotes: string[] = [];
if (only.length && existsSync('bench/results.json')) {
  const previous = JSON.parse(readFileSync('bench/results.json', 'utf8')) as BenchResults;
  Object.assign(results, { ...previous, date: results.date, loadAverage: results.loadAverage, machine: results.machine, notes: [`Partial run (BENCH_ONLY=${only.join(',')}); other figures from ${previous.date}.`] });
  previousNotes = previous.notes.filter((note) => !note.startsWith('Partial run'));
}

/** A measured figure replaces the previous run's figure for the same page and size. */
function addScale(figures: BenchResults['scale']): void {
  results.scale = results.scale.filter((old) => !figures.some((f) => f.path === old.path && f.orders === old.orders)).concat(figures);
}

/** Any failure of one part is written down and the bench goes on with the next part. */
/** The owner's reads that sum every order: the dashboard's totals and chart, the year's report. */
function ownerReads(now: Date): Array<{ label: string; apiPath: string }> {
  const today = londonToday(now).from;
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  return [
    { label: 'the dashboard totals (GET /admin/counter)', apiPath: '/api/admin/counter' },
    { label: 'the dashboard chart (GET /admin/stats/weekly)', apiPath: '/api/admin/stats/weekly' },
    { label: 'a year of the owner\'s report (GET /admin/reports/business)', apiPath: `/api/admin/reports/business?from=${yearAgo}&to=${today}` },
  ];
}

async function part(name: string, fn: () => Promise<void>): Promise<void> {
  if (!wanted(name)) return;
  console.log(`\n▶ ${name}`);
  try {
    await fn();
  } catch (error) {
    console.log(`  ${name} failed: ${(error as Error).message}`);
    results.notes.push(`${name} failed: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The same small mixed load on each database before its memory is read. */
async function warm(server: RunningServer, admin: unknown): Promise<void> {
  const token = (admin as { token: string }).token;
  const reads = ['/api/home/services', '/api/home/counter', '/api/home/testimonies', '/api/home/faqs'];
  for (let i = 0; i < 50; i++) {
    await Promise.all(reads.map((p) => fetch(`${server.url}${p}`).then((r) => r.arrayBuffer())));
    await fetch(`${server.url}/api/admin/orders/`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
  }
}

const seedScale = (dataDir: string, orders: number) =>
  // The same accounts as the server (startServer): the seed must not reset their passwords.
  step(`seed ${orders} orders and 2,000 customers`, process.execPath, ['--import', 'tsx', 'scripts/seed-scale.ts', '--orders', String(orders), '--users', '2000'], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    DEMO_PASSWORD: BENCH_CUSTOMER.password,
  });

async function main(): Promise<void> {
  // The same two steps as `npm run build`, into a folder of the bench's own (dist/ may be in use).
  const built =
    step('build', 'npx', ['vite', 'build', '--outDir', siteDir, '--emptyOutDir', '--logLevel', 'warn'], { NODE_ENV: 'production' }) &&
    step('prerender', process.execPath, ['--import', 'tsx', 'scripts/prerender.ts', '--out-dir', siteDir], { NODE_ENV: 'production' });
  if (!built) throw new Error('The build failed: nothing to measure');
  process.env.SPA_DIR = siteDir;
  const chromiumPath = findChromium();
  process.env.CHROME_PATH ??= chromiumPath;

  await part('bytes on / (client build manifest)', async () => {
    const bundle = await measureBundle();
    results.bundle = { ...bundle, chunks: bundle.landingChunks.map(({ file, gzipBytes }) => ({ file, gzipBytes })) };
  });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  await part('Lighthouse (mobile, simulated throttling, median of 3)', async () => {
    const server = await startServer({ dataDir, logFile: path.join(logDir, 'lighthouse.log') });
    try {
      const services = (await (await fetch(`${server.url}/api/home/services`)).json()) as { id: number }[];
      const first = services[0]?.id ?? 1;
      // The booking page is behind sign-in: a visitor is sent to /login before it paints, so it is
      // measured both ways, and its goal is judged signed in (decision 068).
      const customer = await signIn(server.url, BENCH_CUSTOMER);
      const routes = ['/', '/home', `/service/${first}`, `/properties/${first}`, { route: `/properties/${first}`, session: customer }, '/login', '/faqs'];
      results.lighthouse = await runLighthouse(server.url, routes);
    } finally {
      await server.stop();
    }
  });

  if (wanted('API load')) {
    if (step('API load (npm run bench:api)', 'npm', ['run', 'bench:api', '--silent'], { DATABASE_URL: '', BENCH_API_OUT: 'bench/api-results.json' }) && existsSync('bench/api-results.json')) {
      results.api = JSON.parse(readFileSync('bench/api-results.json', 'utf8'));
    }
  }
  // The same on a PostgreSQL server, with two instances behind nginx (issue 13, goal 6).
  await part('API load on PostgreSQL', async () => {
    const postgres = await startPostgres();
    if (!postgres) throw new Error('no PostgreSQL server could be started');
    try {
      if (step('API load on PostgreSQL (npm run bench:api)', 'npm', ['run', 'bench:api', '--silent'], { DATABASE_URL: postgres.url, BENCH_API_OUT: 'bench/api-results-postgres.json' })) {
        results.apiPostgres = JSON.parse(readFileSync('bench/api-results-postgres.json', 'utf8'));
      }
    } finally {
      postgres.stop();
    }
  });

  for (const orders of [1_000, 10_000]) {
    await part(`back office with ${orders} orders`, async () => {
      if (!seedScale(dataDir, orders)) throw new Error('seeding failed');
      const server = await startServer({ dataDir, logFile: path.join(logDir, `scale-${orders}.log`) });
      try {
        const admin = await signIn(server.url, BENCH_ADMIN);
        addScale(await measureScale(server.url, admin, orders, chromiumPath));
        await warm(server, admin);
        results.rss.pgliteBytes = server.rssBytes();
      } finally {
        await server.stop();
      }
    });
  }

  // PostgreSQL at 100k and 1M orders (issue 13), or 10M with BENCH_SCALE=10m (issue 27): seeded
  // set-based (generate_series), one customer in five orders, the demo customer owning 200,000;
  // first pages from the API and in Chromium.
  const largest = process.env.BENCH_SCALE === '10m' ? 10_000_000 : 1_000_000;
  for (const orders of [100_000, largest]) {
    await part(`back office with ${orders} orders on PostgreSQL`, async () => {
      const postgres = await startPostgres();
      if (!postgres) throw new Error('no PostgreSQL server could be started');
      const pgDataDir = mkdtempSync(path.join(tmpdir(), 'bench-pg-scale-'));
      try {
        const customerOrders = orders >= 1_000_000 ? 200_000 : 0;
        const seeding = performance.now();
        const seeded = step(`seed ${orders} orders and ${orders / 5} customers on PostgreSQL`, process.execPath,
          ['--import', 'tsx', 'scripts/seed-scale.ts', '--orders', String(orders), '--users', String(orders / 5), '--customer-orders', String(customerOrders), '--admins', '5'], {
            DATA_DIR: pgDataDir, DATABASE_URL: postgres.url, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, DEMO_PASSWORD: BENCH_CUSTOMER.password,
          });
        if (!seeded) throw new Error('seeding failed');
        const seedSeconds = (performance.now() - seeding) / 1000;
        if (orders >= 1_000_000) {
          results.notes.push(`Seeding ${orders.toLocaleString('en-GB')} orders and ${(orders / 5).toLocaleString('en-GB')} customers on PostgreSQL (scripts/seed-scale.ts): ${Math.floor(seedSeconds / 60)} min ${Math.round(seedSeconds % 60)} s ${orders < 10_000_000 || seedSeconds <= 600 ? '✓' : '✗'} (goal: 10,000,000 in ≤ 10 min; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}).`);
        }
        const server = await startServer({ dataDir: pgDataDir, databaseUrl: postgres.url, logFile: path.join(logDir, `scale-pg-${orders}.log`) });
        try {
          const admin = await signIn(server.url, BENCH_ADMIN);
          addScale((await measureScale(server.url, admin, orders, chromiumPath)).map((figure) => ({ ...figure, path: `${figure.path} (PostgreSQL)` })));
          if (orders >= 1_000_000) {
            // Issue 15 §4: search and filters of /orders over a million orders.
            const now = new Date();
            for (const figure of await measureSearch(server.url, admin.token, londonToday(now).from, londonWeek(now))) {
              results.notes.push(`/orders search by ${figure.label} over ${orders.toLocaleString('en-GB')} orders (PostgreSQL, ${figure.matches.toLocaleString('en-GB')} matches): first page ${Math.round(figure.apiMs)} ms from the API ${figure.apiMs <= 100 ? '✓' : '✗'} (goal ≤ 100 ms).`);
            }
            // Issue 27: the dashboard and the owner's report over every order (goal ≤ 200 ms).
            for (const { label, apiPath } of ownerReads(now)) {
              const apiMs = await timeApi(`${server.url}${apiPath}`, admin.token);
              console.log(`  ${label}: ${Math.round(apiMs)} ms from the API`);
              results.notes.push(`${label} over ${orders.toLocaleString('en-GB')} orders (PostgreSQL): ${Math.round(apiMs)} ms from the API ${apiMs <= 200 ? '✓' : '✗'} (goal ≤ 200 ms).`);
            }
            const small = results.scale.find((figure) => figure.path === '/orders' && figure.orders === 10_000);
            const large = results.scale.find((figure) => figure.path === '/orders (PostgreSQL)' && figure.orders === orders);
            if (small && large) {
              const ratio = large.interactiveMs / small.interactiveMs;
              results.notes.push(`/orders first data row in Chromium at ${orders.toLocaleString('en-GB')} ÷ at 10,000 orders: ${Math.round(large.interactiveMs)} ÷ ${Math.round(small.interactiveMs)} ms = ${ratio.toFixed(2)} ${ratio <= 1.2 ? '✓' : '✗'} (goal ≤ 1.2; the 10,000-order figure is PGlite's, of this run or the last full one).`);
            }
          }
          if (customerOrders) {
            const customer = await signIn(server.url, BENCH_CUSTOMER);
            const apiMs = await timeApi(`${server.url}/api/services/order/get?limit=10&page=1`, customer.token);
            console.log(`  My orders of a customer with ${customerOrders} orders: first page ${Math.round(apiMs)} ms from the API`);
            results.notes.push(`My orders of a customer with ${customerOrders.toLocaleString('en-GB')} orders (PostgreSQL, ${orders.toLocaleString('en-GB')} in all): first page ${Math.round(apiMs)} ms from the API ${apiMs <= 100 ? '✓' : '✗'} (goal ≤ 100 ms).`);
            // Five administrators, each with their own account (scripts/seed-scale.ts --admins).
            const admins = [admin, ...(await Promise.all([2, 3, 4, 5].map((n) => signIn(server.url, { email: `admin-${n}@sparkle.test`, password: BENCH_ADMIN.password }))))];
            results.pressure = await measurePressure(server.url, server.pid, admins, customer);
            results.pressureOrders = orders;
          }
        } finally {
          await server.stop();
        }
      } finally {
        postgres.stop();
        rmSync(pgDataDir, { recursive: true, force: true });
      }
    });
  }

  await part('server memory on PostgreSQL', async () => {
    const postgres = await startPostgres();
    if (!postgres) throw new Error('no PostgreSQL server could be started');
    const server = await startServer({ dataDir: mkdtempSync(path.join(tmpdir(), 'bench-pg-data-')), databaseUrl: postgres.url, logFile: path.join(logDir, 'postgres.log') }).catch((e) => {
      postgres.stop();
      throw e;
    });
    try {
      await warm(server, await signIn(server.url, BENCH_ADMIN));
      results.rss.postgresBytes = server.rssBytes();
    } finally {
      await server.stop();
      postgres.stop();
    }
  });
  // Booking and the schedule board (issues 14 and 15; budgets 9, 11, 12 of decision 026): each script
  // starts what it needs and prints its figure as its last line, kept in the notes.
  for (const [name, script, goal] of [
    ['availability, 28 days with 10,000 jobs', 'scripts/bench-availability.ts', 'p99 ≤ 50 ms'],
    ['checkout: capacity, open loop and overload', 'scripts/bench-checkout.ts', 'issue 27: checkout ÷ draft ≥ 0.6; open-loop p99 ≤ 1.5 × the draft\'s; no 500 at twice the rate'],
    ['schedule week view with 2,000 jobs', 'scripts/bench-schedule.ts', '≤ 1 s'],
  ] as const) {
    for (const database of ['PGlite', 'PostgreSQL'] as const) {
      await part(`${name} on ${database}`, async () => {
        const postgres = database === 'PostgreSQL' ? await startPostgres() : null;
        if (database === 'PostgreSQL' && !postgres) throw new Error('no PostgreSQL server could be started');
        try {
          const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: postgres?.url ?? '' } });
          const last = run.stdout.trim().split('\n').filter((line) => !line.startsWith(' ')).at(-1) ?? '';
          console.log(run.stdout);
          if (run.status !== 0 || !last) throw new Error(`${script} exited ${run.status}: ${run.stderr.split('\n')[0]}`);
          results.notes.push(`${last} (goal ${goal}).`);
        } finally {
          postgres?.stop();
        }
      });
    }
  }

  rmSync(dataDir, { recursive: true, force: true });
  rmSync(siteDir, { recursive: true, force: true });

  mkdirSync('bench', { recursive: true });
  // A note is about one figure: the words before its first number name it (e.g. "/orders search by a full name over").
  const figureOf = (note: string) => note.split(/\d/)[0]!;
  results.notes = [...results.notes, ...previousNotes.filter((note) => !results.notes.some((fresh) => figureOf(fresh) === figureOf(note)))];
  console.log(`\n${writeResults(results)}\n\nWritten to bench/results.json and bench/RESULTS.md (server logs in ${logDir}).`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
