import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE } from '../../../domain/capacity/availability-text';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { CheckoutRequest } from '../../../openapi/schema';
import { readOutbox } from '../../../server/services/outbox';
import { checkoutBody, createApi, createOrder, firstCatalogue, login, newCustomer, newOrderBody, type Answer, type Api, type Catalogue, type Session } from '../support/api-actors';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The database restarts while the API is under load, three times. While it is down, every request
 * is answered promptly with 503, a message and Retry-After (none hangs, none 500s, a checkout cut
 * by it included, and nothing of that checkout is left half done); once it is back, the same server
 * process answers 2xx and /api/ready 200 again without being restarted. Checkouts write mails that
 * pg-boss sends through the outages: pg-boss's failed completions do not end the process (issue 24,
 * rows 3 and 4). Runs on a PostgreSQL server of its own (PGlite is inside the
 * server process: it cannot go down without the server), in the PostgreSQL pass of `npm test`.
 */
const REQUEST_TIMEOUT_MS = 10_000;
const UNAVAILABLE = 'The service is temporarily unavailable, please try again';
const runs = Boolean(process.env.DATABASE_URL) && postgresBinaries() !== null;

let postgres: PrivatePostgres;
let server: ServerProcess;
let api: Api;
let customer: Session;
let catalogue: Catalogue;
let dataDir: string;
const drafts: number[] = [];

interface Outcome { kind: string; at: number; status: number | 'hung' | 'network'; ms: number; message: unknown; retryAfter: string | null }

/** A few outages, not dozens: the suite runs in CI. */
const OUTAGES = 3;
/** Drafts made before the outages, for the checkouts that run through them. */
const DRAFTS = 30;

