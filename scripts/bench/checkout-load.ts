/**
 * The checkout bench's load (issue 27, docs/decisions/033): a server made ready for checkouts (10
 * teams, customers confirmed through their mailed link), the two requests compared — a draft
 * write (POST /services/order/new) and a checkout of one of those drafts — and the two ways of
 * sending them, a closed loop (each connection sends its next the moment the last is answered) and
 * an open loop (sent on schedule whatever the answers). Used by `npm run bench:checkout` and by
 * scripts/bench/checkout-ratio.ts.
 *
 * Checkouts come from `customers` customers, as real ones do: a checkout locks its customer's row
 * (user, then orders: docs/decisions/033), so one customer's checkouts queue behind each other by
 * design. Each takes a start time that still has a free team: 10 teams, 6 starts a day, on 300 days
 * from 3 weeks ahead, consecutive checkouts on different days. BENCH_CHECKOUT_DAYS=3 puts every
 * checkout on the next three bookable days instead (from 2 days ahead), as real bookings cluster,
 * with 250 teams (BENCH_TEAMS) so the days hold a phase's checkouts (4,500 times: 30 s at 150 a
 * second), and each phase starts on empty days: `stock` cancels the checkouts of the last phase
 * (issue 37 row 1: a day's checkouts must not queue behind one lock). Days a fresh database closes
 * (bank holidays, Christmas: tests/support/default-closures.ts) are passed over, as a customer would.
 */
import os from 'node:os';
import type { CheckoutRequest, OrderSummary, ServiceItems } from '../../openapi/schema';
import { londonDate } from '../../domain/time/london-time';
import { openDay } from '../../tests/support/default-closures';
import type { BenchMail } from './bench-mail';
import { BENCH_ADMIN, signIn } from './server';

/** The connections of the capacity measurement (issue 27: the ratio at 10 connections). */
export const CAPACITY_CONNECTIONS = 10;
// Start times 2 hours apart leave room for a 90–120 minute job; each holds TEAMS teams.
const STARTS = ['07:00', '09:00', '11:00', '13:00', '15:00', '17:00'];
/** The days checkouts are spread over: 300 from 3 weeks ahead, or (7 or fewer) the next ones from 2 days ahead. */
export const CHECKOUT_DAYS = Number(process.env.BENCH_CHECKOUT_DAYS ?? 300);
const NEAR_DAYS = CHECKOUT_DAYS <= 7;
const TEAMS = Number(process.env.BENCH_TEAMS ?? (NEAR_DAYS ? 250 : 10));
const DAYS = CHECKOUT_DAYS;
/** BENCH_ONE_START=HH:MM (with the next days): every checkout on the first day at that start, a team each (scripts/bench/same-time.ts). */
const ONE_START = process.env.BENCH_ONE_START;
/** What the run's checkouts are spread over, for the figures printed. */
export const CHECKOUT_SPREAD = NEAR_DAYS ? `all on the next ${DAYS} days, ${TEAMS} teams` : `spread over ${DAYS} days, ${TEAMS} teams`;

export interface Answer { status: number; retryAfter: string | null; body: unknown }
interface Draft { id: number; token: string }
export interface Run { perSecond: number; p50: number; p99: number; statuses: Map<string, number>; count: number; seconds: number; times: number[] }

