import type { Config } from '../config';
import type { Database } from '../db/database';
import { createUserRepository } from '../repositories/user-repository';
import { hashPassword } from '../services/password-hasher';
import { resolveDemoAccounts, type DemoAccount } from './demo-accounts';
import { seedOrders } from './orders';
import { seedContent } from './seed-content';

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
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>('SELECT count(*) AS count FROM services');
  const seededContent = count === 0;
  if (seededContent) await db.transaction((tx) => seedContent(tx));

  const { accounts, generated } = resolveDemoAccounts(config);
  const users = createUserRepository(db);
  for (const account of accounts) {
    const existing = await users.findByEmail(account.email);
    if (!existing) {
      await users.create({ ...account, passwordHash: await hashPassword(account.password) });
    } else if (generated && config.nodeEnv !== 'production') {
      await users.update(existing.id, { passwordHash: await hashPassword(account.password) });
    }
  }
  if (seededContent && config.nodeEnv !== 'production') await seedOrders(db, now);
  return { seededContent, accounts };
}
