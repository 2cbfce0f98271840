/**
 * `npm run bench:schedule`: the schedule board's week view with BENCH_JOBS booked jobs (default
 * 2,000; docs/decisions/026, budget 12: interactive ≤ 1 s in Chromium). Writes the jobs into a fresh
 * database (PGlite in a new data folder, or a database of its own on the PostgreSQL server of
 * DATABASE_URL) across this week's seven UK days and the teams (a third unassigned), starts the real
 * server on it, and opens `/schedule?view=week` as a signed-in administrator in a new browser
 * context each round: the figure is from the navigation's start to the frame after the board shows
 * its last job card (every card the week view shows: each lane-day up to its limit, the rest behind "Show N more"), median of BENCH_RUNS rounds (default 3).
 * A benchmark, not a test.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import type { Database } from '../server/db/database';
import { seedDatabase } from '../server/seed';
import { londonDate, londonLocalToInstant } from '../domain/time/london-time';
import { TEST_ADMIN, testConfig } from '../tests/api/support/test-config';
import { CARDS_SHOWN, groupJobs } from '../src/features/admin/schedule/schedule-view';
import type { Schedule } from '../openapi/schema';
import { findChromium } from './find-chromium';
import { ownDatabase } from './bench/own-database';
import { signIn, startServer } from './bench/server';

const JOBS = Number(process.env.BENCH_JOBS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** This week's Monday, UK date. */
function mondayOf(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() - ((noon.getUTCDay() + 6) % 7));
  return noon.toISOString().slice(0, 10);
}

async function fill(db: Database, monday: string, now: Date): Promise<number> {
  await migrate(db);
  await seedDatabase(db, testConfig(), now);
  const [user] = await db.query<{ id: number }>(`SELECT id FROM users WHERE NOT ('ROLE_ADMIN' = ANY (roles)) ORDER BY id LIMIT 1`);
  const [service] = await db.query<{ id: number }>('SELECT id FROM services ORDER BY id LIMIT 1');
  const teams = (await db.query<{ id: number }>('SELECT id FROM teams ORDER BY position')).map((team) => team.id);
  // Jobs every few minutes from 07:00 on each of the 7 days; every third one unassigned (a load, not a valid schedule).
  await db.query(
    `INSERT INTO orders (user_id, service_id, total, payment_method, due_at, address, phone, city, code_postal, client_note,
                         checked_out_at, created_at, duration_minutes, team_id)
     SELECT $1, $2, 5000, 'cash', $3::timestamptz + ((n % 7) * interval '1 day') + ((n / 7) % 150) * interval '5 minutes',
            '1 High Street', '020 7946 0000', 'London', 'SW1A 1AA', '', now(), now(), 60,
            CASE WHEN n % 3 = 0 THEN NULL ELSE ($5::int[])[1 + n % cardinality($5::int[])] END
       FROM generate_series(0, $4 - 1) AS n`,
    [user!.id, service!.id, londonLocalToInstant(monday, '07:00'), JOBS, teams],
  );
  const [row] = await db.query<{ jobs: number }>(
    `SELECT count(*)::int AS jobs FROM orders WHERE checked_out_at IS NOT NULL AND due_at >= $1 AND due_at < $2`,
    [londonLocalToInstant(monday, '00:00'), new Date(londonLocalToInstant(monday, '00:00').getTime() + 7 * 86_400_000 + 3_600_000)],
  );
  return row!.jobs;
}

const now = new Date();
const monday = mondayOf(londonDate(now));
const database = await ownDatabase(process.env.DATABASE_URL);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-bench-schedule-'));
const db = database.url ? openPostgres(database.url, { max: 2 }) : await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
const jobsInWeek = await fill(db, monday, now);
await db.close();

const server = await startServer({ dataDir, databaseUrl: database.url, logFile: path.join(dataDir, 'server.log') });
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
});
try {
  const stored = await signIn(server.url, TEST_ADMIN);
  // The cards the week view shows: each lane-day cell up to its limit, the rest behind "Show N more".
  const schedule = (await (await fetch(`${server.url}/api/admin/schedule?from=${monday}&days=7`, { headers: { authorization: `Bearer ${stored.token}` } })).json()) as Schedule;
  const shownCards = [...groupJobs(schedule.jobs).values()].reduce((sum, cell) => sum + Math.min(cell.length, CARDS_SHOWN.week), 0);
  const times: number[] = [];
  let cards = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((user) => localStorage.setItem('userInfo', JSON.stringify(user)), stored);
    const page = await context.newPage();
    await page.goto(`${server.url}/schedule?view=week&day=${monday}`);
    // Every card the week view shows in the DOM, then the frame after it was painted.
    await page.waitForFunction((expected) => document.querySelectorAll('.job-card').length >= expected, shownCards, { timeout: 60_000, polling: 'raf' });
    const ms = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))));
    cards = await page.locator('.job-card').count();
    const api = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/admin/schedule')).map((entry) => `${Math.round(entry.startTime)}→${Math.round((entry as PerformanceResourceTiming).responseEnd)} ms, ${(entry as PerformanceResourceTiming).encodedBodySize} B`));
    console.log(`  round ${run + 1}: all cards after ${Math.round(ms)} ms; schedule call ${api.join(', ')}`);
    times.push(ms);
    await context.close();
  }
  times.sort((a, b) => a - b);
  console.log(`schedule week view, ${jobsInWeek} jobs (${cards} cards shown, ${schedule.jobs.length} in the answer) on ${database.url ? 'PostgreSQL' : 'PGlite'}: all cards shown after ${Math.round(times[Math.floor(times.length / 2)]!)} ms (median of ${RUNS}; each ${times.map(Math.round).join(', ')} ms)`);
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