export async function call(url: string, method: string, route: string, token: string, body?: unknown): Promise<Answer> {
  const answer = await fetch(`${url}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.json().catch(() => null) };
}

export const loadAverage = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
export const quantile = (sorted: number[], q: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

function summary(times: number[], statuses: Map<string, number>, seconds: number): Run {
  times.sort((a, b) => a - b);
  return { perSecond: times.length / seconds, p50: quantile(times, 0.5), p99: quantile(times, 0.99), statuses, count: times.length, seconds, times };
}

/** Runs of one kind as one: their answers' times and statuses pooled, their seconds added. */
export function pooled(runs: readonly Run[]): Run {
  const statuses = new Map<string, number>();
  for (const run of runs) for (const [status, n] of run.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
  return summary(runs.flatMap((run) => run.times), statuses, runs.reduce((sum, run) => sum + run.seconds, 0));
}

export const counted = (statuses: Map<string, number>) => [...statuses.entries()].sort().map(([status, n]) => `${n}×${status}`).join(', ');
const statusOf = (answer: Answer) => (answer.status === 503 ? (answer.retryAfter ? '503+Retry-After' : '503') : String(answer.status));
export const describeRun = (run: Run) => `${run.perSecond.toFixed(1)} a second, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms (${counted(run.statuses)})`;

/** `send` from `connections` at once, each sending its next the moment the last is answered, for `seconds`. */
export async function closedLoop(connections: number, seconds: number, send: () => Promise<Answer> | null): Promise<Run> {
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

/**
 * `send` at `rate` a second for `seconds`, on schedule whatever the answers; each time counted from
 * its schedule. `record` hears each one's scheduled time (ms since the epoch) and that latency.
 */
export async function openLoop(rate: number, seconds: number, send: () => Promise<Answer> | null, sample?: () => void, record?: (scheduledAt: number, latencyMs: number) => void): Promise<Run> {
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
        record?.(performance.timeOrigin + due, performance.now() - due);
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

export interface CheckoutLoad {
  /** A draft write by the next customer in turn; the draft is kept for a checkout. */
  draft(): Promise<Answer>;
  /** A cash checkout of the oldest draft kept, at a start time with a free team; null when none is left. */
  checkout(): Promise<Answer> | null;
  /**
   * Drafts enough for `count` checkouts more (made at 10 connections, not measured); on the next
   * days (BENCH_CHECKOUT_DAYS ≤ 7) the last phase's checkouts are cancelled first, so every phase
   * finds the days empty and as many free times. Spread, they are cancelled when the free times
   * left would not hold `count` (a fast server used all 18,000 before the last phase).
   */
  stock(count: number): Promise<void>;
}

/** Readies the server at `url` (its mail in `mail`, for the mailed links) for the load. */
export async function prepareCheckoutLoad(url: string, mail: BenchMail, customers: number): Promise<CheckoutLoad> {
  const admin = await signIn(url, BENCH_ADMIN);
  const teams = (await call(url, 'GET', '/admin/teams', admin.token)).body as unknown[];
  for (let n = teams.length; n < TEAMS; n += 1) {
    const hours = Array.from({ length: 7 }, (_, weekday) => ({ weekday, works: true, opens: '07:00', closes: '20:00' }));
    const created = await call(url, 'POST', '/admin/teams', admin.token, { name: `Bench team ${n + 1}`, active: true, hours });
    if (created.status !== 201) throw new Error(`team: ${created.status} ${JSON.stringify(created.body)}`);
  }
  const tokens: string[] = [];
  for (let n = 0; n < customers; n += 1) {
    const email = `bench-checkout-${n}@sparkle.test`;
    const password = 'bench-checkout-password';
    const registered = await call(url, 'POST', '/auth/register', '', { name: `Bench Customer ${n}`, email, password });
    if (registered.status >= 300) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
    // Registration mails a link that creates the account and signs in (decision 029).
    const token = await mail.confirmationToken(email);
    const confirmed = await call(url, 'POST', `/auth/confirm-email/${encodeURIComponent(token)}`, '', { password });
    if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    tokens.push((await signIn(url, { email, password })).token);
  }
  const item = ((await call(url, 'GET', '/services/get-items/1', tokens[0]!)).body as ServiceItems).items[0]!;

  const drafts: Draft[] = [];
  let nextCustomer = 0;
  const draft = (): Promise<Answer> => {
    const token = tokens[nextCustomer++ % tokens.length]!;
    return call(url, 'POST', '/services/order/new', token, { service: 1, items: [{ id: item.id, quantity: 1 }] }).then((answer) => {
      if (answer.status < 300) drafts.push({ id: (answer.body as OrderSummary).id, token });
      return answer;
    });
  };
  // Checkout n is on day n % DAYS from 3 weeks ahead (past the demo bookings) or 2 days ahead
  // (BENCH_CHECKOUT_DAYS ≤ 7), then the next team and start time of that day. Checkouts whose jobs
  // are in each other's way queue on the times they lock (decision 090).
  const firstDay = londonDate(new Date(Date.now() + (NEAR_DAYS ? 2 : 21) * 86_400_000));
  // A closed day would answer 400 (a bank holiday, Christmas): only the days open by default.
  const days = Array.from({ length: DAYS }, (_, n) => openDay(firstDay, n));
  let slot = 0;
  const placed: number[] = [];
  const checkout = (): Promise<Answer> | null => {
    // Every team of every start time taken: the run stops sending.
    // Spread over 300 days, a start time is used on every day before the next; on the next three
    // days, checkouts sent together take different start times too, as customers choose theirs.
    const start = NEAR_DAYS ? (slot >= DAYS * STARTS.length * TEAMS ? STARTS.length : Math.floor(slot / DAYS) % STARTS.length) : Math.floor(slot / DAYS / TEAMS);
    if (start >= STARTS.length || (ONE_START && slot >= TEAMS)) return null;
    const order = drafts.shift();
    if (!order) return null;
    const n = slot++;
    const body: CheckoutRequest = {
      order: order.id,
      due_date: ONE_START ? days[0]! : days[n % DAYS]!,
      due_time: ONE_START ?? STARTS[start]!,
      address: '221B Baker Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
    };
    return call(url, 'POST', '/services/order/checkout', order.token, body).then((answer) => {
      if (answer.status === 200) placed.push(order.id);
      return answer;
    });
  };
  const cancelPlaced = async () => {
    const worker = async () => {
      for (let next = placed.pop(); next; next = placed.pop()) {
        const cancelled = await call(url, 'PUT', `/admin/order/update/cancelled/${next}`, admin.token, { status: 'cancelled' });
        if (cancelled.status !== 200) throw new Error(`cancel: ${cancelled.status} ${JSON.stringify(cancelled.body)}`);
      }
    };
    await Promise.all(Array.from({ length: CAPACITY_CONNECTIONS }, worker));
    slot = 0;
  };
  const stock = async (count: number) => {
    if (slot > 0 && (NEAR_DAYS || DAYS * STARTS.length * TEAMS - slot < count)) await cancelPlaced();
    while (drafts.length < count) await Promise.all(Array.from({ length: CAPACITY_CONNECTIONS }, draft));
  };
  return { draft, checkout, stock };
}
