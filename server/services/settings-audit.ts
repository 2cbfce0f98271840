import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { pricingAuditRepository, type PricingRule } from '../repositories/pricing-audit';

/**
 * How every edit of a setting is audited (decision 023), in a file of its own so the settings'
 * services (prices, checklists, service area, job lengths, waitlist hold) share it without a circle.
 */
export interface Change {
  rule: PricingRule;
  subject: string;
  from: string | null;
  to: string | null;
}

/** Runs a change in a transaction and audits it when it changed something (`change` answers null when not). */
export function audited<T>(db: Database, admin: AuthUser, now: Date, work: (tx: Database) => Promise<{ result: T; change: Change | null }>): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, change } = await work(tx);
    if (change && change.from !== change.to) {
      await pricingAuditRepository(tx).record({ actorId: admin.id, actor: admin.name, at: now, ...change });
    }
    return result;
  });
}