describe.runIf(runs)('database outage under load (PostgreSQL)', () => {
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    dataDir = mkdtempSync(path.join(tmpdir(), 'h5-outage-'));
    server = await startServerProcess({ dataDir, databaseUrl: postgres.url });
    api = createApi(server.baseUrl, undefined, path.join(dataDir, 'outbox'));
    customer = await newCustomer(api, 'Outage');
    catalogue = await firstCatalogue(api, customer.token);
    for (let n = 0; n < DRAFTS; n += 1) drafts.push((await createOrder(api, customer, catalogue)).id);
  }, 180_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    postgres?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a message while the database is down, never hangs, and recovers by itself, outage after outage', async () => {
    const outcomes: Outcome[] = [];
    // No timer decides when an outage starts or ends: each phase lasts until enough answers came.
    const waiting: { ready: () => boolean; resolve: () => void }[] = [];
    const record = (outcome: Outcome) => {
      outcomes.push(outcome);
      for (const waiter of [...waiting]) {
        if (!waiter.ready()) continue;
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    };
    const until = (ready: () => boolean) => (ready() ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ ready, resolve })));
    const answersSince = (kind: string, at: number, ok: (o: Outcome) => boolean) => outcomes.filter((o) => o.kind === kind && o.at >= at && ok(o)).length;
    const kinds = ['services', 'newOrder', 'myOrders', 'checkout'];
    const each = (at: number, count: number, ok: (o: Outcome) => boolean) => () => kinds.every((kind) => answersSince(kind, at, ok) >= count);
    const succeeded = (o: Outcome) => typeof o.status === 'number' && o.status < 300;

    let running = true;
    const started = Date.now();
    const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const attempt = async (kind: string, call: () => Promise<Answer>): Promise<Answer | null> => {
      const t0 = Date.now();
      try {
        const answer = await call();
        record({ kind, at: t0 - started, status: answer.status, ms: Date.now() - t0, message: answer.body?.message, retryAfter: answer.headers.get('retry-after') });
        return answer;
      } catch (error) {
        record({ kind, at: t0 - started, status: (error as Error).name === 'TimeoutError' ? 'hung' : 'network', ms: Date.now() - t0, message: null, retryAfter: null });
        return null;
      }
    };
    // Let the other calls and the test run between two requests (no pause of a chosen length).
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const load = async (kind: string, call: () => Promise<Answer>) => {
      while (running) {
        await attempt(kind, call);
        await turn();
      }
    };
    // Checkouts (each writes its booking mail, which pg-boss then sends), each with its own
    // Idempotency-Key; one cut by an outage is tried again afterwards. Each checks out a draft made
    // just before, or, while drafts cannot be made (the database is down), one made before the test.
    const cut: Array<{ body: CheckoutRequest; key: string }> = [];
    const checkouts = async () => {
      while (running) {
        const made = await attempt('draft', () => api.call('POST', '/services/order/new', { token: customer.token, body: newOrderBody(catalogue, 1), signal: signal() }));
        const order: number | undefined = made?.status === 201 ? (made.body as { id: number }).id : drafts.shift();
        if (order === undefined) {
          // None left: the refused draft stands for this checkout (a 503 all the same).
          if (made) record({ kind: 'checkout', at: Date.now() - started, status: made.status, ms: 0, message: made.body?.message, retryAfter: made.headers.get('retry-after') });
          await turn();
          continue;
        }
        const body = checkoutBody(order);
        const key = `outage-${order}`;
        const answer = await attempt('checkout', () => api.call('POST', '/services/order/checkout', { token: customer.token, body, headers: { 'Idempotency-Key': key }, signal: signal() }));
        // Cut by an outage (503, or no answer): retried below with its key.
        if (!answer || answer.status === 503) cut.push({ body, key });
        await turn();
      }
    };
    const workers = [
      load('services', () => api.call('GET', '/home/services', { signal: signal() })),
      load('newOrder', () => api.call('POST', '/services/order/new', { token: customer.token, body: newOrderBody(catalogue, 1), signal: signal() })),
      load('myOrders', () => api.call('GET', '/services/order/get', { token: customer.token, signal: signal() })),
      checkouts(),
    ];
    const outages: Array<{ stoppedAt: number; downAt: number; restartedAt: number }> = [];
    let since = 0;
    for (let n = 0; n < OUTAGES; n += 1) {
      // Under load first: two successful answers of every kind since the last restart.
      await until(each(since, 2, succeeded));
      const stoppedAt = Date.now() - started;
      await postgres.stop('fast');
      const downAt = Date.now() - started;
      // Down until every kind of call has been answered three times since.
      await until(each(downAt, 3, () => true));
      const restartedAt = Date.now() - started;
      await postgres.start();
      outages.push({ stoppedAt, downAt, restartedAt });
      since = restartedAt;
    }
    // Recovery: two 2xx of every kind of call after the last restart (the test's timeout bounds the wait).
    await until(each(since, 2, succeeded));
    const recoveredAt = Date.now() - started;
    running = false;
    await Promise.all(workers);

    const isDuring = (o: Outcome) => outages.some((outage) => o.at >= outage.downAt && o.at < outage.restartedAt);
    const during = outcomes.filter(isDuring);
    const unavailable = outcomes.filter((o) => o.status === 503);
    const hung = outcomes.filter((o) => o.status === 'hung').length;
    const wrong = outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500 && (o.status !== 503 || o.message !== UNAVAILABLE));
    const slowest = Math.max(...during.map((o) => o.ms));
    const seen = (list: Outcome[]) => JSON.stringify(list.reduce<Record<string, number>>((all, o) => ({ ...all, [`${o.kind} ${String(o.status)}`]: (all[`${o.kind} ${String(o.status)}`] ?? 0) + 1 }), {}));
    console.log(`Answers during the outages ${seen(during)}, outside them ${seen(outcomes.filter((o) => !isDuring(o)))}`);
    console.log(
      `Database outages (${OUTAGES}, PostgreSQL stopped ${outages.map((o) => o.restartedAt - o.stoppedAt).join(', ')} ms): ${outcomes.length} requests, ` +
        `${unavailable.length} answered 503, ${cut.length} checkouts cut, ${hung} hung, slowest answer while down ${slowest} ms, ` +
        `recovered ${recoveredAt - since} ms after the last restart without restarting the API`,
    );
    expect(server.child.exitCode, `the API process died:\n${server.output()}`).toBeNull();
    expect(hung).toBe(0);
    expect(wrong.map((o) => `${o.kind} ${o.status} ${String(o.message)}`)).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    // A 503 says when to try again.
    expect(unavailable.filter((o) => !(Number(o.retryAfter) > 0)).map((o) => o.kind)).toEqual([]);
    expect(during.every((o) => o.status === 503 || o.status === 'network')).toBe(true);
    expect(during.filter((o) => o.status === 'network')).toEqual([]);
    // The same process is still serving, and ready: it was never restarted.
    expect(server.child.exitCode).toBeNull();
    expect((await api.call('GET', '/ready')).status).toBe(200);
    customer.token = (await login(api, customer.email, customer.password)).token;
    expect((await api.call('POST', '/services/order/new', { token: customer.token, body: newOrderBody(catalogue, 1) })).status).toBe(201);

    // Nothing half done: a checkout cut by an outage, tried again with its key, is done once now...
    const retried = await Promise.all(cut.map(({ body, key }) => api.call('POST', '/services/order/checkout', { token: customer.token, body, headers: { 'Idempotency-Key': key } })));
    // A cut checkout never reached its team check, so its time may have been taken meanwhile (the
    // demo data's jobs and their travel): then it is refused as any checkout would be, and stays a draft.
    const refused = (answer: Answer) => answer.status === 409 && answer.body?.message === SLOT_TAKEN_MESSAGE;
    expect(retried.filter((answer) => answer.status !== 200 && !refused(answer)).map((answer) => `${answer.status} ${String(answer.body?.message)}`)).toEqual([]);
    // ...and every order is either checked out with its history, or a draft without any.
    const half = await onDatabase(postgres.url, (client) => client.query(
      `SELECT o.id, o.checked_out_at IS NOT NULL AS checked_out,
              (SELECT count(*) FROM audit_log a WHERE a.order_id = o.id AND a.action = 'order.checkout')::int AS checkouts,
              (SELECT count(*) FROM audit_log a WHERE a.order_id = o.id AND a.action = 'order.team')::int AS teams
         FROM orders o WHERE o.user_id = $1`,
      [customer.id],
    ));
    expect(half.rows.filter((row) => (row.checked_out ? row.checkouts !== 1 || row.teams !== 1 : row.checkouts !== 0 || row.teams !== 0))).toEqual([]);
    // The mail jobs ran through the outages, each mail written once.
    const mails = await readOutbox(path.join(dataDir, 'outbox'));
    expect(mails.length).toBeGreaterThan(0);
    const ids = await Promise.all(mails.map(async (mail) => /\r\nMessage-ID: (\S+)\r\n/.exec(await readFile(mail.file, 'utf8'))?.[1]));
    expect(new Set(ids).size).toBe(ids.length);
  }, 180_000);
});

/** A query on the private server, outside the API (what the API cannot show: a half-done change). */
async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(runs)('database outage under load', () => {
  it.skip('runs in the PostgreSQL pass only (PGlite lives inside the server process and cannot restart alone)', () => {});
});
