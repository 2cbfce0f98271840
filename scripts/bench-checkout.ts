/**
 * `npm run bench:checkout`: checkout with its team claim at 50 connections (docs/decisions/026,
 * budget 11: p99 ≤ 50 ms on PGlite and on PostgreSQL). Starts the real server (PGlite, or the
 * PostgreSQL server of DATABASE_URL into a database of its own), creates BENCH_ORDERS orders (default
 * 1,600) through the API, then checks 100 of them out one at a time and the rest from 50 connections at once, each at a
 * start time that still has a free team (3 a day-slot, spread over the weeks after the demo bookings), so every
 * checkout claims a team in its transaction. Prints p50/p99 of the checkouts and how many were
 * answered 201, 409 (the slot was taken) or anything else. A benchmark, not a test.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CheckoutRequest, OrderSummary, ServiceItems } from '../openapi/schema';
import { londonDate } from '../server/services/london-time';
import { ownDatabase } from './bench/own-database';
import { BENCH_CUSTOMER, signIn, startServer } from './bench/server';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_600);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Checkouts sent one at a time before the run at CONNECTIONS. */
const SOLO = 100;
// Start times 2 hours apart leave room for a 90–120 minute job; each holds 3 teams.
const STARTS = ['07:00', '09:00', '11:00', '13:00', '15:00', '17:00'];
const TEAMS = 3;

async function call<T>(url: string, method: string, route: string, token: string, body?: unknown): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${url}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as T };
}

const database = await ownDatabase(process.env.DATABASE_URL);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sparkle-bench-checkout-'));
const server = await startServer({ dataDir, databaseUrl: database.url, logFile: path.join(dataDir, 'server.log') });
try {
  const { token } = await signIn(server.url, BENCH_CUSTOMER);
  const items = await call<ServiceItems>(server.url, 'GET', '/services/get-items/1', token);
  const item = items.body.items[0]!;
  const orders: number[] = [];
  for (let n = 0; n < ORDERS; n += 1) {
    const created = await call<OrderSummary>(server.url, 'POST', '/services/order/new', token, { service: 1, items: [{ id: item.id, quantity: 1 }] });
    if (created.status !== 201 && created.status !== 200) throw new Error(`order ${n}: ${created.status} ${JSON.stringify(created.body)}`);
    orders.push(created.body.id);
  }
  // Checkout n takes day-slot ⌊n / 3⌋: 3 checkouts (one per team) per start time, from 3 weeks ahead
  // (past the demo bookings, which hold teams in the coming days).
  const firstDay = Date.now() + 21 * 86_400_000;
  const bodyFor = (n: number, order: number): CheckoutRequest => {
    const slot = Math.floor(n / TEAMS);
    return {
      order,
      due_date: londonDate(new Date(firstDay + Math.floor(slot / STARTS.length) * 86_400_000)),
      due_time: STARTS[slot % STARTS.length]!,
      address: '221B Baker Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
    };
  };
  const statuses = new Map<number, number>();
  const refusals = new Set<string>();
  let next = 0;
  /** Checks out orders[next…until) from `connections` at once; answers each checkout's time (ms) and the run's. */
  const run = async (connections: number, until: number) => {
    const times: number[] = [];
    const started = performance.now();
    const worker = async () => {
      while (next < until) {
        const n = next++;
        const sent = performance.now();
        const answer = await call(server.url, 'POST', '/services/order/checkout', token, bodyFor(n, orders[n]!));
        times.push(performance.now() - sent);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 300) refusals.add(`${answer.status} ${(answer.body as { message?: string } | null)?.message ?? ''}`);
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    return { p50: at(0.5), p99: at(0.99), perSecond: Math.round(times.length / ((performance.now() - started) / 1000)) };
  };
  // One at a time first: what a checkout costs with nobody ahead of it. Then 50 connections, each
  // sending its next checkout the moment the last is answered: the time includes the queue, so
  // p50 ≈ 50 ÷ checkouts a second (Little's law).
  const solo = await run(1, SOLO);
  const busy = await run(CONNECTIONS, orders.length);
  const counted = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${count}×${status}`).join(', ');
  console.log(
    `checkout with team claim, ${CONNECTIONS} connections, ${orders.length - SOLO} checkouts on ${database.url ? 'PostgreSQL' : 'PGlite'}: p50 ${busy.p50} ms, p99 ${busy.p99} ms, ${busy.perSecond} a second; ` +
      `one at a time: p50 ${solo.p50} ms, p99 ${solo.p99} ms (${counted}); server RSS ${Math.round(server.rssBytes() / 1048576)} MB`,
  );
  for (const refusal of refusals) console.log(`  refused: ${refusal}`);
} finally {
  await server.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
