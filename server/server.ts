import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { FolderInUseError } from './db/folder-lock';
import { migrate } from './db/migrate';
import { openDatabase, openReadDatabase } from './db/open-database';
import { seedDatabase } from './seed';
import type { Lifecycle } from './routes/operations';

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
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let readDb: ReturnType<typeof openReadDatabase> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  const lifecycle: Lifecycle = { closing: false };

  // SIGTERM (a rolling restart): first drain for SHUTDOWN_DRAIN — readiness answers 503, every
  // request that still comes is served as usual and its connection closed after the answer, so the
  // proxy drops its kept-alive connections here (deploy/nginx.conf keeps idle ones 2 s, less than
  // the drain) and sends new requests to the other instance; nothing is answered 503 or cut. Then
  // (and at once on SIGINT, Ctrl+C) stop accepting — a connection refused is retried elsewhere by
  // the proxy, POSTs included, as nothing was sent — let in-flight requests finish, stop the job
  // workers, close the database (PGlite flushes to disk); exit by SHUTDOWN_TIMEOUT whatever hangs.
  closeWithGrace({ delay: config.shutdownTimeoutMs, logger: { error: (message: unknown) => console.error(message) } }, async ({ signal, err }) => {
    if (err) console.error(err);
    else console.log(`\n${signal ?? 'exit'}: closing`);
    lifecycle.closing = true;
    if (signal === 'SIGTERM' && app && config.shutdownDrainMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(config.shutdownDrainMs, config.shutdownTimeoutMs / 2)));
    }
    await app?.close().catch(() => {});
    await readDb?.close().catch(() => {});
    await db?.close().catch(() => {});
  });

  try {
    db = await openDatabase(config);
    await migrate(db);
    const seed = await seedDatabase(db, config);
    // Reads that may be a moment old go to the replica when DATABASE_READ_URL names one (decision 091).
    readDb = openReadDatabase(config);
    app = await buildApp({ db, readDb: readDb ?? undefined, config, lifecycle });
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
    await readDb?.close().catch(() => {});
    await db?.close().catch(() => {});
    process.exit(1);
  }
}

void main();
