import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import { handTunedRows } from '../db/hand-tuned';
import { kysely } from '../db/kysely';
import type { OrderLedger } from '../db/schema';
import type { LedgerKind, LedgerLine } from '../../domain/money/ledger';

/** A line to append to an order's ledger (pence; `vatPercent` null for money that moved). */
export interface NewLedgerLine {
  orderId: number;
  kind: LedgerKind;
  name: string;
  amount: number;
  vatPercent: number | null;
  quantity?: number | null;
  unitPrice?: number | null;
  reason?: string | null;
  reference?: string | null;
  actorId: number | null;
  actor: string;
  at: Date;
}

/** A line as stored (order_ledger, 030); LEDGER_JSON_SQL's JSON carries the same names (its times as text). */
type LedgerRow = Omit<Selectable<OrderLedger>, 'actor_id' | 'kind'> & { kind: LedgerKind };

/** The columns of a ledger line as JSON, for statements that read an order with its lines. */
export const LEDGER_JSON_SQL = (orderIdSql: string) => `
  (SELECT COALESCE(json_agg(json_build_object('id', l.id, 'order_id', l.order_id, 'kind', l.kind, 'name', l.name,
            'quantity', l.quantity, 'unit_price', l.unit_price, 'amount', l.amount, 'vat_percent', l.vat_percent,
            'reason', l.reason, 'reference', l.reference, 'actor', l.actor, 'created_at', l.created_at) ORDER BY l.id), '[]')
     FROM order_ledger l WHERE l.order_id = ${orderIdSql})::text`;

export function ledgerLineOf(row: LedgerRow): LedgerLine {
  return {
    id: Number(row.id),
    kind: row.kind,
    name: row.name,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    amount: Number(row.amount),
    vatPercent: row.vat_percent === null ? null : Number(row.vat_percent),
    reason: row.reason,
    reference: row.reference,
    actor: row.actor,
    at: new Date(row.created_at),
  };
}

export const ledgerFromJson = (json: string): LedgerLine[] => (JSON.parse(json) as LedgerRow[]).map(ledgerLineOf);

/** order_ledger (030): lines are appended, never changed (the table refuses an UPDATE). */
export function ledgerRepository(db: Database) {
  const k = kysely(db);
  const lines = () => k.selectFrom('order_ledger').selectAll().$narrowType<{ kind: LedgerKind }>();
  return {
    async forOrder(orderId: number): Promise<LedgerLine[]> {
      const rows = await lines().where('order_id', '=', orderId).orderBy('id').execute();
      return rows.map(ledgerLineOf);
    },

    /** The lines of many orders at once (lists, the CSV), by order. */
    async forOrders(orderIds: readonly number[]): Promise<Map<number, LedgerLine[]>> {
      const byOrder = new Map<number, LedgerLine[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return byOrder;
      const rows = await lines().where(sql<boolean>`order_id = ANY(${[...orderIds]}::integer[])`).orderBy('order_id').orderBy('id').execute();
      for (const row of rows) byOrder.get(row.order_id)?.push(ledgerLineOf(row));
      return byOrder;
    },

    /**
     * Appends a line; a payment or refund with a reference is recorded once (a repeated
     * notification adds nothing): false when it was there already. A charge moves the order's
     * `total` in the same statement: the column is the ledger's sum kept for sorting, filtering and
     * the CSV (decision 036), never computed anywhere else.
     */
    async add(line: NewLedgerLine): Promise<boolean> {
      const rows = await handTunedRows<Pick<Selectable<OrderLedger>, 'id'> & { totalled: number }>(
        db,
        `WITH added AS (
           INSERT INTO order_ledger (order_id, kind, name, quantity, unit_price, amount, vat_percent, reason, reference, actor_id, actor, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (order_id, kind, reference) WHERE reference IS NOT NULL DO NOTHING
           RETURNING id, order_id, amount, vat_percent),
         totalled AS (
           UPDATE orders o SET total = o.total + added.amount, version = o.version + 1
             FROM added WHERE o.id = added.order_id AND added.vat_percent IS NOT NULL
           RETURNING o.id)
         SELECT added.id, (SELECT count(*) FROM totalled) AS totalled FROM added`,
        [line.orderId, line.kind, line.name, line.quantity ?? null, line.unitPrice ?? null, line.amount, line.vatPercent,
          line.reason ?? null, line.reference ?? null, line.actorId, line.actor, line.at],
      );
      return rows.length === 1;
    },
  };
}
