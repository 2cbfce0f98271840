/**
 * `BENCH_DATABASE_URL=… node --import tsx scripts/bench/same-time.ts`: a rush on one start time
 * (decision 132). Every one of the 250 teams is booked at 09:00 on one of the next days, by 10
 * connections at once (a closed loop until no team is left), on PostgreSQL. With BENCH_BEFORE_DIR
 * (a worktree of an earlier commit, with its node_modules), that commit's server does the same in
 * turn, each on a database of its own. Prints how long the rush took, its checkouts' p50 and p99
 * and their answers, and the load average. A benchmark, not a test.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

process.env.BENCH_CHECKOUT_DAYS ??= '3';
process.env.BENCH_ONE_START ??= '09:00';
const { CAPACITY_CONNECTIONS, closedLoop, describeRun, loadAverage, prepareCheckoutLoad } = await import('./checkout-load');
const { benchMail } = await import('./bench-mail');
const { ownDatabase } = await import('./own-database');
const { startServer } = await import('./server');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const servers = [...(process.env.BENCH_BEFORE_DIR ? [['before', process.env.BENCH_BEFORE_DIR] as const] : []), ['this commit', process.cwd()] as const];
console.log(`load average at the start: ${loadAverage()}; ${CAPACITY_CONNECTIONS} connections, every team at ${process.env.BENCH_ONE_START} on one day`);
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const [name, cwd] of servers) {
    const database = await ownDatabase(process.env.BENCH_DATABASE_URL);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-bench-same-time-'));
    const mail = await benchMail(dataDir);
    const server = await startServer({ dataDir, databaseUrl: database.url, logFile: path.join(dataDir, 'server.log'), smtpUrl: mail.smtpUrl, cwd });
    try {
      const { checkout, stock } = await prepareCheckoutLoad(server.url, mail, 40);
      await stock(260);
      const started = performance.now();
      const rush = await closedLoop(CAPACITY_CONNECTIONS, 600, checkout);
      console.log(`round ${round} ${name} (load average ${loadAverage()}): ${rush.count} checkouts in ${((performance.now() - started) / 1000).toFixed(2)} s; ${describeRun(rush)}`);
    } finally {
      await server.stop();
      await mail.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
