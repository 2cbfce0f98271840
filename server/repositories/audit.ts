import type { Selectable } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { AuditLog } from '../db/schema';
import type { AuditEntry } from '../../openapi/schema';

export type AuditAction = AuditEntry['action'];

/** Who did what to an order, written in the same transaction as the change itself. */
export interface AuditRecord {
  orderId: number;
  /** The user who acted; null for the payment provider. */
  actorId: number | null;
  actor: string;
  action: AuditAction;
  from: string | null;
  to: string;
  at: Date;
}

const COLUMNS = ['at', 'actor', 'action', 'from_value', 'to_value'] as const;

/** `action` is text in the table; only `record` writes it, with an AuditAction. */
export type AuditRow = Omit<Pick<Selectable<AuditLog>, (typeof COLUMNS)[number]>, 'action'> & { action: AuditAction };

export function auditRepository(db: Database) {
  const k = kysely(db);
  return {
    async record(entry: AuditRecord): Promise<void> {
      await k
        .insertInto('audit_log')
        .values({ order_id: entry.orderId, actor_id: entry.actorId, actor: entry.actor, action: entry.action, from_value: entry.from, to_value: entry.to, at: entry.at })
        .execute();
    },

    /** Oldest first: the order's history as it happened. */
    forOrder(orderId: number): Promise<AuditRow[]> {
      return k.selectFrom('audit_log').select(COLUMNS).where('order_id', '=', orderId).orderBy('at').orderBy('id').$narrowType<{ action: AuditAction }>().execute();
    },
  };
}
