/**
 * `node --import tsx scripts/bench/checkout-ratio.ts`: issue 27's first checkout goal alone —
 * checkouts ÷ draft writes a second at 10 connections, closed loop — on PGlite and on PostgreSQL,
 * in rounds that alternate drafts and checkouts (BENCH_ROUNDS, 3, of BENCH_ROUND_SECONDS, 5, each)
 * so both sides of every ratio see the same load on a shared machine; the load average is printed
 * with each round. Between phases it waits until the server has written every mail it owes, so a
 * phase does not pay for the last one's mails. The load is scripts/bench/checkout-load.ts, as in
 * `npm run bench:checkout` (which also measures the open loop and the overload).
 *
 * - BENCH_RATIO_ON: `PGlite,PostgreSQL` (default) or one of them.
 * - PostgreSQL: BENCH_DATABASE_URL, else a throwaway server (scripts/bench/postgres.ts); each
 *   server measured gets a database of its own there.
 * - BENCH_BEFORE_DIR: a worktree of an earlier commit (with its node_modules): its server is
 *   measured in the same rounds beside this one's, so before → after comes from one run.
 * - BENCH_CHECKOUT_DAYS=3: every checkout on the next three days (checkout-load.ts).
 * - BENCH_MAIL=outbox: mail written to the outbox (the development mailer) instead of sent through
 *   SMTP to a mail server in its own process, as production sends it (bench-mail.ts).
 * - CPU a request: each round also prints the CPU time (user + system, from /proc/<pid>/stat) the
 *   server's process and, on PostgreSQL, its database's backends spent a draft and a checkout (the
 *   checkout's counted until its mails are written, as its mail is part of it). Unlike requests a
 *   second, this hardly moves with the machine's load (issue 37 row 1: the goal of ≥ 0.6 needs a
 *   checkout to cost at most 1.67 drafts).
 * - BENCH_WAITS=1 (PostgreSQL): samples pg_stat_activity of the server's database every 10 ms
 *   during the checkouts and prints what its connections were doing (a wait profile).
 * A benchmark, not a test.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CAPACITY_CONNECTIONS, CHECKOUT_SPREAD, closedLoop, describeRun, loadAverage, prepareCheckoutLoad, type CheckoutLoad, type Run } from './checkout-load';
import { ownDatabase } from './own-database';
import { startPostgres, type BenchPostgres } from './postgres';
import { benchMail, mailsDelivered, type BenchMail } from './bench-mail';
import { startServer, type RunningServer } from './server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 40);
const ON = (process.env.BENCH_RATIO_ON ?? 'PGlite,PostgreSQL').split(',').map((name) => name.trim());
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR;
const WAITS = process.env.BENCH_WAITS === '1';

interface Target {
  label: string;
  server: RunningServer;
  load: CheckoutLoad;
  dataDir: string;
  mail: BenchMail;
  databaseUrl: string | undefined;
  dropDatabase: () => Promise<void>;
  /** Mails the server owes: those written when the load was ready, and one per checkout since. */
  mailsOwed: number;
  drafts: Run[];
  checkouts: Run[];
  /** CPU seconds spent in each round's phases: [server, database backends]. */
  draftCpu: Array<[number, number]>;
  checkoutCpu: Array<[number, number]>;
}

const CLOCK_TICKS = 100;
/** User + system CPU seconds of process `pid` so far (0 once it has gone). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of the server and of each backend of its database (PostgreSQL on this machine). */
async function cpuNow(target: Target): Promise<{ server: number; backends: Map<number, number> }> {
  const backends = new Map<number, number>();
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      for (const { pid } of rows) backends.set(pid, cpuSecondsOf(pid));
    } finally {
      await client.end();
    }
  }
  return { server: cpuSecondsOf(target.server.pid), backends };
}

/** CPU seconds [server, backends] since `before` (a backend that closed meanwhile is not counted). */
async function cpuSince(target: Target, before: Awaited<ReturnType<typeof cpuNow>>): Promise<[number, number]> {
  const after = await cpuNow(target);
  let backends = 0;
  for (const [pid, seconds] of after.backends) backends += seconds - (before.backends.get(pid) ?? 0);
  return [after.server - before.server, backends];
}

const perRequestMs = (cpu: Array<[number, number]>, runs: Run[]) => {
  const count = runs.reduce((total, run) => total + run.count, 0);
  const server = cpu.reduce((total, [seconds]) => total + seconds, 0);
  const database = cpu.reduce((total, [, seconds]) => total + seconds, 0);
  return { server: (1000 * server) / count, database: (1000 * database) / count, total: (1000 * (server + database)) / count };
};
const describeCpu = (ms: { server: number; database: number; total: number }) => `${ms.total.toFixed(2)} ms CPU (server ${ms.server.toFixed(2)} + database ${ms.database.toFixed(2)})`;

/** Until the server has delivered every mail it owes (its queue drained). */
const mailsWritten = (target: Target) => mailsDelivered(target.mail, target.mailsOwed, target.label);

/** What the server's connections are doing, sampled every 10 ms until `stop`. */
function sampleWaits(url: string): { stop(): Promise<Map<string, number>> } {
  const counts = new Map<string, number>();
  const client = new pg.Client({ connectionString: url });
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ what: string }>(
        `SELECT state || ' · ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') || ' · ' || regexp_replace(left(query, 70), '\\s+', ' ', 'g') AS what
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'`,
      );
      for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await client.end();
  })();
  return { async stop() { running = false; await done; return counts; } };
}

