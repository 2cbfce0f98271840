import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { seedDatabase } from './seed';

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
  const db = await openDatabase(config);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing`);
    await app?.close().catch(() => {});
    // A PGlite process only exits once its database is closed (and flushed to disk).
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await migrate(db);
    const seed = await seedDatabase(db, config);
    app = await buildApp({ db, config });
    await app.listen({ port: config.port, host: config.host });
    console.log(`\nSparkle Cleaning API on ${config.publicUrl} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/pgdata`})`);
    if (config.apiDocs) console.log(`API reference: ${config.publicUrl}/api/docs`);
    for (const account of seed.accounts) {
      const role = account.roles.includes('ROLE_ADMIN') ? 'Admin' : 'Customer';
      // Production's passwords come from the environment and never reach a log.
      const password = config.nodeEnv === 'production' ? '(password from ADMIN_PASSWORD)' : account.password;
      console.log(`${role.padEnd(8)} sign-in: ${account.email} / ${password}`);
    }
    if (seed.accounts.length === 0) console.log('No admin account: set ADMIN_EMAIL and ADMIN_PASSWORD to create one.');
  } catch (error) {
    console.error(error);
    await app?.close().catch(() => {});
    await db.close();
    process.exit(1);
  }
}

void main();
