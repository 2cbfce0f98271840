import type { Config } from '../config';
import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import { underStartupLock } from '../db/migrate';
import { createUserRepository } from '../repositories/user-repository';
import { hashPassword } from '../services/password-hasher';
import { resolveDemoAccounts, type DemoAccount } from './demo-accounts';
import { seedOrders } from './orders';
import { seedContent } from './seed-content';
import { seedTodaysJobs } from './schedule';

export interface SeedResult {
  /** The site content was inserted now (the database was empty). */
  seededContent: boolean;
  /** Who can sign in, with their passwords, to print at start. */
  accounts: DemoAccount[];
}

/**
 * First-start data, safe to run at every start: content and demo orders only into an empty
 * database; accounts only when missing (an existing one keeps its password, unless the demo
 * passwords were just generated in development, so the printed sign-in always works).
 */
export async function seedDatabase(db: Database, config: Config, now: Date = new Date()): Promise<SeedResult> {
  const { accounts, generated } = resolveDemoAccounts(config);
  // scrypt is slow: hash before taking the lock, so the other instances wait for inserts only.
  const hashes = await Promise.all(accounts.map((account) => hashPassword(account.password)));
  // Under the start-up lock: instances starting together on an empty database see one another's
  // rows, so the content and demo orders are written once (count-then-insert is safe here).
  const seededContent = await underStartupLock(db, async (tx) => {
    const { count } = await kysely(tx).selectFrom('services').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const empty = count === 0;
    if (empty) await seedContent(tx);
    const users = createUserRepository(tx);
    for (const [index, account] of accounts.entries()) {
      const existing = await users.findByEmail(account.email);
      if (!existing) {
        await users.create({ ...account, passwordHash: hashes[index]! });
      } else if (generated && config.nodeEnv !== 'production') {
        await users.update(existing.id, { passwordHash: hashes[index]! });
      }
    }
    if (empty && config.nodeEnv !== 'production') {
      await seedOrders(tx, now);
      await seedTodaysJobs(tx, now);
    }
    return empty;
  });
  return { seededContent, accounts };
}
