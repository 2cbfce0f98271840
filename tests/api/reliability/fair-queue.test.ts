import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, firstCatalogue, newCustomer, newOrderBody, type Api, type Catalogue, type Session } from '../support/api-actors';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Requests are served in the order they arrive, even in a burst (server/db/pglite.ts). PGlite runs
 * on the server's own thread and hands its lock on by a promise; without a turn of the event loop
 * between queries, a burst kept some of its first requests unread until it was over — in the
 * checkout bench, 12 of the first 50 checkouts were answered after the 1,450 sent after them. The
 * server runs as a process of its own here, as in production (PGlite, or DATABASE_URL's server).
 */
const CLIENTS = 50;
const REQUESTS = 400;

let server: ServerProcess;
let api: Api;
let customer: Session;
let catalogue: Catalogue;
let dataDir: string;
let database: ScratchDatabase | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fair-queue-'));
  database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'fair') : null;
  server = await startServerProcess({ dataDir, databaseUrl: database?.url ?? null });
  api = createApi(server.baseUrl, undefined, path.join(dataDir, 'outbox'));
  customer = await newCustomer(api, 'Burst');
  catalogue = await firstCatalogue(api, customer.token);
}, 180_000);

afterAll(async () => {
  await server?.kill('SIGTERM');
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a burst of bookings from 50 clients at once', () => {
  it('answers the first 50 before the last 50: nobody waits behind the ones who came after', async () => {
    const answeredInOrder: number[] = [];
    let next = 0;
    const client = async () => {
      for (let n = next++; n < REQUESTS; n = next++) {
        const answer = await api.call('POST', '/services/order/new', { token: customer.token, body: newOrderBody(catalogue) });
        expect(answer.status).toBe(201);
        answeredInOrder.push(n);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const lastAnswers = answeredInOrder.slice(-CLIENTS);
    expect(lastAnswers.filter((n) => n < CLIENTS)).toEqual([]);
  }, 180_000);
});
