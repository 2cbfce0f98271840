import { CompiledQuery, sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import { handTunedRows } from '../db/hand-tuned';
import { kysely } from '../db/kysely';
import type { Invoices, OrderItems, Orders, RefundRequests, Services, Teams, Users } from '../db/schema';
import { cursorOver, mapCursor, type CursorOf } from './cursors';
import { LEDGER_JSON_SQL, ledgerFromJson } from './ledger';
import type { LedgerLine } from '../../domain/money/ledger';
import { addOrderFilters, countedByCounters, searchHitsSql, searchRowMatchesSql, type OrderFilters } from './order-filters';
import { cappedCount, Conditions, countCustomerOrders, SEARCH_COUNT_CAP, SEARCH_STATEMENT_TIMEOUT_MS, UNKNOWN_TOTAL, countOrders, countRows, orderBySql, pageWindow, selectPage, type Page, type LateLookup, type PageRequest, type PlacedSelect, type SortKey } from './paging';
import type { OrderStatus, PaymentMethod, RefundStatus } from '../../openapi/schema';
import type { PricedLine } from '../../domain/money/pricing';
import { userRowMatchesSql } from './user-search';
import { firstOrdersOfMatchingCustomersByName, newestOrdersOfMatchingCustomers } from './matching-customers';
import { CANCELLED_STATUS, COMPLETED_STATUS, FIRST_STATUS, PAID_STATUS } from '../../domain/orders/order-statuses';

/** A line as domain/money/pricing.ts priced it (pence); lines stored before rates were kept have none. */
export type StoredPriceLine = Omit<PricedLine, 'vatPercent'> & { vatPercent?: number };

/**
 * An order with the names the API shows (customer, service) and its refund request, if any: the
 * rows of SELECT_ORDER (`o.*` and the joined names), typed by the schema (server/db/schema.d.ts).
 * The text columns the database keeps to the contract's names (CHECK constraints) are narrowed to
 * them, and the pricing module's lines (jsonb) to their shape; SELECT_ORDER's
 * `series_card_saved` is its rows' only (the lists do not read it).
 */
export type OrderRow = Omit<Selectable<Orders>, 'status' | 'payment_method' | 'price_lines' | 'skipped_from'> & {
  status: OrderStatus;
  payment_method: PaymentMethod | null;
  /** The pricing module's lines (pence, each with its rate), when priced so. */
  price_lines: StoredPriceLine[] | null;
  /** A visit the customer skipped (024): the status it had, which Undo restores. */
  skipped_from: OrderStatus | null;
  user_name: Selectable<Users>['name'];
  /** '' once the account is erased (its email is null). */
  user_email: string;
  service_name: Selectable<Services>['name'];
  refund_status: RefundStatus | null;
  refund_reason: Selectable<RefundRequests>['reason'] | null;
  refund_fee: Selectable<RefundRequests>['fee'] | null;
  /** The order's series keeps a saved card that pays its later visits (decision 038); SELECT_ORDER's rows only. */
  series_card_saved?: boolean;
};

const ITEM_COLUMNS = ['item_id', 'name', 'unit_price', 'quantity', 'total_price'] as const;
export type OrderItemRow = Pick<Selectable<OrderItems>, (typeof ITEM_COLUMNS)[number]>;

export interface CheckoutFields {
  dueAt: Date;
  address: string;
  phone: string;
  city: string;
  codePostal: string;
  clientNote: string;
  paymentMethod: PaymentMethod;
  paymentRef: string | null;
  checkedOutAt: Date;
}

export const SELECT_ORDER = `
  SELECT o.*, u.name AS user_name, COALESCE(u.email, '') AS user_email, s.name AS service_name,
         r.status AS refund_status, r.reason AS refund_reason, r.fee AS refund_fee,
         EXISTS (SELECT 1 FROM booking_series b WHERE b.id = o.series_id AND b.card_payment_method IS NOT NULL) AS series_card_saved
    FROM orders o
    JOIN users u ON u.id = o.user_id
    JOIN services s ON s.id = o.service_id
    LEFT JOIN refund_requests r ON r.order_id = o.id`;

/**
 * The ids of a page (late row lookup, paging.ts) from the orders' own indexes; a sort by the
 * customer's or the service's name joins just that table.
 */
const ORDER_IDS = 'SELECT o.id FROM orders o';
const ORDER_IDS_BY_USER = 'SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id';

/**
 * By service name: each service's order ids are read through its (service_id, id) index, at most
 * as deep as the page reaches, then the few services' ids are merged. A plain join would sort every
 * order by its service's name (2.5 s at a million orders).
 */
const ORDER_IDS_BY_SERVICE: PlacedSelect = (conditions, depth, keys) => `
  SELECT o.id FROM services s
    CROSS JOIN LATERAL (
      SELECT o.id FROM orders o WHERE o.service_id = s.id${conditions.and}
       ORDER BY o.id ${keys.at(-1)?.desc ? 'DESC' : 'ASC'} LIMIT ${depth}) o`;

function orderIdsFor(query: OrderListQuery): LateLookup {
  const ids = query.sort === 'service' ? ORDER_IDS_BY_SERVICE : query.sort === 'user' ? ORDER_IDS_BY_USER : ORDER_IDS;
  return { ids, idColumn: 'o.id' };
}

/**
 * The matching orders first, then their names and the sort: for a search or filter that matches
 * few orders. Left to itself PostgreSQL walks every customer in name order hoping to meet five
 * matches soon (17 s for a week's 386 jobs among a million orders); the total is known by then,
 * so the choice is made on it (docs/decisions/017-order-search.md).
 */
const SELECT_MATCHES_FIRST: PlacedSelect = (conditions) => `
  WITH matches AS MATERIALIZED (SELECT o.* FROM orders o ${conditions.where})
  SELECT o.*, u.name AS user_name, u.email AS user_email, s.name AS service_name,
         r.status AS refund_status, r.reason AS refund_reason, r.fee AS refund_fee
    FROM matches o
    JOIN users u ON u.id = o.user_id
    JOIN services s ON s.id = o.service_id
    LEFT JOIN refund_requests r ON r.order_id = o.id`;

/**
 * A search alone (no other filter) in an order its hits carry (when placed, the id, the customer's
 * name): the page is sorted from the hits themselves — ids, customers and dates read from indexes
 * alone — and only its rows are read in full. Reading every match's row first (above) was what a
 * full name with thousands of matches cost at ten million orders (175–294 ms, issue 27; decision 064).
 */
function pagedFromHits(query: OrderListQuery): string | null {
  const q = query.q?.trim();
  const alone = q && query.status === undefined && !query.due_from && !query.due_to && query.service === undefined
    && query.payment_method === undefined && query.unassigned === undefined;
  return alone && (query.sort === undefined || query.sort === 'created' || query.sort === 'id' || query.sort === 'user') ? q : null;
}

/** Up to this many matches are read first and sorted (milliseconds); more are read in index order. */
export const MATCHES_SORTED_FIRST = 20_000;

export type OrderSort = 'created' | 'id' | 'user' | 'service' | 'total' | 'status' | 'due' | 'completed';

/** How a list of orders is ordered and filtered (order-filters.ts); with no `sort`, newest first. */
export interface OrderListQuery extends OrderFilters {
  sort?: OrderSort;
  order?: 'asc' | 'desc';
}

// Each sort ends with the id in the same direction, so equal values never swap between pages;
// every one is served by an index of 006_paging.sql (names through the users' and services' own).
const SORT_SQL: Record<OrderSort, { sql: string; nullsLast?: boolean }> = {
  created: { sql: 'o.created_at' },
  id: { sql: 'o.id' },
  user: { sql: 'lower(u.name)' },
  service: { sql: 'lower(s.name)' },
  total: { sql: 'o.total' },
  status: { sql: 'o.status' },
  due: { sql: 'o.due_at', nullsLast: true },
  completed: { sql: 'o.completed_at', nullsLast: true },
};

export function orderSortKeys(query: OrderListQuery): SortKey[] {
  const sort = query.sort ?? 'created';
  const desc = query.order ? query.order === 'desc' : !query.sort;
  const key = SORT_SQL[sort];
  if (sort === 'id') return [{ sql: 'o.id', desc }];
  // Customers of the same name stay apart: the users' (lower(name), id) index then leads, and only
  // one customer's orders are ever sorted by id at a time.
  if (sort === 'user') return [{ ...key, desc }, { sql: 'u.id', desc }, { sql: 'o.id', desc }];
  return [{ ...key, desc }, { sql: 'o.id', desc }];
}

/** An order as the CSV export reads it: the list's row, its team's name, its first invoice's number and its ledger. */
export type OrderCsvRow = OrderRow & {
  team_name: Selectable<Teams>['name'] | null;
  invoice_number: Selectable<Invoices>['number'] | null;
  ledger: LedgerLine[];
};
/** The row as the statement answers it: the ledger as JSON text (LEDGER_JSON_SQL). */
type OrderCsvStored = Omit<OrderCsvRow, 'ledger'> & { ledger: string };

/** The filters of a list of orders; callers add their own (the customer, drafts) to the result. */
/**
 * An order is a draft from Next until its checkout (docs/decisions/007): nobody sees it as a
 * booking (My orders, the back office's lists, detail, counts) and it expires. Lists and counts
 * keep this in their WHERE clause (the counters keep placed orders apart: `checked_out`).
 */
export const PLACED = 'o.checked_out_at IS NOT NULL';

export function orderConditions(query: OrderListQuery): Conditions {
  return addOrderFilters(new Conditions().add(PLACED), query);
}


export function orderRepository(db: Database) {
  const k = kysely(db);
  return {
    /** A series' cancelled cash visits due before `dueAt`, oldest first: those that may owe a late fee (decision 070). */
    async cancelledCashVisitsBefore(seriesId: number, dueAt: Date): Promise<{ id: number }[]> {
      return k.selectFrom('orders').select('id')
        .where('series_id', '=', seriesId).where('status', '=', sql.lit(CANCELLED_STATUS)).where('payment_method', '=', sql.lit('cash'))
        .where('due_at', '<', dueAt)
        .orderBy('id')
        .execute();
    },

    /** A placed (checked-out) order; with `drafts`, a draft too (only its checkout wants one). */
    async find(id: number, options: { forUpdate?: boolean; drafts?: boolean } = {}): Promise<OrderRow | null> {
      const lock = options.forUpdate ? ' FOR UPDATE OF o' : '';
      const placed = options.drafts ? '' : ` AND ${PLACED}`;
      const { rows } = await sql<OrderRow>`${sql.raw(SELECT_ORDER)} WHERE o.id = ${id}${sql.raw(`${placed}${lock}`)}`.execute(k);
      return rows[0] ?? null;
    },

    /** One page of a customer's own orders. */
    async pageByUser(userId: number, query: OrderListQuery, page: PageRequest): Promise<Page<OrderRow>> {
      const conditions = orderConditions(query).add('o.user_id = $?', userId);
      const total = await countCustomerOrders(db, userId, query.status ? [query.status] : null);
      return selectPage<OrderRow>(db, { select: SELECT_ORDER, lateLookup: orderIdsFor(query), conditions, keys: orderSortKeys(query), total, page });
    },

    /** One page of every order; the total comes from the counters, not from counting the table. */
    async page(query: OrderListQuery, page: PageRequest, searchCountCap = SEARCH_COUNT_CAP): Promise<Page<OrderRow>> {
      const searched = pagedFromHits(query);
      if (searched !== null) {
        // A backstop: a search that still runs long answers 503 in seconds, not after the pool's 15 s.
        return db.transaction(async (tx) => {
          await sql.raw(`SET LOCAL statement_timeout = ${SEARCH_STATEMENT_TIMEOUT_MS}`).execute(kysely(tx));
          return pageOfHits(tx, searched, query, page, searchCountCap);
        });
      }
      const conditions = orderConditions(query);
      // Status and payment method are read from the counters; any other filter is counted under its own indexes.
      const counted = countedByCounters(query);
      const total = counted
        ? await countOrders(db, query.status ? [query.status] : null, query.payment_method ?? null)
        : await countRows(db, 'FROM orders o', conditions);
      const keys = orderSortKeys(query);
      const statusAlone = counted && query.payment_method === undefined;
      if (!statusAlone && total <= MATCHES_SORTED_FIRST) return selectPage<OrderRow>(db, { select: SELECT_MATCHES_FIRST, conditions, keys, total, page });
      return selectPage<OrderRow>(db, { select: SELECT_ORDER, lateLookup: orderIdsFor(query), conditions, keys, total, page });
    },

    /**
     * The whole list of a sort and filter, without LIMIT, through a cursor in a transaction of the
     * caller's (services/orders-csv.ts; a bad filter is refused here, before it streams), with what the export adds to each order: its team, its
     * first invoice (issued when paid) and its ledger, each through its own index (teams' key,
     * invoices' and the ledger's order_id). Hand-tuned text like the pages (decision 106).
     */
    csvCursor(query: OrderListQuery, cursor = 'orders_csv'): CursorOf<OrderCsvRow> {
      const conditions = orderConditions(query);
      const columns = `(SELECT t.name FROM teams t WHERE t.id = o.team_id) AS team_name,
        (SELECT min(i.number) FROM invoices i WHERE i.order_id = o.id) AS invoice_number, ${LEDGER_JSON_SQL('o.id')} AS ledger`;
      const select = SELECT_ORDER.replace('SELECT o.*,', `SELECT o.*, ${columns},`);
      const statement = CompiledQuery.raw(`${select} ${conditions.where} ${orderBySql(orderSortKeys(query))}`, conditions.params);
      return mapCursor(cursorOver<OrderCsvStored>(cursor, statement), (row) => ({ ...row, ledger: ledgerFromJson(row.ledger) }));
    },

    items(orderId: number): Promise<OrderItemRow[]> {
      return k.selectFrom('order_items').select(ITEM_COLUMNS).where('order_id', '=', orderId).orderBy('item_id').execute();
    },

    /** Records the checkout, only from the not-yet-checked-out state; false when that is not the case. */
    async checkout(id: number, fields: CheckoutFields): Promise<boolean> {
      const rows = await k.updateTable('orders')
        .set((eb) => ({
          due_at: fields.dueAt, address: fields.address, phone: fields.phone, city: fields.city, code_postal: fields.codePostal,
          client_note: fields.clientNote, payment_method: fields.paymentMethod, payment_ref: fields.paymentRef,
          checked_out_at: fields.checkedOutAt, version: eb('version', '+', 1),
        }))
        .where('id', '=', id).where('checked_out_at', 'is', null)
        .returning('id')
        .execute();
      return rows.length === 1;
    },

    /**
     * Sets the status; `completed` stamps completed_at, any other status clears it. With
     * `expectedVersion`, only that version is changed (no lost update); false when nothing matched.
     */
    async setStatus(id: number, status: OrderStatus, at: Date, expectedVersion?: number): Promise<boolean> {
      let update = k.updateTable('orders')
        .set((eb) => ({
          status,
          completed_at: status === COMPLETED_STATUS ? eb.fn.coalesce('completed_at', sql<Date>`${at}::timestamptz`) : null,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id);
      if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion);
      const rows = await update.returning('id').execute();
      return rows.length === 1;
    },

    /** Names the provider's payment the order is paid through (one per order; set once). */
    async setPaymentRef(id: number, paymentRef: string): Promise<void> {
      await k.updateTable('orders').set({ payment_ref: paymentRef }).where('id', '=', id).where('payment_ref', 'is distinct from', paymentRef).execute();
    },

    /** A card order awaiting payment becomes payment_validated with what was paid; false otherwise. */
    async markPaid(id: number, payment: { amount: number; at: Date; paymentRef: string }): Promise<boolean> {
      const rows = await k.updateTable('orders')
        .set((eb) => ({
          status: sql.lit(PAID_STATUS), paid_amount: payment.amount, paid_at: payment.at, payment_ref: payment.paymentRef,
          version: eb('version', '+', 1), payment_failure: null, payment_failed_at: null,
        }))
        .where('id', '=', id).where('status', '=', sql.lit(FIRST_STATUS)).where('payment_method', '=', sql.lit('card')).where('paid_amount', 'is', null)
        .returning('id')
        .execute();
      return rows.length === 1;
    },

    /**
     * A card payment that arrived after the order was cancelled (decision 071): what was paid and
     * when, so its receipt and credit note can be read; the status stays cancelled. False when paid before.
     */
    async markPaidAfterCancellation(id: number, payment: { amount: number; at: Date }): Promise<boolean> {
      const rows = await k.updateTable('orders')
        .set((eb) => ({ paid_amount: payment.amount, paid_at: payment.at, version: eb('version', '+', 1) }))
        .where('id', '=', id).where('status', '=', sql.lit(CANCELLED_STATUS)).where('paid_amount', 'is', null)
        .returning('id')
        .execute();
      return rows.length === 1;
    },

    /** Records a failed card attempt on an order still awaiting its card payment; false otherwise. */
    async markPaymentFailed(id: number, failure: { reason: string; at: Date }): Promise<boolean> {
      const rows = await k.updateTable('orders')
        .set({ payment_failure: failure.reason, payment_failed_at: failure.at })
        .where('id', '=', id).where('status', '=', sql.lit(FIRST_STATUS)).where('payment_method', '=', sql.lit('card')).where('paid_amount', 'is', null)
        .returning('id')
        .execute();
      return rows.length === 1;
    },

    count(): Promise<number> {
      return countOrders(db, null);
    },

    /** Deletes the drafts created at or before `createdBy` (with their items); answers how many. */
    async deleteDraftsCreatedBy(createdBy: Date): Promise<number> {
      const rows = await k.deleteFrom('orders as o')
        .where('o.checked_out_at', 'is', null).where('o.created_at', '<=', createdBy)
        // A draft on a day's waiting list is kept for its offer (decision 056).
        .where(({ exists, not, selectFrom }) => not(exists(
          selectFrom('waitlist_entries as w').select(sql.lit(1).as('one')).whereRef('w.order_id', '=', 'o.id').where('w.status', 'in', [sql.lit('waiting'), sql.lit('offered')]),
        )))
        .returning('o.id')
        .execute();
      return rows.length;
    },

    /** How the team gets in (decision 050), set or cleared. */
    async setAccessNotes(id: number, notes: string | null): Promise<void> {
      await k.updateTable('orders').set({ access_notes: notes }).where('id', '=', id).execute();
    },

    /** The visit's new start; the rescheduling fee (pence) adds to its fees. */
    async reschedule(id: number, dueAt: Date, fee: number): Promise<void> {
      await k.updateTable('orders')
        .set((eb) => ({ due_at: dueAt, reschedule_fees: eb('reschedule_fees', '+', fee), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** The balance's payment page is now `ref`; answers the page it replaced (null: none, or the same). */
    async replaceBalancePaymentRef(id: number, ref: string): Promise<string | null> {
      const replaced = await k.updateTable('orders as o')
        .from(k.selectFrom('orders').select(['id', 'balance_payment_ref as old']).where('id', '=', id).forUpdate().as('before'))
        .set({ balance_payment_ref: ref })
        .whereRef('o.id', '=', 'before.id').where('o.balance_payment_ref', 'is distinct from', ref)
        .returning('before.old')
        .executeTakeFirst();
      return replaced?.old ?? null;
    },

    /** The customer's orders open and unpaid (the cap of rate-limits.ts), counted up to `cap` only. */
    async openUnpaidCount(userId: number, cap: number): Promise<number> {
      const row = await k
        .selectFrom(
          k.selectFrom('orders').select(sql.lit(1).as('one'))
            .where('user_id', '=', userId).where('status', '=', sql.lit(FIRST_STATUS))
            .where((eb) => eb.or([eb('checked_out_at', 'is', null), eb('payment_method', '=', sql.lit('card'))]))
            .where(sql<boolean>`COALESCE(series_occurrence, 0) = 0`)
            .limit(cap)
            .as('open_orders'),
        )
        .select(sql<number>`count(*)::int`.as('open'))
        .executeTakeFirst();
      return Number(row?.open ?? 0);
    },

    /** A series' visits whose time has come and that were not cancelled, in time order; `lock` takes their rows. */
    async doneSeriesVisits(seriesId: number, now: Date, lock = false): Promise<Array<{ id: number }>> {
      const visits = k.selectFrom('orders').select('id')
        .where('series_id', '=', seriesId).where('due_at', '<=', now).where('status', '<>', sql.lit(CANCELLED_STATUS))
        .orderBy('due_at').orderBy('id');
      return (lock ? visits.forUpdate() : visits).execute();
    },

    /** Series visits with a saved card due in (from, to], still awaiting their first card payment, nothing refused or asked back. */
    async savedCardVisitsDue(from: Date, to: Date, limit: number): Promise<Array<{ id: number }>> {
      return k.selectFrom('orders as o').innerJoin('booking_series as b', 'b.id', 'o.series_id')
        .select('o.id')
        .where('o.series_id', 'is not', null).where('o.payment_method', '=', sql.lit('card')).where('o.status', '=', sql.lit(FIRST_STATUS))
        .where('o.paid_amount', 'is', null)
        .where('o.due_at', '>', from).where('o.due_at', '<=', to).where('o.payment_failed_at', 'is', null).where('o.checked_out_at', 'is not', null)
        .where('b.card_payment_method', 'is not', null)
        .where(({ exists, not, selectFrom }) => not(exists(selectFrom('refund_requests as r').select(sql.lit(1).as('one')).whereRef('r.order_id', '=', 'o.id'))))
        .orderBy('o.due_at').orderBy('o.id')
        .limit(sql.lit(Number(limit)))
        .execute();
    },

    /** How the order is paid (cash when not said). */
    async paymentMethod(id: number): Promise<string> {
      const row = await k.selectFrom('orders').select('payment_method').where('id', '=', id).executeTakeFirst();
      return row?.payment_method ?? 'cash';
    },
  };
}

export type OrderRepository = ReturnType<typeof orderRepository>;

/**
 * A search alone's page (pagedFromHits). Its hits are counted up to `cap`, each index's part
 * stopping at `cap + 1` (decision 092): a search that finds at most `cap` orders is counted exactly
 * and sorted from its hits (the sort keys name them `o`, the customer `u`); one that finds more
 * walks the list's own index in its order, tests each order with the search and stops at the page,
 * and its total is "more than `cap`". Either costs about the same whatever the text matches.
 */
async function pageOfHits(db: Database, q: string, query: OrderListQuery, page: PageRequest, cap: number): Promise<Page<OrderRow>> {
  const hits = searchHitsSql(q);
  const limited = new Conditions().add(hits.parts.map((part) => `(${part} LIMIT ${cap + 1})`).join(' UNION ALL '), ...hits.values);
  const { total: counted, lowerBound } = await cappedCount(db, `SELECT DISTINCT o.id FROM (${limited.parts[0]!}) o`, limited.params, cap);
  const [firstKey] = orderSortKeys(query);
  const newestFirst = (query.sort === undefined || query.sort === 'created') && firstKey!.desc;
  if (lowerBound && (newestFirst || query.sort === 'user')) {
    const found = await pageThroughCustomers(db, hits, query, page, cap);
    if (found) return { rows: found.rows, total: counted, totalIsLowerBound: true };
  }
  if (lowerBound && (query.sort !== 'user' || await customersDenseAtStart(db, q, query.order === 'desc'))) {
    const conditions = new Conditions().add(PLACED);
    const match = searchRowMatchesSql(q);
    conditions.add(match.sql, ...match.values);
    const found = await selectPage<OrderRow>(db, { select: SELECT_ORDER, lateLookup: orderIdsFor(query), conditions, keys: orderSortKeys(query), total: UNKNOWN_TOTAL, page });
    return { rows: found.rows, total: counted, totalIsLowerBound: true };
  }
  const total = lowerBound ? UNKNOWN_TOTAL : counted;
  // The hits' SQL numbered once as the only "condition" (the ids place it themselves): selectPage numbers its own parameters after it.
  const carrier = new Conditions().add(hits.sql, ...hits.values);
  const hitsSql = carrier.parts[0]!;
  const byUser = query.sort === 'user';
  const ids: PlacedSelect = () => `SELECT o.id FROM (${hitsSql}) o${byUser ? ' JOIN users u ON u.id = o.user_id' : ''}`;
  const found = await selectPage<OrderRow>(db, { select: SELECT_ORDER, lateLookup: { ids, idColumn: 'o.id' }, conditions: carrier, keys: orderSortKeys(query), total, page });
  return lowerBound ? { rows: found.rows, total: counted, totalIsLowerBound: true } : found;
}

/**
 * A broad search newest first or by customer name (decision 112): the orders found through the
 * customers are read from the matching customers (matching-customers.ts), those found by their own
 * fields (postcode, phone, id, reference) from their hits, and the page is sorted from both as any
 * list. Null when the orders' own fields match more than `cap`: walked as before (decision 092).
 */
async function pageThroughCustomers(db: Database, hits: ReturnType<typeof searchHitsSql>, query: OrderListQuery, page: PageRequest, cap: number): Promise<Page<OrderRow> | null> {
  const q = query.q!.trim();
  const window = pageWindow(UNKNOWN_TOTAL, page)!;
  const depth = window.skip + window.take;
  const keys = orderSortKeys(query);
  // The orders' own fields: every part but the first (the customers'), with their values.
  const customerValues = (hits.parts[0]!.match(/\$\?/g) ?? []).length;
  const own = new Conditions().add(hits.parts.slice(1).map((part) => `(${part} LIMIT ${cap + 1})`).join(' UNION ALL '), ...hits.values.slice(customerValues));
  const { lowerBound } = await cappedCount(db, `SELECT DISTINCT o.id FROM (${own.parts[0]!}) o`, own.params, cap);
  if (lowerBound) return null;
  const ownHits = new Conditions().add(hits.parts.slice(1).join(' UNION '), ...hits.values.slice(customerValues));
  const byUser = query.sort === 'user';
  const ownFirst = await handTunedRows<{ id: number }>(
    db,
    // Read as a set first (at most `cap`): left to itself PostgreSQL may walk the list's index hoping to meet a rare match soon.
    `WITH own AS MATERIALIZED (${ownHits.parts[0]!})
     SELECT o.id FROM own o${byUser ? ' JOIN users u ON u.id = o.user_id' : ''} ${orderBySql(keys)} LIMIT ${depth}`,
    ownHits.params,
  );
  const ids = byUser
    ? [...await firstOrdersOfMatchingCustomersByName(db, q, depth, keys[0]!.desc), ...ownFirst.map((row) => row.id)]
    : await newestOrdersOfMatchingCustomers(db, q, depth, ownFirst.map((row) => row.id));
  const conditions = new Conditions().add(PLACED).add('o.id = ANY($?::integer[])', ids);
  const found = await selectPage<OrderRow>(db, { select: SELECT_ORDER, lateLookup: orderIdsFor(query), conditions, keys, total: UNKNOWN_TOTAL, page });
  return found;
}

/**
 * Whether the first customers in name order (where a page by customer name is read) are often
 * matches: one in five of the first 500. Names sort by first name, so a surname's customers sit in
 * one place of each first name's run, and walking in name order met 16,000 orders before five
 * Smiths (1 in 64: 60 → 200–350 ms at a million orders); such a search sorts its hits instead. A
 * fragment every customer shares is dense everywhere: walked, 1.4 s → 20 ms (decision 092).
 */
async function customersDenseAtStart(db: Database, q: string, desc: boolean): Promise<boolean> {
  const match = new Conditions();
  const user = userRowMatchesSql('su', q);
  match.add(user.sql, ...user.values);
  const direction = desc ? 'DESC' : 'ASC';
  const [row] = await handTunedRows<{ n: number }>(
    db,
    `SELECT count(*)::integer AS n FROM (SELECT name_fold, email FROM users ORDER BY lower(name) ${direction}, id ${direction} LIMIT 500) su ${match.where}`,
    match.params,
  );
  return (row?.n ?? 0) >= 100;
}

/** Marks the order changed without changing a field (a refund request was added to it). */
export async function touchOrder(db: Database, id: number): Promise<void> {
  await kysely(db).updateTable('orders').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', id).execute();
}
