/**
 * `npm run failover` (issue 37, row 3; decision 089, docs/deployment.md): the loss of the database's
 * host, on this machine, under checkout load. Not part of `npm test` (it takes a minute or two).
 *
 * 1. A primary and a synchronous standby (Debian's PostgreSQL binaries, temporary folders, free
 *    loopback ports), PgBouncer in front (the shipped deploy/pgbouncer.ini), two instances of the
 *    server through it (DATABASE_URL: transaction pool, DATABASE_SESSION_URL: session pool).
 * 2. CLIENTS customers check out drafts at once, each with an Idempotency-Key; a 503 (or a cut
 *    connection) is sent again with the same key, as the SPA does.
 * 3. The primary's postmaster and every one of its processes get SIGKILL (the host is gone).
 * 4. Once it has stopped answering, deploy/promote-standby.sh promotes the standby and points
 *    PgBouncer at it. The load goes on.
 * 5. Checked on the new primary: every checkout that answered 200 is there, once, with the reference
 *    it answered; no answer was 500 (no 5xx but 503); seconds from the kill until a checkout is
 *    answered 200 again, on each instance. Exits 1 when one of these fails.
 *
 * Bounded: at most MAX_CHECKOUTS checkouts, each sent at most ATTEMPTS times; loopback only; it
 * stops every process it started (by their ids) and removes its folders.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { checkoutBody, createApi, firstCatalogue, newCustomer, newOrderBody, type Api, type Session } from '../tests/api/support/api-actors';
import { PGBOUNCER, startPgbouncer, type RunningPgbouncer } from '../tests/api/support/pgbouncer';
import { postgresBinaries } from '../tests/api/support/private-postgres';
import { freePort, ROOT, startServerProcess, type ServerProcess } from '../tests/api/support/server-process';

const CLIENTS = Number(process.env.FAILOVER_CLIENTS ?? 8);
const MAX_CHECKOUTS = 400;
const ATTEMPTS = 60;
/** Checkouts acknowledged before the kill, and after serving again, before the run ends. */
const BEFORE_KILL = 30;
const AFTER = 30;
/** The instances must serve a checkout again within this many seconds of the kill. */
const SERVING_AGAIN_WITHIN_S = 30;