async function startTarget(label: string, postgres: BenchPostgres | null, cwd: string | undefined): Promise<Target> {
  const database = await ownDatabase(postgres?.url);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-bench-ratio-'));
  const mail = await benchMail(dataDir);
  const server = await startServer({ dataDir, databaseUrl: database.url, logFile: path.join(dataDir, 'server.log'), cwd, smtpUrl: mail.smtpUrl });
  const load = await prepareCheckoutLoad(server.url, mail, CUSTOMERS);
  const target: Target = { label, server, load, dataDir, mail, databaseUrl: database.url, dropDatabase: database.drop, mailsOwed: 0, drafts: [], checkouts: [], draftCpu: [], checkoutCpu: [] };
  // Warm both paths (JIT, plans, pools) before anything is measured.
  await load.stock(200);
  const written = await mail.delivered();
  const warm = await closedLoop(CAPACITY_CONNECTIONS, 2, load.checkout);
  target.mailsOwed = written + (warm.statuses.get('200') ?? 0);
  return target;
}

async function measureRound(target: Target, round: number): Promise<void> {
  await mailsWritten(target);
  const beforeDrafts = await cpuNow(target);
  const drafts = await closedLoop(CAPACITY_CONNECTIONS, SECONDS, target.load.draft);
  const draftCpu = await cpuSince(target, beforeDrafts);
  await target.load.stock(Math.ceil(drafts.perSecond * SECONDS * 2));
  await mailsWritten(target);
  const waits = WAITS && target.databaseUrl ? sampleWaits(target.databaseUrl) : null;
  const beforeCheckouts = await cpuNow(target);
  const checkouts = await closedLoop(CAPACITY_CONNECTIONS, SECONDS, target.load.checkout);
  target.mailsOwed += checkouts.statuses.get('200') ?? 0;
  await mailsWritten(target);
  const checkoutCpu = await cpuSince(target, beforeCheckouts);
  target.drafts.push(drafts);
  target.checkouts.push(checkouts);
  target.draftCpu.push(draftCpu);
  target.checkoutCpu.push(checkoutCpu);
  const draftMs = perRequestMs([draftCpu], [drafts]);
  const checkoutMs = perRequestMs([checkoutCpu], [checkouts]);
  console.log(`round ${round} ${target.label} (load average ${loadAverage()}): ratio ${(checkouts.perSecond / drafts.perSecond).toFixed(2)}; drafts ${describeRun(drafts)}; checkouts ${describeRun(checkouts)}`);
  console.log(`  CPU a request: draft ${describeCpu(draftMs)}; checkout ${describeCpu(checkoutMs)}; checkout ÷ draft ${(checkoutMs.total / draftMs.total).toFixed(2)}`);
  if (waits) {
    const counts = [...(await waits.stop()).entries()].sort((a, b) => b[1] - a[1]);
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    for (const [what, n] of counts.slice(0, 12)) console.log(`  ${((100 * n) / total).toFixed(1).padStart(5)}%  ${what}`);
  }
}

const postgres = ON.includes('PostgreSQL') ? await startPostgres() : null;
if (ON.includes('PostgreSQL') && !postgres) throw new Error('no PostgreSQL server could be started');
const targets: Target[] = [];
try {
  console.log(`load average at the start: ${loadAverage()}; ${ROUNDS} rounds of ${SECONDS} s at ${CAPACITY_CONNECTIONS} connections; checkouts ${CHECKOUT_SPREAD}`);
  for (const on of ON) {
    const database = on === 'PostgreSQL' ? postgres : null;
    if (BEFORE_DIR) targets.push(await startTarget(`${on} before`, database, BEFORE_DIR));
    targets.push(await startTarget(BEFORE_DIR ? `${on} after` : on, database, undefined));
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of targets) await measureRound(target, round);
  }
  const sum = (runs: Run[]) => runs.reduce((total, run) => total + run.count, 0);
  for (const target of targets) {
    const ratio = sum(target.checkouts) / sum(target.drafts);
    const draftMs = perRequestMs(target.draftCpu, target.drafts);
    const checkoutMs = perRequestMs(target.checkoutCpu, target.checkouts);
    console.log(`${target.label}: CPU a request: draft ${describeCpu(draftMs)}; checkout ${describeCpu(checkoutMs)}; checkout ÷ draft ${(checkoutMs.total / draftMs.total).toFixed(2)} (goal ≤ 1.67)`);
    console.log(`${target.label}: checkout ÷ draft at ${CAPACITY_CONNECTIONS} connections ${ratio.toFixed(2)} ${ratio >= 0.6 ? '✓' : '✗'} (goal ≥ 0.6; ${sum(target.checkouts)} checkouts ÷ ${sum(target.drafts)} drafts in ${ROUNDS} × ${SECONDS} s each; per round ${target.checkouts.map((run, n) => (run.perSecond / target.drafts[n]!.perSecond).toFixed(2)).join(', ')})`);
  }
  console.log(`load average at the end: ${loadAverage()}`);
} finally {
  for (const target of targets) {
    await target.server.stop();
    await target.mail.stop();
    await target.dropDatabase();
    await rm(target.dataDir, { recursive: true, force: true });
  }
  postgres?.stop();
}
