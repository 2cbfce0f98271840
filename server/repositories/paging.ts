import { sql } from 'kysely';
import type { Database } from '../db/database';
import { handTunedRows } from '../db/hand-tuned';
import { kysely } from '../db/kysely';
import { badRequest } from '../lib/http-error';

/**
 * How far into a list a page may reach, counted from its nearer end: 10,000 rows. The first and
 * last pages of any list, and every page of a list of up to 20,000, are readable; a page in the
 * middle of a bigger one is refused — its cost grows with its depth (an index walked to it), and a
 * person finds such rows with a search or a filter, not by paging (as search engines cap their
 * result windows). Bounds what one request can cost (issue 12 row 3; docs/decisions/025-list-limits.md).
 */
export const MAX_PAGE_DEPTH = 10_000;
export const PAGE_TOO_DEEP = 'That page is too far into the list: narrow it with a search or a filter, or read it from the other end';

/** One key of an ORDER BY: an SQL expression and its direction. */
export interface SortKey {
  sql: string;
  desc: boolean;
  /** A missing value sorts last in both directions (dates); otherwise PostgreSQL's default. */
  nullsLast?: boolean;
}

/** What a list request asks for; `page` counts from 1. */
export interface PageRequest {
  limit: number;
  page: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
  /** The list holds more than `total - 1` rows, uncounted (a search past SEARCH_COUNT_CAP, decision 092). */
  totalIsLowerBound?: boolean;
}

/**
 * How many hits a search counts exactly (decision 092); past it the list says "more than" this.
 * Counting every hit of a broad search was its whole cost at ten million orders (issue 37).
 */
export const SEARCH_COUNT_CAP = 10_000;

/** The longest a search's statement may run (ms) before it answers 503: a backstop, far below the pool's 15 s. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2_000;

/**
 * The count of `sql`'s rows up to `cap`: exact when at most `cap`, else `cap + 1` and a lower bound.
 * `sql` must stop by itself after `cap + 1` rows (each part of it LIMITed) for the cost to be bounded.
 */
export async function cappedCount(db: Database, sql: string, params: unknown[], cap: number): Promise<{ total: number; lowerBound: boolean }> {
  const [row] = await handTunedRows<{ count: number }>(db, `SELECT count(*)::integer AS count FROM (SELECT 1 FROM (${sql}) c LIMIT ${cap + 1}) c`, params);
  const count = row?.count ?? 0;
  return count > cap ? { total: cap + 1, lowerBound: true } : { total: count, lowerBound: false };
}

/** A total for selectPage when the list's length is not known: never read from its end. */
export const UNKNOWN_TOTAL = Number.MAX_SAFE_INTEGER;

/** Composable WHERE: every list and every later filter (drafts, search) adds conditions to one of these. */
export class Conditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** Adds `sql`, where `$?` stands for `value`'s placeholder. */
  add(sql: string, ...values: unknown[]): this {
    let text = sql;
    for (const value of values) {
      this.params.push(value);
      text = text.replace('$?', `$${this.params.length}`);
    }
    this.parts.push(text);
    return this;
  }

  get where(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }

  /** The conditions after a WHERE of the caller's own (`AND a AND b`), or nothing. */
  get and(): string {
    return this.parts.map((part) => ` AND ${part}`).join('');
  }
}

const keySql = (key: SortKey) => {
  const nulls = key.nullsLast === undefined ? '' : key.nullsLast ? ' NULLS LAST' : ' NULLS FIRST';
  return `${key.sql} ${key.desc ? 'DESC' : 'ASC'}${nulls}`;
};

// The same order read from its end: every direction and NULLS placement swapped.
const reversed = (key: SortKey): SortKey => ({ sql: key.sql, desc: !key.desc, nullsLast: key.nullsLast === undefined ? undefined : !key.nullsLast });

export function orderBySql(keys: SortKey[]): string {
  return `ORDER BY ${keys.map(keySql).join(', ')}`;
}

/**
 * A SELECT that places the conditions itself (inside a subquery): it gets them, the placeholder of
 * how many rows the page reaches into the list (offset + limit), and the keys the page is read in.
 */
export type PlacedSelect = (conditions: Conditions, depth: string, keys: SortKey[]) => string;

/**
 * Late row lookup: the page's ids are found first by a narrow SELECT (`ids`: `SELECT x.id FROM …`
 * with only the joins the sort keys need, or a PlacedSelect of such ids), then only those rows are
 * read in full by `idColumn`. A page deep in the list then walks an index alone (index-only scan),
 * instead of joining and reading every row it skips: at a million orders, offset 80,000 went from
 * 580 ms on every core to 17 ms on one (docs/decisions/020-late-row-lookup.md).
 */
export interface LateLookup {
  ids: string | PlacedSelect;
  idColumn: string;
}

