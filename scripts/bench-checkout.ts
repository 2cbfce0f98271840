/**
 * `npm run bench:checkout`: the checkout's goals of issue 27 (docs/decisions/033), measured from
 * outside on the real server (PGlite, or the PostgreSQL server of DATABASE_URL into a database of
 * its own), all in one run so the machine's load is the same for every figure:
 *
 * 1. Capacity, closed loop at 10 connections: draft writes a second (POST /services/order/new),
 *    then checkouts a second. Goal: checkout ÷ draft ≥ 0.6.
 * 2. Open loop at R = half the checkout capacity, for BENCH_OPEN_SECONDS (30): draft writes, then
 *    checkouts, each sent on its schedule whatever the answers (latency counted from the schedule,
 *    so a stall is not hidden). Goal: checkout p99 ≤ 1.5 × draft p99, and no 5xx.
 * 3. Open loop at 2R: answers are 200, 409 or 503 with Retry-After (never 500), and the server's
 *    memory (sampled every second) grows by at most 100 MB.
 * 4. Information: 50 connections in a closed loop. This measures the queue the connections make
 *    (p50 ≈ 50 ÷ checkouts a second, Little's law), not the checkout.
 *
 * Checkouts come from BENCH_CUSTOMERS (40) customers, as real ones do: a checkout locks its
 * customer's row (user, then orders: docs/decisions/033), so one customer's checkouts queue behind
 * each other by design. Each takes a start time that still has a free team: 10 teams, 6 starts a
 * day, on 300 days from 3 weeks ahead, consecutive checkouts on different days. A benchmark, not a test: it prints its figures and the load average.
 */
import { confirmationToken } from '../tests/api/support/confirmation-link';
import { waitForMail } from '../tests/api/support/mail-wait';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CheckoutRequest, OrderSummary, ServiceItems } from '../openapi/schema';
import { londonDate } from '../domain/time/london-time';
import { ownDatabase } from './bench/own-database';
import { BENCH_ADMIN, signIn, startServer } from './bench/server';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 40);
const CAPACITY_CONNECTIONS = 10;
const QUEUE_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 10);
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 30);
/** Bounded: the overload adds at most this much to the server's memory (PGlite's own is about 550 MB). */
const MEMORY_GROWTH_MB = 100;
// Start times 2 hours apart leave room for a 90–120 minute job; each holds TEAMS teams.
const STARTS = ['07:00', '09:00', '11:00', '13:00', '15:00', '17:00'];
const TEAMS = 10;

interface Answer { status: number; retryAfter: string | null; body: unknown }
interface Draft { id: number; token: string }

