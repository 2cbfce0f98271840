/**
 * `npm run bench:api`: the API under load, on loopback. Boots the real server (`server/server.ts`,
 * PGlite in a fresh folder, or the PostgreSQL server of DATABASE_URL) and a bare node:http server
 * answering the same JSON (the ceiling), then runs autocannon against both: the public reads
 * (GET /api/home/services) and the booking writes (POST /api/services/order/new, signed in) at 50
 * and 200 connections, BENCH_SECONDS (default 8) each, run as two halves in mirrored order. Two ceilings answer the same JSON from
 * memory (scripts/bench-ceiling-server.ts): bare node:http, and bare Fastify 5, the one issue 6
 * holds the API to (goal 4: public reads at 0.8 of it or better). Each row says its share of the
 * Fastify ceiling's requests per second and the answering process's resident memory after the run.
 * Prints a table, writes bench/api-results.json. A benchmark, not a test: it never fails on a figure.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { createApi, firstCatalogue, newCustomer, newOrderBody } from '../tests/api/support/api-actors';
import { NGINX, startNginx } from '../tests/api/support/nginx';
import { freePort, ROOT, startServerProcess, type ServerProcess } from '../tests/api/support/server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = [50, 200];

interface Row {
  scenario: string;
  target: string;
  connections: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
  non2xx: number;
  requests: number;
  /** req/s ÷ the Fastify ceiling's req/s in the same scenario and connections. */
  'of Fastify': number;
  /** Resident memory of the answering process right after the run. */
  'rss MB': number | null;
}

interface Scenario { name: string; method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string }

async function load(url: string, scenario: Scenario, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...scenario.headers },
    ...(scenario.body ? { body: scenario.body } : {}),
  });
}

/** One row from the two halves: their requests per second together; p50 weighted by requests; the worse p99. */
function toRow(scenario: string, target: string, connections: number, halves: autocannon.Result[], rssBytes: number | null): Row {
  const sum = (of: (result: autocannon.Result) => number) => halves.reduce((total, result) => total + of(result), 0);
  const requests = sum((result) => result.requests.total);
  return {
    scenario,
    target,
    connections,
    'req/s': Math.round(requests / sum((result) => result.duration)),
    'p50 ms': Math.round(sum((result) => result.latency.p50 * result.requests.total) / Math.max(requests, 1)),
    'p99 ms': Math.max(...halves.map((result) => result.latency.p99)),
    errors: sum((result) => result.errors + result.timeouts),
    non2xx: sum((result) => result.non2xx),
    requests,
    'of Fastify': 0,
    'rss MB': rssBytes === null ? null : Math.round(rssBytes / 2 ** 20),
  };
}

/** VmRSS of a process (Linux); null where /proc is not there. */
function rssOf(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

const FASTIFY_CEILING = 'Fastify ceiling';

async function startCeiling(bodies: Record<string, unknown>, framework: 'node' | 'fastify'): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench-ceiling-server.ts')], {
    env: { ...process.env, PORT: String(port), BODIES: JSON.stringify(bodies), FRAMEWORK: framework },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, child };
}

