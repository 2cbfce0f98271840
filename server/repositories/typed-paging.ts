import { sql, type Kysely, type OrderByExpression, type RawBuilder, type SelectQueryBuilder, type SqlBool, type StringReference } from 'kysely';
import type { DB } from '../db/schema';
import { pageWindow, type Page, type PageRequest } from './paging';

/** One key of a typed page's order: a column (or expression) and its direction. */
export interface TypedSortKey<TB extends keyof D, O, D = DB> {
  by: OrderByExpression<D, TB, O>;
  desc: boolean;
  /** A missing value sorts last in both directions (dates); otherwise PostgreSQL's default. */
  nullsLast?: boolean;
}

/**
 * selectPage (paging.ts) for a Kysely query: one page of `query` (its SELECT, FROM and WHERE) in the
 * order of `keys`, which must end with a unique column. The same window: a page in the second half
 * of the list is read from its end in the reversed order, and MAX_PAGE_DEPTH holds. Rows keep the
 * query's own type (from the schema).
 */
export async function selectTypedPage<TB extends keyof D, O, D = DB>(
  query: SelectQueryBuilder<D, TB, O>,
  options: { keys: TypedSortKey<TB, O, D>[]; total: number; page: PageRequest },
): Promise<Page<O>> {
  const { keys, total, page } = options;
  const placement = pageWindow(total, page);
  if (!placement) return { rows: [], total };
  const { fromEnd, take, skip } = placement;
  const rows = await inOrder(query, keys, fromEnd).limit(take).offset(skip).execute();
  return { rows: fromEnd ? rows.reverse() : rows, total };
}

/** `query` in the order of `keys`, every direction and NULLS placement swapped when read from the end. */
function inOrder<TB extends keyof D, O, K, D>(query: SelectQueryBuilder<D, TB, O>, keys: TypedSortKey<TB, K, D>[], fromEnd: boolean): SelectQueryBuilder<D, TB, O> {
  let ordered = query;
  for (const key of keys) {
    const desc = fromEnd ? !key.desc : key.desc;
    const nullsLast = key.nullsLast === undefined ? undefined : fromEnd ? !key.nullsLast : key.nullsLast;
    ordered = ordered.orderBy(key.by as OrderByExpression<D, TB, O>, (item) => {
      const directed = desc ? item.desc() : item.asc();
      return nullsLast === undefined ? directed : nullsLast ? directed.nullsLast() : directed.nullsFirst();
    });
  }
  return ordered;
}

/**
 * selectTypedPage with a late row lookup (paging.ts's LateLookup, decision 020): the page's ids are
 * found first by `ids` (the narrow query: the FROM, WHERE and only the joins the keys need, selecting
 * `idColumn` alone) in the order of `keys`, then only those rows are read in full by `rows`, in the
 * same order. A page deep in the list walks an index alone instead of reading every row it skips.
 * The keys name columns or expressions of the tables (no alias of either SELECT), so both queries
 * take them; they end with a unique column.
 */
export async function selectTypedLatePage<TB extends keyof DB, O, I>(
  rows: SelectQueryBuilder<DB, TB, O>,
  ids: SelectQueryBuilder<DB, TB, I>,
  options: { idColumn: StringReference<DB, TB>; keys: TypedSortKey<TB, object>[]; total: number; page: PageRequest },
): Promise<Page<O>> {
  const { idColumn, keys, total, page } = options;
  const placement = pageWindow(total, page);
  if (!placement) return { rows: [], total };
  const { fromEnd, take, skip } = placement;
  const window = inOrder(ids, keys, fromEnd).limit(take).offset(skip);
  const found = await inOrder(rows.where(sql<boolean>`${sql.ref(idColumn)} IN (${window})`), keys, fromEnd).execute();
  return { rows: fromEnd ? found.reverse() : found, total };
}

/**
 * A condition written as SQL text with `$?` for each of `values` (the `Conditions` style of
 * paging.ts, as `user-search.ts` writes the staff search's rule once for every list) as a Kysely
 * expression, its values parameters as before.
 */
export function conditionOf(fragment: { sql: string; values: readonly unknown[] }): RawBuilder<SqlBool> {
  const parts = fragment.sql.split('$?');
  if (parts.length !== fragment.values.length + 1) throw new Error(`${parts.length - 1} placeholders for ${fragment.values.length} values`);
  return sql<SqlBool>(Object.assign([...parts], { raw: parts }) as unknown as TemplateStringsArray, ...fragment.values);
}

/**
 * How many rows `query` has, up to `cap` (paging.ts's cappedCount, decision 092): exact when at most
 * `cap`, else `cap + 1` and a lower bound. `query` selects as little as it can (an id);
 * never more than `cap + 1` of its rows are read.
 */
export async function cappedTypedCount<D, TB extends keyof D, O>(
  k: Kysely<D>, query: SelectQueryBuilder<D, TB, O>, cap: number,
): Promise<{ total: number; lowerBound: boolean }> {
  const { rows } = await sql<{ count: number }>`SELECT count(*)::integer AS count FROM (${query.limit(cap + 1)}) c`.execute(k);
  const count = rows[0]?.count ?? 0;
  return count > cap ? { total: cap + 1, lowerBound: true } : { total: count, lowerBound: false };
}

/** `count(*)` of a query's rows, as an integer (the FROM and WHERE of a list). */
export const countAll = sql<number>`count(*)::integer`;
