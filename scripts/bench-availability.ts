/**
 * `npm run bench:availability`: GET /api/availability's work for 28 days with 10,000 booked jobs
 * (issue 14: p99 ≤ 50 ms). Opens a fresh PGlite (or the PostgreSQL server of DATABASE_URL, into a
 * database of its own), migrates and seeds it, writes 10,000 checked-out jobs spread over the 28
 * days and the teams, then times `availabilityFor` (the endpoint's service: the queries and the
 * rule) BENCH_RUNS times (default 200) and prints p50 and p99. A benchmark, not a test.
 */
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import type { Database } from '../server/db/database';
import { seedDatabase } from '../server/seed';
import { availabilityFor } from '../server/services/availability';
import { londonDate, londonLocalToInstant } from '../domain/time/london-time';
import { testConfig } from '../tests/api/support/test-config';
import { ownDatabase } from './bench/own-database';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const DAYS = 28;

async function open(): Promise<{ db: Database; dispose: () => Promise<void> }> {
  const database = await ownDatabase(process.env.DATABASE_URL);
  if (!database.url) {
    const db = await openPglite();
    return { db, dispose: () => db.close() };
  }
  const db = openPostgres(database.url, { max: 5 });
  return { db, dispose: async () => { await db.close(); await database.drop(); } };
}

const { db, dispose } = await open();
try {
  const now = new Date();
  await migrate(db);
  await seedDatabase(db, testConfig(), now);
  const [user] = await db.query<{ id: number }>(`SELECT id FROM users WHERE NOT ('ROLE_ADMIN' = ANY (roles)) ORDER BY id LIMIT 1`);
  const [service] = await db.query<{ id: number }>('SELECT id FROM services ORDER BY id LIMIT 1');
  const teams = (await db.query<{ id: number }>('SELECT id FROM teams ORDER BY position')).map((team) => team.id);
  const from = londonDate(new Date(now.getTime() + 2 * 86_400_000));
  // Jobs every 5 minutes from 07:00 on each day, round the teams (load, not a valid schedule).
  await db.query(
    `INSERT INTO orders (user_id, service_id, total, payment_method, due_at, address, phone, city, code_postal, client_note,
                         checked_out_at, created_at, duration_minutes, team_id)
     SELECT $1, $2, 5000, 'cash', $3::timestamptz + ((n % $5) * interval '1 day') + ((n / $5) % 150) * interval '5 minutes',
            '1 High Street', '020 7946 0000', 'London', 'SW1A 1AA', '', now(), now(), 60, ($6::int[])[1 + n % cardinality($6::int[])]
       FROM generate_series(0, $4 - 1) AS n`,
    [user!.id, service!.id, londonLocalToInstant(from, '07:00'), JOBS, DAYS, teams],
  );
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await availabilityFor(db, { service: service!.id, from, days: DAYS, duration: 90 }, now);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`availability, ${DAYS} days, ${JOBS} jobs, ${RUNS} runs on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
} finally {
  await dispose();
}
