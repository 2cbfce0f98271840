import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, firstCatalogue, login, newCustomer, newOrderBody, type Api, type Catalogue, type Session } from '../support/api-actors';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The database restarts while the API is under load. While it is down, every request is answered
 * promptly with 503 and a message (none hangs); once it is back, the same server process answers
 * 2xx again without being restarted. Runs on a PostgreSQL server of its own (PGlite is inside the
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

interface Outcome { at: number; status: number | 'hung' | 'network'; ms: number; message: unknown }

describe.runIf(runs)('database outage under load (PostgreSQL)', () => {
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    dataDir = mkdtempSync(path.join(tmpdir(), 'h5-outage-'));
    server = await startServerProcess({ dataDir, databaseUrl: postgres.url });
    api = createApi(server.baseUrl);
    customer = await newCustomer(api, 'Outage');
    catalogue = await firstCatalogue(api, customer.token);
  }, 180_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    postgres?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a message while the database is down, never hangs, and recovers by itself', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const started = Date.now();
    const load = async (call: () => Promise<{ status: number; body: any }>) => {
      while (running) {
        const t0 = Date.now();
        try {
          const answer = await call();
          outcomes.push({ at: t0 - started, status: answer.status, ms: Date.now() - t0, message: answer.body?.message });
        } catch (error) {
          outcomes.push({ at: t0 - started, status: (error as Error).name === 'TimeoutError' ? 'hung' : 'network', ms: Date.now() - t0, message: null });
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const workers = [
      load(() => api.call('GET', '/home/services', { signal: signal() })),
      load(() => api.call('POST', '/services/order/new', { token: customer.token, body: newOrderBody(catalogue, 1), signal: signal() })),
      load(() => api.call('GET', '/services/order/get', { token: customer.token, signal: signal() })),
    ];
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const stoppedAt = Date.now() - started;
    await postgres.stop('fast');
    const downAt = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const restartedAt = Date.now() - started;
    await postgres.start();
    // Recovery: the first 2xx of every kind of call after the restart, within 30 s.
    const deadline = Date.now() + 30_000;
    let recoveredAt: number | null = null;
    while (Date.now() < deadline && recoveredAt === null) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = outcomes.filter((o) => o.at > restartedAt);
      if (after.filter((o) => typeof o.status === 'number' && o.status < 300).length >= 6) recoveredAt = Date.now() - started;
    }
    running = false;
    await Promise.all(workers);

    const during = outcomes.filter((o) => o.at >= downAt && o.at < restartedAt);
    const unavailable = during.filter((o) => o.status === 503);
    const hung = outcomes.filter((o) => o.status === 'hung').length;
    const wrong = outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500 && (o.status !== 503 || o.message !== UNAVAILABLE));
    const slowest = Math.max(...during.map((o) => o.ms));
    const seen = (list: Outcome[]) => JSON.stringify(list.reduce<Record<string, number>>((all, o) => ({ ...all, [String(o.status)]: (all[String(o.status)] ?? 0) + 1 }), {}));
    console.log(`Answers before the outage ${seen(outcomes.filter((o) => o.at < stoppedAt))}, during ${seen(during)}, after ${seen(outcomes.filter((o) => o.at >= restartedAt))}`);
    console.log(
      `Database outage (PostgreSQL stopped ${restartedAt - stoppedAt} ms): ${outcomes.length} requests, ${unavailable.length} answered 503 during the outage, ` +
        `${hung} hung, slowest answer while down ${slowest} ms, recovered ${recoveredAt === null ? 'never' : `${recoveredAt - restartedAt} ms after the restart`} without restarting the API`,
    );
    expect(server.child.exitCode, `the API process died:\n${server.output()}`).toBeNull();
    expect(hung).toBe(0);
    expect(wrong.map((o) => `${o.status} ${String(o.message)}`)).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(during.every((o) => o.status === 503 || o.status === 'network')).toBe(true);
    expect(during.filter((o) => o.status === 'network')).toEqual([]);
    expect(recoveredAt).not.toBeNull();
    // The same process is still serving: it was never restarted.
    expect(server.child.exitCode).toBeNull();
    customer.token = (await login(api, customer.email, customer.password)).token;
    expect((await api.call('POST', '/services/order/new', { token: customer.token, body: newOrderBody(catalogue, 1) })).status).toBe(201);
  }, 120_000);
});

describe.skipIf(runs)('database outage under load', () => {
  it.skip('runs in the PostgreSQL pass only (PGlite lives inside the server process and cannot restart alone)', () => {});
});
