import type { InferResult } from 'kysely';
import type { PricingAuditEntry } from '../../openapi/schema';
import { kysely, type Db } from '../db/kysely';
import type { Database } from '../db/database';
import type { Page, PageRequest } from './paging';
import { countAll, selectTypedPage } from './typed-paging';

export type PricingRule = PricingAuditEntry['rule'];

/** `rule` is text in the table; only `record` writes it, with a PricingRule. */
const entries = (k: Db) =>
  k
    .selectFrom('pricing_audit')
    .select((eb) => [eb.cast<number>('id', 'integer').as('id'), 'at', 'actor', 'rule', 'subject', 'from_value', 'to_value'])
    .$narrowType<{ rule: PricingRule }>();

export type PricingAuditRow = InferResult<ReturnType<typeof entries>>[number];

/** Who changed a price or the opening hours, written in the transaction of the change (019_pricing_audit.sql). */
export function pricingAuditRepository(db: Database) {
  const k = kysely(db);
  return {
    async record(entry: { actorId: number; actor: string; rule: PricingRule; subject: string; from: string | null; to: string | null; at: Date }): Promise<void> {
      await k
        .insertInto('pricing_audit')
        .values({ at: entry.at, actor_id: entry.actorId, actor: entry.actor, rule: entry.rule, subject: entry.subject, from_value: entry.from, to_value: entry.to })
        .execute();
    },

    /** Newest first. */
    async page(page: PageRequest): Promise<Page<PricingAuditRow>> {
      const counted = await k.selectFrom('pricing_audit').select(countAll.as('count')).executeTakeFirst();
      const total = counted?.count ?? 0;
      const keys = [{ by: 'at', desc: true }, { by: 'id', desc: true }] as const;
      return selectTypedPage(entries(k), { keys: [...keys], total, page });
    },
  };
}
