import { sql, type OrderByExpression, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { pageWindow, type Page, type PageRequest } from './paging';

/** One key of a typed page's order: a column (or expression) and its direction. */
export interface TypedSortKey<TB extends keyof DB, O> {
  by: OrderByExpression<DB, TB, O>;
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
export async function selectTypedPage<TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  options: { keys: TypedSortKey<TB, O>[]; total: number; page: PageRequest },
): Promise<Page<O>> {
  const { keys, total, page } = options;
  const placement = pageWindow(total, page);
  if (!placement) return { rows: [], total };
  const { fromEnd, take, skip } = placement;
  let ordered = query;
  for (const key of keys) {
    const desc = fromEnd ? !key.desc : key.desc;
    const nullsLast = key.nullsLast === undefined ? undefined : fromEnd ? !key.nullsLast : key.nullsLast;
    ordered = ordered.orderBy(key.by, (item) => {
      const directed = desc ? item.desc() : item.asc();
      return nullsLast === undefined ? directed : nullsLast ? directed.nullsLast() : directed.nullsFirst();
    });
  }
  const rows = await ordered.limit(take).offset(skip).execute();
  return { rows: fromEnd ? rows.reverse() : rows, total };
}

/** `count(*)` of a query's rows, as an integer (the FROM and WHERE of a list). */
export const countAll = sql<number>`count(*)::integer`;
