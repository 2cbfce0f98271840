import { once } from 'node:events';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { FolderInUseError } from './db/folder-lock';
import { migrate } from './db/migrate';
import { openDatabase, openReadDatabase } from './db/open-database';
import { setHeapGrowth } from './lib/heap-growth';
import { seedDatabase } from './seed';
import { startJobsThread, type JobsThread } from './start-jobs-thread';
import type { Lifecycle } from './routes/operations';

/** Longest wait for the open connections to end once the listener is closed: a proxy closes its idle ones sooner (2 s in deploy/nginx.conf). */
const LINGER_MS = 5_000;

/**
 * Closes the listening socket only (Node's http close would also end the idle connections at once),
 * then waits until every connection has ended, or `maxMs`.
 */
async function stopAcceptingAndLinger(server: Server, maxMs: number): Promise<void> {
  if (!server.listening) return;
  const drained = once(server, 'close');
  NetServer.prototype.close.call(server);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, maxMs)))]);
  clearTimeout(timer);
}

/** Boots the app: configuration from the environment, database, migrations, first-start data, listen. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // A weak or malformed setting: say which, plainly, and do not start.
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  setHeapGrowth(config.heapGrowingPercent);
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let readDb: ReturnType<typeof openReadDatabase> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobsThread: JobsThread | undefined;
  const stopJobsThread = () => jobsThread?.stop(Math.min(5_000, config.shutdownTimeoutMs / 2)).catch(() => {});

  const lifecycle: Lifecycle = { closing: false };

  // SIGTERM (a rolling restart): first drain for SHUTDOWN_DRAIN — readiness answers 503 and every
  // request is served as usual, so a proxy that routes by readiness has time to stop sending here.
  // Then stop accepting: a connection refused is retried elsewhere by the proxy, POSTs included, as
  // nothing was sent (deploy/nginx.conf), and nginx leaves this instance alone for a while. The
  // connections already open are served on, each closed after its next answer, until none is left
  // (at most a quarter of SHUTDOWN_TIMEOUT, and LINGER_MS); then the rest of close: in-flight
  // requests finish, the job workers stop, the database closes (PGlite flushes to disk). SIGINT
  // (Ctrl+C) skips the drain. Exit by SHUTDOWN_TIMEOUT.
  // Why connections stay alive during the drain: closed after each answer, every request would come on
  // a new connection, and one that arrives as the listener closes is reset with its POST already
  // sent, which a proxy never replays (a 502 in the rolling-restart test, decision 128).
  closeWithGrace({ delay: config.shutdownTimeoutMs, logger: { error: (message: unknown) => console.error(message) } }, async ({ signal, err }) => {
    if (err) console.error(err);
    else console.log(`\n${signal ?? 'exit'}: closing`);
    lifecycle.closing = true;
    if (signal === 'SIGTERM' && app && config.shutdownDrainMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(config.shutdownDrainMs, config.shutdownTimeoutMs / 2)));
      lifecycle.endingConnections = true;
      await stopAcceptingAndLinger(app.server, Math.min(LINGER_MS, config.shutdownTimeoutMs / 4));
    }
    await app?.close().catch(() => {});
    // After the requests: a job one of them wrote is sent by the thread, or by the next to start.
    await stopJobsThread();
    await readDb?.close().catch(() => {});
    await db?.close().catch(() => {});
  });

  try {
    db = await openDatabase(config);
    await migrate(db);
    const seed = await seedDatabase(db, config);
    // Reads that may be a moment old go to the replica when DATABASE_READ_URL names one (decision 091).
    readDb = openReadDatabase(config);
    // With a PostgreSQL server the jobs run in their own thread (decision 136): the app only writes them.
    app = await buildApp({ db, readDb: readDb ?? undefined, config, lifecycle, startWorkers: !config.jobsThread });
    if (config.jobsThread) jobsThread = await startJobsThread((message, error) => app!.log.error({ err: error }, message));
    await app.listen({ port: config.port, host: config.host });
    console.log(`\nSparkle Cleaning API on ${config.publicUrl} (${config.databaseUrl ? `PostgreSQL${readDb ? ', reports and back-office lists on the replica' : ''}` : `PGlite in ${config.dataDir}/pgdata`})`);
    if (config.apiDocs) console.log(`API reference: ${config.publicUrl}/api/docs`);
    for (const account of seed.accounts) {
      const role = account.roles.includes('ROLE_ADMIN') ? 'Admin' : 'Customer';
      // Production's passwords come from the environment and never reach a log.
      const password = config.nodeEnv === 'production' ? '(password from ADMIN_PASSWORD)' : account.password;
      console.log(`${role.padEnd(8)} sign-in: ${account.email} / ${password}`);
    }
    if (seed.accounts.length === 0) console.log('No admin account: set ADMIN_EMAIL and ADMIN_PASSWORD to create one.');
  } catch (error) {
    // A second process on a PGlite folder: one clear sentence, not a stack trace.
    console.error(error instanceof FolderInUseError ? error.message : error);
    await app?.close().catch(() => {});
    await stopJobsThread();
    await readDb?.close().catch(() => {});
    await db?.close().catch(() => {});
    process.exit(1);
  }
}

void main();
