import type { PricingAuditEntry } from '../../openapi/schema';
import type { Database } from '../db/database';
import { Conditions, countRows, selectPage, type Page, type PageRequest } from './paging';

export type PricingRule = PricingAuditEntry['rule'];

export interface PricingAuditRow {
  id: number;
  at: Date;
  actor: string;
  rule: PricingRule;
  subject: string;
  from_value: string | null;
  to_value: string | null;
}

/** Who changed a price or the opening hours, written in the transaction of the change (019_pricing_audit.sql). */
export function pricingAuditRepository(db: Database) {
  return {
    async record(entry: { actorId: number; actor: string; rule: PricingRule; subject: string; from: string | null; to: string | null; at: Date }): Promise<void> {
      await db.query(
        `INSERT INTO pricing_audit (at, actor_id, actor, rule, subject, from_value, to_value) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [entry.at, entry.actorId, entry.actor, entry.rule, entry.subject, entry.from, entry.to],
      );
    },

    /** Newest first. */
    async page(page: PageRequest): Promise<Page<PricingAuditRow>> {
      const conditions = new Conditions();
      const total = await countRows(db, 'FROM pricing_audit', conditions);
      const keys = [{ sql: 'at', desc: true }, { sql: 'id', desc: true }];
      const select = 'SELECT id::integer AS id, at, actor, rule, subject, from_value, to_value FROM pricing_audit';
      return selectPage<PricingAuditRow>(db, { select, conditions, keys, total, page });
    },
  };
}
