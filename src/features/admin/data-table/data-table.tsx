import { useTable, type OnChangeFn, type PaginationState, type RowData, type SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, type ReactNode } from 'react';
import { SortableHeader } from './sortable-header';
import { TablePagination } from './table-pagination';
import { adminTableFeatures, type AdminColumn } from './table-features';
import './data-table.css';

export interface DataTableProps<TData extends RowData> {
  /** The table's accessible name (caption and scroll region label). */
  label: string;
  /** The page of rows the server answered. */
  data: TData[];
  /** How many rows the whole list holds (X-Total-Count). */
  rowCount: number;
  /** `rowCount` is a search's cap plus one: the list holds more than `rowCount - 1` rows (decision 092). */
  rowCountIsLowerBound?: boolean;
  columns: AdminColumn<TData>[];
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  getRowId: (row: TData) => string;
  hiddenColumns?: string[];
  rowClassName?: (row: TData) => string | undefined;
  /** Rendered above the table, e.g. Export CSV. */
  toolbar?: ReactNode;
  emptyMessage?: string;
}

/**
 * The back office's one table: TanStack Table v9 in manual mode (the server sorts, filters and
 * pages: use-server-table.ts); this component owns the markup and its accessibility (header
 * buttons with aria-sort, a labelled, keyboard-scrollable region for narrow screens, page controls).
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const { label, data, columns, getRowId, hiddenColumns, sorting, pagination, onPaginationChange } = props;
  const hiddenKey = (hiddenColumns ?? []).join(',');
  const columnVisibility = useMemo(
    () => Object.fromEntries(hiddenKey ? hiddenKey.split(',').map((id) => [id, false]) : []),
    [hiddenKey],
  );

  const table = useTable({
    features: adminTableFeatures,
    columns,
    data,
    getRowId,
    state: { sorting, pagination, columnVisibility },
    onSortingChange: props.onSortingChange,
    onPaginationChange,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    rowCount: props.rowCount,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    // An update saved in place must not throw the administrator back to page 1.
    autoResetPageIndex: false,
  });

  // A shorter list (rows changed meanwhile) keeps the page index in range.
  const pageCount = Math.max(1, Math.ceil(props.rowCount / pagination.pageSize));
  useEffect(() => {
    if (pagination.pageIndex >= pageCount) onPaginationChange((p) => ({ ...p, pageIndex: pageCount - 1 }));
  }, [pagination.pageIndex, pageCount, onPaginationChange]);

  const rows = table.getRowModel().rows;
  const sortedBy = sorting[0];
  const sortedColumn = sortedBy ? table.getColumn(sortedBy.id) : undefined;
  const sortNote = sortedColumn
    ? `, sorted by ${String(sortedColumn.columnDef.header)} ${sortedBy?.desc ? 'descending' : 'ascending'}`
    : '';

  return (
    <div className="data-table">
      {props.toolbar ? <div className="data-table__toolbar">{props.toolbar}</div> : null}
      <div className="data-table__scroll" role="region" aria-label={label} tabIndex={0}>
        <table>
          <caption className="visually-hidden">{label + sortNote}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortableHeader key={header.id} header={header}>
                    <table.FlexRender header={header} />
                  </SortableHeader>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length} className="data-table__empty">
                  {props.emptyMessage ?? 'Nothing to show yet.'}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className={props.rowClassName?.(row.original)}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} data-label={String(cell.column.columnDef.header ?? '')}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <TablePagination
        label={label}
        pageIndex={pagination.pageIndex}
        pageCount={pageCount}
        pageSize={pagination.pageSize}
        rowCount={props.rowCount}
        rowCountIsLowerBound={props.rowCountIsLowerBound}
        onPageIndex={(pageIndex) => onPaginationChange((p) => ({ ...p, pageIndex }))}
        onPageSize={(pageSize) => onPaginationChange({ pageIndex: 0, pageSize })}
      />
    </div>
  );
}
