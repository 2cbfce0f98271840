import type { Database } from '../db/database';
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

export interface AuditRow {
  at: Date;
  actor: string;
  action: AuditAction;
  from_value: string | null;
  to_value: string;
}

export function auditRepository(db: Database) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await db.query(
        `INSERT INTO audit_log (order_id, actor_id, actor, action, from_value, to_value, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [entry.orderId, entry.actorId, entry.actor, entry.action, entry.from, entry.to, entry.at],
      );
    },

    /** Oldest first: the order's history as it happened. */
    forOrder(orderId: number): Promise<AuditRow[]> {
      return db.query<AuditRow>(
        'SELECT at, actor, action, from_value, to_value FROM audit_log WHERE order_id = $1 ORDER BY at, id',
        [orderId],
      );
    },
  };
}
