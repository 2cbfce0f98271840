import type { Database } from '../db/database';
import { Conditions, containsPattern, countRows, selectPage, type Page, type PageRequest, type SortKey } from './paging';
import type { RefundStatus } from '../../openapi/schema';

export type RefundSort = 'refund_date' | 'order_id' | 'name' | 'reason' | 'status' | 'order_date';

/** How the refunds list is ordered and filtered; with no `sort`, newest request first. */
export interface RefundListQuery {
  sort?: RefundSort;
  order?: 'asc' | 'desc';
  status?: RefundStatus;
  /** Part of the customer's name, any case. */
  name?: string;
}

const SORT_SQL: Record<RefundSort, string> = {
  refund_date: 'r.requested_at',
  order_id: 'r.order_id',
  name: 'lower(u.name)',
  reason: 'lower(r.reason)',
  status: 'r.status',
  order_date: 'o.created_at',
};

function refundSortKeys(query: RefundListQuery): SortKey[] {
  const sort = query.sort ?? 'refund_date';
  const desc = query.order ? query.order === 'desc' : !query.sort;
  if (sort === 'order_id') return [{ sql: 'r.order_id', desc }];
  if (sort === 'name') return [{ sql: SORT_SQL.name, desc }, { sql: 'u.id', desc }, { sql: 'r.order_id', desc }];
  return [{ sql: SORT_SQL[sort], desc }, { sql: 'r.order_id', desc }];
}

export interface RefundRow {
  order_id: number;
  /** The order's reference: the number people read (decision 073). */
  reference: number;
  reason: string;
  status: RefundStatus;
  fee: number;
  /** What accepting owes (total less fee when paid, else 0); what the provider actually refunded. */
  refund_due: number | null;
  refunded_amount: number | null;
  provider_refund_ref: string | null;
  requested_at: Date;
  decided_at: Date | null;
  /** The user who decided it (null while pending). */
  decided_by: number | null;
  version: number;
  /** The order's creation time and its customer's name, as the admin list shows them. */
  order_date: Date;
  name: string;
}

const SELECT_REFUND = `
  SELECT r.*, o.reference, o.created_at AS order_date, u.name
    FROM refund_requests r
    JOIN orders o ON o.id = r.order_id
    JOIN users u ON u.id = o.user_id`;

export function refundRepository(db: Database) {
  return {
    async find(orderId: number, options: { forUpdate?: boolean } = {}): Promise<RefundRow | null> {
      const lock = options.forUpdate ? ' FOR UPDATE OF r' : '';
      const rows = await db.query<RefundRow>(`${SELECT_REFUND} WHERE r.order_id = $1${lock}`, [orderId]);
      return rows[0] ?? null;
    },

    /** One page of refund requests in the table's sort and filter. */
    async page(query: RefundListQuery, page: PageRequest): Promise<Page<RefundRow>> {
      const conditions = new Conditions();
      if (query.status) conditions.add('r.status = $?', query.status);
      if (query.name) conditions.add("u.name ILIKE $? ESCAPE '\\'", containsPattern(query.name));
      const from = query.name
        ? 'FROM refund_requests r JOIN orders o ON o.id = r.order_id JOIN users u ON u.id = o.user_id'
        : 'FROM refund_requests r';
      const total = await countRows(db, from, conditions);
      return selectPage<RefundRow>(db, { select: SELECT_REFUND, conditions, keys: refundSortKeys(query), total, page });
    },

    /** False when the order already has a request (one per order). */
    async insert(request: { orderId: number; reason: string; fee: number; requestedAt: Date }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO refund_requests (order_id, reason, fee, requested_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
        [request.orderId, request.reason, request.fee, request.requestedAt],
      );
      return rows.length === 1;
    },

    /**
     * Decides a pending request. Accepted: `refundDue` is what the provider must give back, and
     * `refundedAmount` is set now only when nothing has to move (0). False when not pending any more.
     */
    async decide(decision: {
      orderId: number;
      status: 'accepted' | 'rejected';
      refundDue: number | null;
      refundedAmount: number | null;
      decidedAt: Date;
      decidedBy: number;
    }): Promise<boolean> {
      const rows = await db.query(
        `UPDATE refund_requests
            SET status = $2, refund_due = $3, refunded_amount = $4, decided_at = $5, decided_by = $6, version = version + 1
          WHERE order_id = $1 AND status = 'pending'
          RETURNING order_id`,
        [decision.orderId, decision.status, decision.refundDue, decision.refundedAmount, decision.decidedAt, decision.decidedBy],
      );
      return rows.length === 1;
    },

    /** The provider refunded: from now on the amount counts in Total Refound. */
    /** A provider refund of an accepted cancellation (one of its parts, decision 045) adds to Total Refound. */
    async recordProviderRefund(orderId: number, refund: { id: string; amount: number }): Promise<void> {
      await db.query(
        `UPDATE refund_requests SET refunded_amount = COALESCE(refunded_amount, 0) + $2, provider_refund_ref = $3
          WHERE order_id = $1 AND status = 'accepted'`,
        [orderId, refund.amount, refund.id],
      );
    },
  };
}
