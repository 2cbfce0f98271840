import { sql, type InferResult, type NotNull } from 'kysely';
import { kysely, type Db } from '../db/kysely';
import type { Database } from '../db/database';
import { containsPattern, type Page, type PageRequest } from './paging';
import { countAll, selectTypedPage, type TypedSortKey } from './typed-paging';
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

/** Refund statuses as literals in the statements, as before (refund_requests_pending_idx is partial on 'pending'). */
const PENDING = sql.lit<RefundStatus>('pending');
const ACCEPTED = sql.lit<RefundStatus>('accepted');

type RefundTables = 'refund_requests' | 'orders' | 'users';

/**
 * A request with its order's reference (the number people read, decision 073) and creation time,
 * and its customer's name, as the admin list shows them. `status` is text in the table, checked to
 * be a RefundStatus; a request is made for a placed order, which has its reference (037).
 */
const refundsQuery = (k: Db) =>
  k
    .selectFrom('refund_requests')
    .innerJoin('orders', 'orders.id', 'refund_requests.order_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('refund_requests')
    .select(['orders.reference', 'orders.created_at as order_date', 'users.name'])
    .$narrowType<{ status: RefundStatus; reference: NotNull }>();

/**
 * What accepting owes is `refund_due` (total less fee when paid, else 0), what the provider actually
 * refunded `refunded_amount`; `decided_by` is the user who decided it (null while pending).
 */
export type RefundRow = InferResult<ReturnType<typeof refundsQuery>>[number];

const SORT_BY: Record<RefundSort, TypedSortKey<RefundTables, RefundRow>['by']> = {
  refund_date: 'refund_requests.requested_at',
  order_id: 'refund_requests.order_id',
  name: sql`lower(users.name)`,
  reason: sql`lower(refund_requests.reason)`,
  status: 'refund_requests.status',
  order_date: 'orders.created_at',
};

function refundSortKeys(query: RefundListQuery): TypedSortKey<RefundTables, RefundRow>[] {
  const sort = query.sort ?? 'refund_date';
  const desc = query.order ? query.order === 'desc' : !query.sort;
  if (sort === 'order_id') return [{ by: SORT_BY.order_id, desc }];
  if (sort === 'name') return [{ by: SORT_BY.name, desc }, { by: 'users.id', desc }, { by: SORT_BY.order_id, desc }];
  return [{ by: SORT_BY[sort], desc }, { by: SORT_BY.order_id, desc }];
}

/** `ILIKE` for "contains `text`", any case, with LIKE's own wildcards taken literally. */
const nameContains = (text: string) => sql<boolean>`users.name ILIKE ${containsPattern(text)} ESCAPE '\\'`;

export function refundRepository(db: Database) {
  const k = kysely(db);
  return {
    async find(orderId: number, options: { forUpdate?: boolean } = {}): Promise<RefundRow | null> {
      const row = await refundsQuery(k)
        .where('refund_requests.order_id', '=', orderId)
        .$if(options.forUpdate === true, (query) => query.forUpdate('refund_requests'))
        .executeTakeFirst();
      return row ?? null;
    },

    /** One page of refund requests in the table's sort and filter. */
    async page(query: RefundListQuery, page: PageRequest): Promise<Page<RefundRow>> {
      let list = refundsQuery(k);
      if (query.status) list = list.where('refund_requests.status', '=', query.status);
      if (query.name) list = list.where(nameContains(query.name));
      // Counted without the joins unless the name filter needs them.
      let counted = k.selectFrom('refund_requests').select(countAll.as('count'));
      if (query.status) counted = counted.where('refund_requests.status', '=', query.status);
      const row = await (query.name ? list.clearSelect().select(countAll.as('count')) : counted).executeTakeFirst();
      // Stryker disable next-line LogicalOperator,OptionalChaining: count(*) without GROUP BY always answers one row
      const total = row?.count ?? 0;
      return selectTypedPage(list, { keys: refundSortKeys(query), total, page });
    },

    /** False when the order already has a request (one per order). */
    async insert(request: { orderId: number; reason: string; fee: number; requestedAt: Date }): Promise<boolean> {
      const rows = await k
        .insertInto('refund_requests')
        .values({ order_id: request.orderId, reason: request.reason, fee: request.fee, requested_at: request.requestedAt })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .returning('order_id')
        .execute();
      // Stryker disable next-line ConditionalExpression: the services refuse a second request under the order's lock first; only a race reaches the conflict
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
      const rows = await k
        .updateTable('refund_requests')
        .set((eb) => ({
          status: decision.status,
          refund_due: decision.refundDue,
          refunded_amount: decision.refundedAmount,
          decided_at: decision.decidedAt,
          decided_by: decision.decidedBy,
          version: eb('version', '+', 1),
        }))
        .where('order_id', '=', decision.orderId)
        .where('status', '=', PENDING)
        .returning('order_id')
        .execute();
      // Stryker disable next-line ConditionalExpression,EqualityOperator: no caller reads the answer (they decide under the order's lock, after checking it is pending)
      return rows.length === 1;
    },

    /** A provider refund of an accepted cancellation (one of its parts, decision 045) adds to Total Refound. */
    async recordProviderRefund(orderId: number, refund: { id: string; amount: number }): Promise<void> {
      await k
        .updateTable('refund_requests')
        .set((eb) => ({ refunded_amount: eb(eb.fn.coalesce('refunded_amount', sql.lit(0)), '+', refund.amount), provider_refund_ref: refund.id }))
        .where('order_id', '=', orderId)
        .where('status', '=', ACCEPTED)
        .execute();
    },
  };
}