function printTable(rows: Row[]): void {
  const keys = Object.keys(rows[0]!) as (keyof Row)[];
  const widths = keys.map((key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i]!)).join('  ');
  console.log(`\n${line(keys)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) console.log(line(keys.map((key) => String(row[key]))));
}

/** One run of SECONDS at 50 connections as a row; its share of the Fastify ceiling's row of the same scenario. */
async function single(url: string, scenario: Scenario, target: string, pid: number | undefined, connections: number, ceilingRows: Row[]): Promise<Row> {
  const row = toRow(scenario.name, target, connections, [await load(url, scenario, connections, SECONDS)], rssOf(pid ?? 0));
  const ceiling = ceilingRows.find((r) => r.scenario === scenario.name && r.target === FASTIFY_CEILING && r.connections === 50)?.['req/s'] ?? 0;
  row['of Fastify'] = ceiling > 0 ? Math.round((row['req/s'] / ceiling) * 100) / 100 : 0;
  console.log(`  ${scenario.name}, ${connections} connections, ${target}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms`);
  return row;
}

/**
 * Issue 13, goal 6: the public read with every request logged (LOG_LEVEL=info, the default the
 * other rows turn down to warn); reads and booking writes at the same moment (45 + 5 connections);
 * and on PostgreSQL two instances behind nginx beside one instance behind the same nginx.
 */
async function variants(server: ServerProcess, database: string, scenarios: Scenario[], ceilingRows: Row[]): Promise<Row[]> {
  const [read, write] = scenarios as [Scenario, Scenario];
  const rows: Row[] = [];
  const infoDir = mkdtempSync(path.join(tmpdir(), 'bench-api-info-'));
  const logged = await startServerProcess({ dataDir: infoDir, databaseUrl: process.env.DATABASE_URL ?? null, env: { LOG_LEVEL: 'info' } });
  try {
    rows.push(await single(logged.baseUrl, read, `API (${database}), LOG_LEVEL=info`, logged.child.pid, 50, ceilingRows));
  } finally {
    await logged.kill('SIGTERM');
    rmSync(infoDir, { recursive: true, force: true });
  }

  const [reads, writes] = await Promise.all([load(server.baseUrl, read, 45, SECONDS), load(server.baseUrl, write, 5, SECONDS)]);
  rows.push(toRow(`mixed: ${read.name} beside booking writes`, `API (${database})`, 45, [reads], rssOf(server.child.pid ?? 0)));
  rows.push(toRow(`mixed: ${write.name} beside public reads`, `API (${database})`, 5, [writes], rssOf(server.child.pid ?? 0)));
  console.log(`  mixed: ${rows.at(-2)!['req/s']} reads/s and ${rows.at(-1)!['req/s']} writes/s at once`);

  if (!process.env.DATABASE_URL || !NGINX) {
    console.log(`  (two instances behind nginx: needs PostgreSQL and nginx; ${!NGINX ? 'nginx is not installed' : 'DATABASE_URL is not set'})`);
    return rows;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'bench-api-cluster-'));
  const second = await startServerProcess({ dataDir: path.join(work, 'b'), databaseUrl: process.env.DATABASE_URL, env: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' } });
  try {
    for (const upstreams of [[server.port], [server.port, second.port]]) {
      const proxy = await startNginx(path.join(work, `nginx-${upstreams.length}`), upstreams);
      try {
        for (const scenario of [read, write]) rows.push(await single(proxy.url, scenario, `${upstreams.length} instance${upstreams.length > 1 ? 's' : ''} behind nginx (${database})`, server.child.pid, 50, ceilingRows));
      } finally {
        proxy.stop();
      }
    }
  } finally {
    await second.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`API load on ${database}, ${SECONDS} s per run, ${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  const server = await startServerProcess({ dataDir, databaseUrl: process.env.DATABASE_URL ?? null, env: { LOG_LEVEL: 'warn' } });
  const api = createApi(server.baseUrl, undefined, path.join(dataDir, 'outbox'));
  const customer = await newCustomer(api, 'Bench');
  const catalogue = await firstCatalogue(api, customer.token);
  const order = newOrderBody(catalogue, 1);
  const sample = await api.call('POST', '/services/order/new', { token: customer.token, body: order });
  const services = await api.call('GET', '/home/services');
  const scenarios: Scenario[] = [
    { name: 'public read GET /api/home/services', method: 'GET', path: '/api/home/services' },
    { name: 'booking write POST /api/services/order/new', method: 'POST', path: '/api/services/order/new', headers: { authorization: `Bearer ${customer.token}` }, body: JSON.stringify(order) },
  ];
  const bodies = { '/api/home/services': services.body, '/api/services/order/new': sample.body };
  const nodeCeiling = await startCeiling(bodies, 'node');
  const fastifyCeiling = await startCeiling(bodies, 'fastify');
  const targets = [
    { name: `API (${database})`, url: server.baseUrl, pid: server.child.pid },
    { name: FASTIFY_CEILING, url: fastifyCeiling.url, pid: fastifyCeiling.child.pid },
    { name: 'node:http ceiling', url: nodeCeiling.url, pid: nodeCeiling.child.pid },
  ];
  const rows: Row[] = [];
  try {
    for (const scenario of scenarios) {
      for (const connections of CONNECTIONS) {
        // Two halves in mirrored order (API, Fastify, node, then node, Fastify, API), so a change in the
        // machine's other load during the group weighs on every target alike and the ratios hold.
        const halves = new Map<string, autocannon.Result[]>(targets.map((target) => [target.name, []]));
        for (const order of [targets, [...targets].reverse()]) {
          for (const target of order) halves.get(target.name)!.push(await load(target.url, scenario, connections, SECONDS / 2));
        }
        const group = targets.map((target) => toRow(scenario.name, target.name, connections, halves.get(target.name)!, rssOf(target.pid)));
        for (const row of group) console.log(`  ${scenario.name}, ${connections} connections, ${row.target}: ${row['req/s']} req/s`);
        const ceiling = group.find((row) => row.target === FASTIFY_CEILING)!['req/s'];
        for (const row of group) row['of Fastify'] = ceiling > 0 ? Math.round((row['req/s'] / ceiling) * 100) / 100 : 0;
        rows.push(...group);
      }
    }
    rows.push(...(await variants(server, database, scenarios, rows)));
  } finally {
    nodeCeiling.child.kill('SIGTERM');
    fastifyCeiling.child.kill('SIGTERM');
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(rows);
  const serverRssMb = rows.filter((row) => row.target.startsWith('API')).at(-1)?.['rss MB'] ?? null;
  console.log(`\nServer RSS on ${database} after the runs: ${serverRssMb ?? 'unknown'} MB`);
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  const file = path.resolve(ROOT, process.env.BENCH_API_OUT ?? 'bench/api-results.json');
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version };
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), database, secondsPerRun: SECONDS, machine, loadAverage: loadavg(), serverRssMb, rows }, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(ROOT, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
