import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { seedDatabase } from './seed';

/** `npm run migrate`: the release step (migrations and first-start data, under the start-up lock), then exit. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db);
    const seed = await seedDatabase(db, config);
    console.log(`Migrations applied: ${applied.length > 0 ? applied.join(', ') : 'none (up to date)'}; first-start content ${seed.seededContent ? 'written' : 'already there'}.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
