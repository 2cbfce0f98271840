/**
 * Issue 37 row 4, decision 091: reads that may be a moment old go to the replica
 * (DATABASE_READ_URL); a person's own reads stay on the primary. A primary and a streaming hot
 * standby of the test's own (Debian's PostgreSQL binaries, temporary folders, loopback ports), the
 * standby asynchronous so its lag is real, and a server with DATABASE_URL = the primary,
 * DATABASE_READ_URL = the standby. With the standby's replay paused it is a moment old on purpose:
 * what the staff's lists and the owner's figures show, and what the customer sees at once.
 * Skipped without PostgreSQL (DATABASE_URL: the suite's PostgreSQL run) or its binaries.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedOutOrder, createApi, firstCatalogue, login, newCustomer, type Api, type Catalogue, type Session } from '../support/api-actors';
import { eventually } from '../support/mail-wait';
import { postgresBinaries } from '../support/private-postgres';
import { ADMIN, freePort, startServerProcess, type ServerProcess } from '../support/server-process';

const bin = postgresBinaries();
const skipReason = !process.env.DATABASE_URL
  ? 'skipped: no PostgreSQL (DATABASE_URL unset)'
  : !bin
    ? "skipped: PostgreSQL's binaries are not installed (apt-get install postgresql)"
    : null;

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;
let work = '';
const primary = { dir: '', port: 0 };
const standby = { dir: '', port: 0 };
const url = (port: number, database = 'sparkle') => `postgres://postgres@127.0.0.1:${port}/${database}`;

async function pgTool(tool: string, args: string[]): Promise<string> {
  const command = [path.join(bin!, tool), ...args].map((part) => `'${part}'`).join(' ');
  const [file, argv]: [string, string[]] = asRoot ? ['su', ['postgres', '-s', '/bin/sh', '-c', command]] : ['/bin/sh', ['-c', command]];
  return (await run(file, argv)).stdout;
}

const startPostgres = (node: { dir: string; port: number }) =>
  pgTool('pg_ctl', ['-D', node.dir, '-l', `${node.dir}.log`, '-w', '-t', '60', '-o', `-p ${node.port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);

let server: ServerProcess;
let api: Api;
let admin: Session;
let catalogue: Catalogue;
let onPrimary: pg.Client;
let onStandby: pg.Client;

/** Waits until the standby has replayed everything the primary has written so far. */
async function caughtUp(): Promise<void> {
  const { lsn } = (await onPrimary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!;
  await eventually('the standby has replayed the primary', async () =>
    (await onStandby.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn])).rows[0]!.done, (done) => done, 30_000);
}

const total = async (route: string) => {
  const answer = await api.call('GET', route, { token: admin.token });
  expect(answer.status, answer.text).toBe(200);
  return Number(answer.headers.get('x-total-count'));
};
/** The dashboard's figures (GET /admin/counter): the number of customers' accounts. */
const usersInFigures = async () => {
  const answer = await api.call('GET', '/admin/counter', { token: admin.token });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { users: number }).users;
};

describe.skipIf(skipReason !== null)(`reads that may be a moment old, on a replica ${skipReason ?? ''}`.trim(), () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'h7-replica-'));
    if (asRoot) chownSync(work, ...(['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())) as [number, number]));
    Object.assign(primary, { dir: path.join(work, 'primary'), port: await freePort() });
    Object.assign(standby, { dir: path.join(work, 'standby'), port: await freePort() });
    await pgTool('initdb', ['-D', primary.dir, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await startPostgres(primary);
    await pgTool('psql', ['-X', '-q', '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-d', 'postgres', '-c', 'CREATE DATABASE sparkle']);
    // A streaming hot standby (-R: standby.signal and primary_conninfo), asynchronous: no
    // synchronous_standby_names on the primary, so a commit does not wait for it.
    await pgTool('pg_basebackup', ['-D', standby.dir, '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-R', '-X', 'stream', '--no-sync', '--checkpoint=fast']);
    await startPostgres(standby);
    const outbox = path.join(work, 'outbox');
    server = await startServerProcess({ dataDir: path.join(work, 'data'), databaseUrl: url(primary.port), env: { DATABASE_READ_URL: url(standby.port), OUTBOX_DIR: outbox } });
    api = createApi(server.baseUrl, undefined, outbox);
    onPrimary = new pg.Client({ connectionString: url(primary.port) });
    onStandby = new pg.Client({ connectionString: url(standby.port) });
    await onPrimary.connect();
    await onStandby.connect();
    admin = await login(api, ADMIN.email, ADMIN.password);
    catalogue = await firstCatalogue(api, admin.token);
    await caughtUp();
  }, 240_000);

  afterAll(async () => {
    await onStandby?.query('SELECT pg_wal_replay_resume()').catch(() => {});
    await onPrimary?.end().catch(() => {});
    await onStandby?.end().catch(() => {});
    await server?.kill('SIGTERM');
    for (const node of [standby, primary]) if (node.dir) await pgTool('pg_ctl', ['-D', node.dir, '-m', 'immediate', 'stop']).catch(() => {});
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('the staff see a new customer and order once the replica has them; the customer sees their own order at once', async () => {
    const usersBefore = await usersInFigures();
    // The replica a moment old, on purpose: it receives the primary's WAL but applies none of it.
    await onStandby.query('SELECT pg_wal_replay_pause()');
    await eventually('replay paused', async () => (await onStandby.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state')).rows[0]!.state, (state) => state === 'paused');

    const customer = await newCustomer(api, 'Replica');
    const id = await checkedOutOrder(api, customer, catalogue);

    // A person's own write, visible to them at once: My orders reads the primary.
    const mine = await api.call('GET', '/services/order/get', { token: customer.token });
    expect(mine.status).toBe(200);
    expect((mine.body as Array<{ id: number }>).map((order) => order.id)).toContain(id);
    // The order's own page, which the staff open to act on it, reads the primary too.
    expect((await api.call('GET', `/admin/order/${id}`, { token: admin.token })).status).toBe(200);

    // The staff's searches and the owner's figures read the replica: not there yet.
    const search = `?q=${encodeURIComponent(customer.email)}`;
    expect(await total(`/admin/orders/${search}`)).toBe(0);
    expect(await total(`/admin/customers${search}`)).toBe(0);
    expect(await usersInFigures()).toBe(usersBefore);

    // Replay goes on: a moment later they are.
    await onStandby.query('SELECT pg_wal_replay_resume()');
    await caughtUp();
    expect(await total(`/admin/orders/${search}`)).toBe(1);
    expect(await total(`/admin/customers${search}`)).toBe(1);
    expect(await usersInFigures()).toBe(usersBefore + 1);
  }, 60_000);
});