async function call(url: string, method: string, route: string, token: string, body?: unknown): Promise<Answer> {
  const answer = await fetch(`${url}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.json().catch(() => null) };
}

const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
const quantile = (sorted: number[], q: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

interface Run { perSecond: number; p50: number; p99: number; statuses: Map<string, number>; count: number }

function summary(times: number[], statuses: Map<string, number>, seconds: number): Run {
  times.sort((a, b) => a - b);
  return { perSecond: times.length / seconds, p50: quantile(times, 0.5), p99: quantile(times, 0.99), statuses, count: times.length };
}

const counted = (statuses: Map<string, number>) => [...statuses.entries()].sort().map(([status, n]) => `${n}×${status}`).join(', ');
const statusOf = (answer: Answer) => (answer.status === 503 ? (answer.retryAfter ? '503+Retry-After' : '503') : String(answer.status));

/** `send` from `connections` at once, each sending its next the moment the last is answered, for `seconds`. */
async function closedLoop(connections: number, seconds: number, send: () => Promise<Answer> | null): Promise<Run> {
  const times: number[] = [];
  const statuses = new Map<string, number>();
  const started = performance.now();
  const worker = async () => {
    while (performance.now() - started < seconds * 1000) {
      const sent = performance.now();
      const request = send();
      if (!request) return;
      const answer = await request;
      times.push(performance.now() - sent);
      statuses.set(statusOf(answer), (statuses.get(statusOf(answer)) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return summary(times, statuses, (performance.now() - started) / 1000);
}

/** `send` at `rate` a second for `seconds`, on schedule whatever the answers; each time counted from its schedule. */
async function openLoop(rate: number, seconds: number, send: () => Promise<Answer> | null, sample?: () => void): Promise<Run> {
  const times: number[] = [];
  const statuses = new Map<string, number>();
  const total = Math.floor(rate * seconds);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  let sent = 0;
  let lastSample = 0;
  while (sent < total) {
    const now = performance.now() - started;
    for (; sent < total && (sent / rate) * 1000 <= now; sent += 1) {
      const due = started + (sent / rate) * 1000;
      const request = send();
      if (!request) { sent = total; break; }
      pending.push(request.then((answer) => {
        times.push(performance.now() - due);
        statuses.set(statusOf(answer), (statuses.get(statusOf(answer)) ?? 0) + 1);
      }));
    }
    if (sample && now - lastSample >= 1000) { sample(); lastSample = now; }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  sample?.();
  return summary(times, statuses, seconds);
}

const database = await ownDatabase(process.env.DATABASE_URL);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-bench-checkout-'));
const server = await startServer({ dataDir, databaseUrl: database.url, logFile: path.join(dataDir, 'server.log') });
const on = database.url ? 'PostgreSQL' : 'PGlite';
try {
  console.log(`load average at the start: ${load()}`);
  const admin = await signIn(server.url, BENCH_ADMIN);
  const teams = (await call(server.url, 'GET', '/admin/teams', admin.token)).body as unknown[];
  for (let n = teams.length; n < TEAMS; n += 1) {
    const hours = Array.from({ length: 7 }, (_, weekday) => ({ weekday, works: true, opens: '07:00', closes: '20:00' }));
    const created = await call(server.url, 'POST', '/admin/teams', admin.token, { name: `Bench team ${n + 1}`, active: true, hours });
    if (created.status !== 201) throw new Error(`team: ${created.status} ${JSON.stringify(created.body)}`);
  }
  const tokens: string[] = [];
  for (let n = 0; n < CUSTOMERS; n += 1) {
    const email = `bench-checkout-${n}@sparkle.test`;
    const password = 'bench-checkout-password';
    const registered = await call(server.url, 'POST', '/auth/register', '', { name: `Bench Customer ${n}`, email, password });
    if (registered.status >= 300) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
    // Registration mails a link that creates the account and signs in (decision 029).
    const token = confirmationToken(await waitForMail(path.join(dataDir, 'outbox'), email));
    const confirmed = await call(server.url, 'POST', `/auth/confirm-email/${encodeURIComponent(token)}`, '');
    if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    tokens.push((await signIn(server.url, { email, password })).token);
  }
  const item = ((await call(server.url, 'GET', '/services/get-items/1', tokens[0]!)).body as ServiceItems).items[0]!;

  const drafts: Draft[] = [];
  let nextCustomer = 0;
  const draft = (): Promise<Answer> => {
    const token = tokens[nextCustomer++ % tokens.length]!;
    return call(server.url, 'POST', '/services/order/new', token, { service: 1, items: [{ id: item.id, quantity: 1 }] }).then((answer) => {
      if (answer.status < 300) drafts.push({ id: (answer.body as OrderSummary).id, token });
      return answer;
    });
  };
  // Checkout n is on day n % DAYS from 3 weeks ahead (past the demo bookings), then the next team
  // and start time of that day: checkouts sent together are for different days, as real ones
  // mostly are (one day's checkouts queue on its lock: decision 015).
  const firstDay = Date.now() + 21 * 86_400_000;
  const DAYS = 300;
  let slot = 0;
  const checkout = (): Promise<Answer> | null => {
    // Every team of every start time taken: the run stops sending.
    const start = Math.floor(slot / DAYS / TEAMS);
    if (start >= STARTS.length) return null;
    const order = drafts.shift();
    if (!order) return null;
    const n = slot++;
    const body: CheckoutRequest = {
      order: order.id,
      due_date: londonDate(new Date(firstDay + (n % DAYS) * 86_400_000)),
      due_time: STARTS[start]!,
      address: '221B Baker Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
    };
    return call(server.url, 'POST', '/services/order/checkout', order.token, body);
  };
  /** Drafts enough for `count` checkouts more (made at 10 connections, not measured). */
  const stock = async (count: number) => {
    while (drafts.length < count) await Promise.all(Array.from({ length: CAPACITY_CONNECTIONS }, draft));
  };
  const fmt = (run: Run) => `${run.perSecond.toFixed(1)} a second, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms (${counted(run.statuses)})`;

  // Warm both paths (JIT, plans, pools) before anything is measured.
  await stock(200);
  await closedLoop(CAPACITY_CONNECTIONS, 2, checkout);

  const drafting = await closedLoop(CAPACITY_CONNECTIONS, CAPACITY_SECONDS, draft);
  await stock(Math.ceil(drafting.perSecond * CAPACITY_SECONDS));
  const checkingOut = await closedLoop(CAPACITY_CONNECTIONS, CAPACITY_SECONDS, checkout);
  const ratio = checkingOut.perSecond / drafting.perSecond;
  console.log(`capacity at ${CAPACITY_CONNECTIONS} connections on ${on}: drafts ${fmt(drafting)}; checkouts ${fmt(checkingOut)}`);

  const rate = Math.max(1, Math.round(checkingOut.perSecond / 2));
  const openDrafts = await openLoop(rate, OPEN_SECONDS, draft);
  await stock(rate * OPEN_SECONDS + 10);
  const openCheckouts = await openLoop(rate, OPEN_SECONDS, checkout);
  const openFiveXx = [...openCheckouts.statuses.keys(), ...openDrafts.statuses.keys()].filter((status) => status.startsWith('5')).length;
  console.log(`open loop at ${rate} a second for ${OPEN_SECONDS} s on ${on}: drafts ${fmt(openDrafts)}; checkouts ${fmt(openCheckouts)}`);

  await stock(2 * rate * OPEN_SECONDS + 10);
  const rss: number[] = [];
  const overload = await openLoop(2 * rate, OPEN_SECONDS, checkout, () => rss.push(server.rssBytes()));
  const allowed = new Set(['200', '201', '409', '503+Retry-After']);
  const unexpected = [...overload.statuses.keys()].filter((status) => !allowed.has(status));
  const maxRssMb = Math.round(Math.max(...rss) / 1048576);
  const growthMb = maxRssMb - Math.round(rss[0]! / 1048576);
  console.log(`open loop at ${2 * rate} a second for ${OPEN_SECONDS} s on ${on}: checkouts ${fmt(overload)}; server RSS ${Math.round(rss[0]! / 1048576)} → ${Math.round(rss.at(-1)! / 1048576)} MB, at most ${maxRssMb} MB`);

  await stock(QUEUE_CONNECTIONS * 40);
  const queue = await closedLoop(QUEUE_CONNECTIONS, CAPACITY_SECONDS, checkout);
  console.log(`queue measurement (information): ${QUEUE_CONNECTIONS} connections closed loop on ${on}: checkouts ${fmt(queue)}`);

  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const p99Ratio = openCheckouts.p99 / openDrafts.p99;
  // The last line (no leading space) is what `npm run bench` keeps in its notes.
  console.log(
    `checkout on ${on} (load average ${load()}): checkout ÷ draft at ${CAPACITY_CONNECTIONS} connections ${ratio.toFixed(2)} ${mark(ratio >= 0.6)} (goal ≥ 0.6; ${checkingOut.perSecond.toFixed(0)} ÷ ${drafting.perSecond.toFixed(0)} a second); ` +
      `open loop at ${rate}/s: checkout p99 ${openCheckouts.p99.toFixed(0)} ms ÷ draft p99 ${openDrafts.p99.toFixed(0)} ms = ${p99Ratio.toFixed(2)} ${mark(p99Ratio <= 1.5 && openFiveXx === 0)} (goal ≤ 1.5, no 5xx); ` +
      `at ${2 * rate}/s: ${counted(overload.statuses)} ${mark(unexpected.length === 0 && growthMb <= MEMORY_GROWTH_MB)} (goal 200/409/503+Retry-After only, RSS grows ≤ ${MEMORY_GROWTH_MB} MB: +${growthMb} MB, at most ${maxRssMb} MB); ` +
      `queue measurement at ${QUEUE_CONNECTIONS} connections: p50 ${queue.p50.toFixed(0)} ms, p99 ${queue.p99.toFixed(0)} ms, ${queue.perSecond.toFixed(0)} a second`,
  );
} finally {
  await server.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
