import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/**
 * The features every back-office table uses (TanStack Table v9 registers only what is asked for):
 * client-side sorting, a name filter, hidden helper columns, and client-side pagination.
 * Columns sort by their real values: `text` for names (case-insensitive), `basic` for numbers,
 * money and dates (accessors return numbers or epoch milliseconds, never formatted strings).
 */
export const adminTableFeatures = tableFeatures({
  columnVisibilityFeature,
  columnFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { text: sortFn_text, basic: sortFn_basic },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type AdminTableFeatures = typeof adminTableFeatures;
export type AdminColumn<TData extends RowData> = ColumnDef<AdminTableFeatures, TData, any>;

export function adminColumnHelper<TData extends RowData>() {
  return createColumnHelper<AdminTableFeatures, TData>();
}

/** R-ADMIN-3: rows per page 5, 10, 25, default 5. */
export const pageSizes = [5, 10, 25] as const;
export const defaultPageSize = pageSizes[0];

/** A date as a sortable number; a missing date sorts last (with `sortUndefined: 'last'`). */
export function timeOf(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : time;
}