/**
 * Where a page lies in a list of `total` rows: null past its end; else read from the end (in the
 * reversed order) when in the second half, `take` rows after `skip`. Refuses a page deeper than
 * MAX_PAGE_DEPTH from its nearer end.
 */
export function pageWindow(total: number, page: PageRequest): { fromEnd: boolean; take: number; skip: number } | null {
  const offset = (page.page - 1) * page.limit;
  if (offset > 0 && offset >= total) return null;
  const fromEnd = offset > total / 2;
  // The total and the rows are two statements: an order placed between them is newer than the
  // count. Read forward, a page asks for a whole page, so that order does not push an older one off.
  const take = fromEnd ? Math.min(page.limit, total - offset) : page.limit;
  const skip = fromEnd ? total - offset - take : offset;
  if (skip > MAX_PAGE_DEPTH) throw badRequest(PAGE_TOO_DEEP);
  return { fromEnd, take, skip };
}

/**
 * One page of `select` (a SELECT … FROM … without WHERE or ORDER BY, or a PlacedSelect) in the
 * order of `keys`, which must end with a unique column so pages never overlap. A page in the
 * second half of the list is read from the end in the reversed order (an index serves both
 * directions), so the last page costs what the first does; the deepest page read is the middle one.
 * With `lateLookup` (and a string `select`), the skipped rows are only ever ids.
 */
export async function selectPage<T>(
  db: Database,
  options: { select: string | PlacedSelect; conditions: Conditions; keys: SortKey[]; total: number; page: PageRequest; lateLookup?: LateLookup },
): Promise<Page<T>> {
  const { select, conditions, keys, total, page, lateLookup } = options;
  const placement = pageWindow(total, page);
  if (!placement) return { rows: [], total };
  const { fromEnd, take, skip } = placement;
  const readKeys = fromEnd ? keys.map(reversed) : keys;
  const n = conditions.params.length;
  const placed = (from: string | PlacedSelect) => (typeof from === 'string' ? `${from} ${conditions.where}` : from(conditions, `$${n + 3}`, readKeys));
  const window = `${orderBySql(readKeys)} LIMIT $${n + 1} OFFSET $${n + 2}`;
  const sql =
    lateLookup && typeof select === 'string'
      ? `${select} WHERE ${lateLookup.idColumn} IN (${placed(lateLookup.ids)} ${window}) ${orderBySql(readKeys)}`
      : `${placed(select)} ${window}`;
  // The depth is a parameter only of a PlacedSelect that uses it (PostgreSQL refuses a parameter nothing uses).
  const params = [...conditions.params, take, skip, ...(new RegExp(`\\$${n + 3}(?!\\d)`).test(sql) ? [take + skip] : [])];
  const rows = await handTunedRows<T>(db, sql, params);
  return { rows: fromEnd ? rows.reverse() : rows, total };
}

/** Accounts (administrators included) or customers only, from the trigger-kept count (016, 020). */
export async function countAccounts(db: Database, who: 'accounts' | 'customers'): Promise<number> {
  const row = await kysely(db).selectFrom('customer_count').select((eb) => eb.ref(who === 'accounts' ? 'accounts' : 'customers').as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** `count(*)` of `from` (FROM … and the joins the conditions need) under the conditions. */
export async function countRows(db: Database, from: string, conditions: Conditions): Promise<number> {
  const [row] = await handTunedRows<{ count: number }>(db, `SELECT count(*)::integer AS count ${from} ${conditions.where}`, conditions.params);
  return row?.count ?? 0;
}

/** The counters' orders summed, as an integer (0 when no counter row matches). */
const sumOfOrders = sql<number>`COALESCE(sum(orders), 0)::integer`.as('count');

/**
 * Placed (checked-out) orders in the given statuses (all when null) and, when given, of one payment
 * method, from the trigger-kept counters (006_paging.sql, 060): drafts are nobody's booking.
 */
export async function countOrders(db: Database, statuses: readonly string[] | null, paymentMethod: string | null = null): Promise<number> {
  let counters = kysely(db).selectFrom('order_counters').select(sumOfOrders).where((eb) => eb.ref('checked_out'));
  if (statuses) counters = counters.where(sql<boolean>`status = ANY(${statuses}::text[])`);
  if (paymentMethod !== null) counters = counters.where('payment_method', '=', paymentMethod);
  const row = await counters.executeTakeFirst();
  return row?.count ?? 0;
}

/** A customer's placed (checked-out) orders in the given statuses (all when null), from customer_order_counters. */
export async function countCustomerOrders(db: Database, userId: number, statuses: readonly string[] | null): Promise<number> {
  let counters = kysely(db).selectFrom('customer_order_counters').select(sumOfOrders).where('user_id', '=', userId).where((eb) => eb.ref('checked_out'));
  if (statuses) counters = counters.where(sql<boolean>`status = ANY(${statuses}::text[])`);
  const row = await counters.executeTakeFirst();
  return row?.count ?? 0;
}

/** LIKE pattern for "contains `text`", with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
