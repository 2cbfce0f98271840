import type { PaginationState, SortingState, Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PageOf } from '../../../api/paged';
import { useRequest } from '../../../shared/use-request';
import { defaultPageSize } from './table-features';

/** What every paged list call takes (docs/decisions/011): page size, page from 1, sort column and direction. */
export interface ServerPageQuery {
  limit: number;
  page: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/**
 * The list call's query for one page of a table: its filter (as JSON carries it), page size, page
 * from 1 and sort. The first-page reads started before the table renders (first-reads.ts) use it too.
 */
export function pageQuery<Query extends ServerPageQuery>(filter: object | undefined, pagination: PaginationState, sorting: SortingState): Query {
  const sortedBy = sorting[0];
  return {
    ...(JSON.parse(JSON.stringify(filter ?? {})) as object),
    limit: pagination.pageSize,
    page: pagination.pageIndex + 1,
    ...(sortedBy ? { sort: sortedBy.id, order: sortedBy.desc ? 'desc' : 'asc' } : {}),
  } as Query;
}

export const firstPage: PaginationState = { pageIndex: 0, pageSize: defaultPageSize };

const apply = <T,>(updater: Updater<T>, old: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater);

/**
 * A back-office table whose rows live on the server: the table's sort, page and filter become the
 * list call's query, and only the page shown is downloaded. A row saved by its update control
 * replaces the row in place (`updateRow`) instead of reading the list again.
 */
export function useServerTable<Row, Query extends ServerPageQuery>(
  fetchPage: (query: Query) => Promise<PageOf<Row>>,
  options: { defaultSort: SortingState; rowId: (row: Row) => string; filter?: Omit<Query, keyof ServerPageQuery> },
) {
  const { rowId } = options;
  const [sorting, setSortingState] = useState<SortingState>(options.defaultSort);
  const [pagination, setPagination] = useState<PaginationState>(firstPage);
  // Another sort or filter starts from the first page.
  const setSorting = useCallback((updater: Updater<SortingState>) => {
    setSortingState((old) => apply(updater, old));
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  }, []);
  const filterKey = JSON.stringify(options.filter ?? {});
  useEffect(() => setPagination((p) => ({ ...p, pageIndex: 0 })), [filterKey]);

  const sortedBy = sorting[0];
  const { pageIndex, pageSize } = pagination;
  const query = useMemo(
    () => pageQuery<Query>(JSON.parse(filterKey) as object, { pageIndex, pageSize }, sortedBy ? [sortedBy] : []),
    [filterKey, pageIndex, pageSize, sortedBy],
  );
  const request = useRequest(fetchPage, { auto: true, params: query });

  const [saved, setSaved] = useState<Record<string, Row>>({});
  // A page read from the server is the truth again: rows saved in place meanwhile are in it.
  useEffect(() => setSaved({}), [request.data]);
  const rows = useMemo(() => (request.data?.rows ?? []).map((row) => saved[rowId(row)] ?? row), [request.data, saved, rowId]);
  const updateRow = useCallback((row: Row) => setSaved((old) => ({ ...old, [rowId(row)]: row })), [rowId]);

  return {
    rows,
    total: request.data?.total ?? 0,
    totalIsLowerBound: request.data?.totalIsLowerBound ?? false,
    loaded: request.data !== null,
    loading: request.loading,
    error: request.error,
    retry: request.retry,
    query,
    updateRow,
    table: { sorting, onSortingChange: setSorting, pagination, onPaginationChange: setPagination },
  };
}