const run = promisify(execFile);
const bin = postgresBinaries();
if (!bin || !PGBOUNCER) {
  console.error(`npm run failover needs ${!bin ? "PostgreSQL's binaries (apt-get install postgresql)" : 'PgBouncer (apt-get install pgbouncer)'}`);
  process.exit(1);
}
const asRoot = process.getuid?.() === 0;
const work = mkdtempSync(path.join(tmpdir(), 'sparkle-failover-'));
if (asRoot) chownSync(work, ...(['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())) as [number, number]));
const asPostgres = (tool: string, args: string[]): [string, string[]] => {
  const command = [path.join(bin, tool), ...args].map((part) => `'${part}'`).join(' ');
  return asRoot ? ['su', ['postgres', '-s', '/bin/sh', '-c', command]] : ['/bin/sh', ['-c', command]];
};
const pgTool = async (tool: string, args: string[]) => (await run(...asPostgres(tool, args))).stdout;
const seconds = (from: number, to = performance.now()) => ((to - from) / 1000).toFixed(1);
const log = (line: string) => console.log(`  ${line}`);

const primary = { dir: path.join(work, 'primary'), port: await freePort() };
const standby = { dir: path.join(work, 'standby'), port: await freePort() };
const url = (port: number, database = 'sparkle') => `postgres://postgres@127.0.0.1:${port}/${database}`;
const startPostgres = (node: { dir: string; port: number }, settings: string[]) =>
  pgTool('pg_ctl', ['-D', node.dir, '-l', path.join(work, `${path.basename(node.dir)}.log`), '-w', '-t', '60', '-o', [`-p ${node.port}`, `-k ${work}`, '-c listen_addresses=127.0.0.1', ...settings].join(' '), 'start']);

let bouncer: RunningPgbouncer | null = null;
const servers: ServerProcess[] = [];
let failed: boolean;
try {
  // 1. The primary, then the standby: a base backup of it, streaming (-R: standby.signal,
  //    primary_conninfo), named standby1. Only then do the primary's commits wait for standby1 to
  //    have them (synchronous_commit on, the default): set after the backup, so the standby does not
  //    inherit it. (Not fsync'd: initdb and the copy only; commits are flushed as in production.)
  await pgTool('initdb', ['-D', primary.dir, '-U', 'postgres', '--auth=trust', '--no-sync']);
  await startPostgres(primary, ['-c wal_level=replica', '-c max_wal_senders=4']);
  const psql = (port: number, sql: string) => pgTool('psql', ['-X', '-q', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-c', sql]);
  await psql(primary.port, 'CREATE DATABASE sparkle');
  await pgTool('pg_basebackup', ['-D', standby.dir, '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-R', '-X', 'stream', '--no-sync', '--checkpoint=fast']);
  await startPostgres(standby, ['-c cluster_name=standby1']);
  await psql(primary.port, "ALTER SYSTEM SET synchronous_standby_names = 'standby1'");
  await psql(primary.port, 'SELECT pg_reload_conf()');
  const watch = new pg.Client({ connectionString: url(primary.port, 'postgres') });
  await watch.connect();
  for (let tries = 0; ; tries += 1) {
    const { rows } = await watch.query("SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby1'");
    if (rows[0]?.sync_state === 'sync') break;
    if (tries > 100) throw new Error('the standby did not become synchronous');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await watch.end();
  log(`primary on ${primary.port}, synchronous standby on ${standby.port}`);

  bouncer = await startPgbouncer({ host: '127.0.0.1', port: primary.port, database: 'sparkle' });
  const outbox = path.join(work, 'outbox');
  const env = { DATABASE_SESSION_URL: bouncer.sessionUrl, OUTBOX_DIR: outbox };
  for (const name of ['a', 'b']) servers.push(await startServerProcess({ dataDir: path.join(work, name), databaseUrl: bouncer.url, env }));
  log(`PgBouncer on ${bouncer.port}; instances on ${servers.map((server) => server.port).join(', ')}`);

  // 2. The load: each client a customer of its own (a checkout locks its customer: decision 033).
  const apis: Api[] = servers.map((server) => createApi(server.baseUrl, undefined, outbox));
  const customers: Session[] = [];
  for (let n = 0; n < CLIENTS; n += 1) customers.push(await newCustomer(apis[n % apis.length]!, `Failover ${n}`));
  const catalogue = await firstCatalogue(apis[0]!, customers[0]!.token);

  const statuses = new Map<string, number>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  /** Each checkout answered 200: when its last attempt was sent and answered, and by which instance. */
  const acknowledged = new Map<number, { reference: string; sent: number; at: number; instance: number }>();
  const unresolved: string[] = [];
  let sent = 0;
  let killedAt = 0;
  let stop = false;
  let turn = 0;
  /** Sends one request to the next instance; a cut connection counts as a status of its own. */
  const send = async (method: 'POST', route: string, token: string, body: unknown, headers: Record<string, string> = {}) => {
    const instance = turn++ % apis.length;
    try {
      const answer = await apis[instance]!.call(method, route, { token, body, headers, signal: AbortSignal.timeout(30_000) });
      count(`${route.split('/').pop()} ${answer.status}${answer.status === 503 && answer.headers.get('retry-after') ? '+Retry-After' : ''}`);
      return { ...answer, instance };
    } catch (error) {
      count(`${route.split('/').pop()} ${(error as Error).name === 'TimeoutError' ? 'timeout' : 'connection error'}`);
      return { status: 0, body: null as unknown, headers: new Headers(), instance };
    }
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, 200));
  const client = async (customer: Session) => {
    while (!stop && sent < MAX_CHECKOUTS) {
      const created = await send('POST', '/services/order/new', customer.token, newOrderBody(catalogue, 1));
      if (created.status !== 201) {
        await pause();
        continue;
      }
      const id = (created.body as { id: number }).id;
      const key = randomUUID();
      const body = checkoutBody(id, 'cash');
      sent += 1;
      for (let attempt = 1; ; attempt += 1) {
        const sentAt = performance.now();
        const answer = await send('POST', '/services/order/checkout', customer.token, body, { 'idempotency-key': key });
        if (answer.status === 200) {
          acknowledged.set(id, { reference: (answer.body as { reference: string }).reference, sent: sentAt, at: performance.now(), instance: answer.instance });
          break;
        }
        // Only a 503 or a cut connection is sent again (same key); anything else is the answer.
        if ((answer.status !== 503 && answer.status !== 0) || attempt >= ATTEMPTS) {
          if (answer.status === 503 || answer.status === 0) unresolved.push(`order ${id}: still ${answer.status} after ${attempt} attempts`);
          break;
        }
        await pause();
      }
    }
  };
  const until = async (what: string, done: () => boolean, withinS: number) => {
    const started = performance.now();
    while (!done()) {
      if (performance.now() - started > withinS * 1000) throw new Error(`timed out: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const load = Promise.all(customers.map(client));
  await until(`${BEFORE_KILL} checkouts acknowledged`, () => acknowledged.size >= BEFORE_KILL, 120);

  // 3. The primary's host is lost: the postmaster and all its processes at once.
  const postmaster = Number(readFileSync(path.join(primary.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]) === postmaster;
    } catch {
      return false;
    }
  }).map(Number);
  const beforeKill = acknowledged.size;
  killedAt = performance.now();
  for (const pid of [postmaster, ...children]) process.kill(pid, 'SIGKILL');
  log(`SIGKILL to the primary's postmaster ${postmaster} and its ${children.length} processes after ${beforeKill} checkouts acknowledged`);

  // 4. Detected when it no longer answers (pg_isready, twice, half a second apart), then promoted.
  let misses = 0;
  while (misses < 2) {
    const answered = await run(path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(primary.port), '-t', '1']).then(() => true, () => false);
    misses = answered ? 0 : misses + 1;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const promoting = performance.now();
  await run(path.join(ROOT, 'deploy/promote-standby.sh'), [standby.dir, '127.0.0.1', String(standby.port), bouncer.ini], { env: { ...process.env, PG_BIN: bin, OLD_PRIMARY_HOST: '127.0.0.1', OLD_PRIMARY_PORT: String(primary.port) } });
  log(`detected and promoted ${seconds(killedAt, promoting)} s → ${seconds(killedAt)} s after the kill`);

  // Serving again: a checkout sent after the kill answered 200 (one in flight at the kill may have
  // been answered a moment after it: that is not serving again).
  const servingAgain = () => [...acknowledged.values()].filter((ack) => ack.sent > killedAt);
  await until('a checkout answered 200 on each instance after the kill', () => new Set(servingAgain().map((ack) => ack.instance)).size === apis.length, SERVING_AGAIN_WITHIN_S + 30);
  const firstAgain = Math.min(...servingAgain().map((ack) => ack.at));
  const bothAgain = Math.max(...apis.map((_, instance) => Math.min(...servingAgain().filter((ack) => ack.instance === instance).map((ack) => ack.at))));
  await until(`${AFTER} checkouts after the failover`, () => servingAgain().length >= AFTER || sent >= MAX_CHECKOUTS, 120);
  stop = true;
  await load;

  // 5. On the new primary, straight (not through PgBouncer).
  const check = new pg.Client({ connectionString: url(standby.port) });
  await check.connect();
  const { rows: [role] } = await check.query('SELECT pg_is_in_recovery() AS standby');
  const { rows } = await check.query<{ id: number; reference: string; checkouts: number }>(
    `SELECT o.id, o.reference::text AS reference, (SELECT count(*)::int FROM audit_log a WHERE a.order_id = o.id AND a.action = 'order.checkout') AS checkouts
       FROM orders o WHERE o.id = ANY($1::int[]) AND o.checked_out_at IS NOT NULL`,
    [[...acknowledged.keys()]],
  );
  await check.end();
  const found = new Map(rows.map((row) => [row.id, row]));
  const missing = [...acknowledged].filter(([id, ack]) => found.get(id)?.reference !== String(ack.reference)).map(([id]) => id);
  const twice = rows.filter((row) => row.checkouts !== 1).map((row) => row.id);
  const byStatus = [...statuses].sort().map(([status, n]) => `${n} × ${status}`).join(', ');
  const fivexx = [...statuses].filter(([status]) => / 5\d\d/.test(status) && !/ 503/.test(status)).reduce((n, [, k]) => n + k, 0);
  const five03 = [...statuses].filter(([status]) => /^checkout 503/.test(status)).reduce((n, [, k]) => n + k, 0);
  const servingS = Number(seconds(killedAt, bothAgain));

  log(`answers: ${byStatus}`);
  console.log(
    `failover (PostgreSQL ${path.basename(path.dirname(bin))}, synchronous standby, PgBouncer, 2 instances, ${CLIENTS} clients): ` +
      `${acknowledged.size} checkouts acknowledged (${beforeKill} before the kill), ${acknowledged.size - missing.length} found on the new primary ` +
      `(${role.standby ? 'STILL A STANDBY' : 'promoted'}), ${missing.length} missing, ${twice.length} checked out twice; ` +
      `${fivexx} × 5xx other than 503, ${five03} checkouts answered 503 (sent again with their keys), ${unresolved.length} unresolved; ` +
      `serving checkouts again ${seconds(killedAt, firstAgain)} s after the kill (both instances ${servingS.toFixed(1)} s; goal ≤ ${SERVING_AGAIN_WITHIN_S} s)`,
  );
  failed = role.standby || missing.length > 0 || twice.length > 0 || fivexx > 0 || unresolved.length > 0 || servingS > SERVING_AGAIN_WITHIN_S;
  if (missing.length) log(`missing: ${missing.slice(0, 10).join(', ')}`);
  if (unresolved.length) log(`unresolved: ${unresolved.slice(0, 5).join('; ')}`);
} catch (error) {
  failed = true;
  console.error(error);
  for (const server of servers) console.error(server.output().slice(-2000));
} finally {
  for (const server of servers) await server.kill('SIGTERM');
  await bouncer?.stop();
  for (const node of [standby, primary]) {
    await pgTool('pg_ctl', ['-D', node.dir, '-m', 'immediate', 'stop']).catch(() => {});
  }
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
