import { useTable, type ColumnFiltersState, type RowData, type SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SortableHeader } from './sortable-header';
import { TablePagination } from './table-pagination';
import { adminTableFeatures, defaultPageSize, type AdminColumn } from './table-features';
import './data-table.css';

export interface DataTableProps<TData extends RowData> {
  /** The table's accessible name (caption and scroll region label). */
  label: string;
  data: TData[];
  columns: AdminColumn<TData>[];
  /** SPEC 9: default sort by name ascending. */
  defaultSort: SortingState;
  getRowId: (row: TData) => string;
  columnFilters?: ColumnFiltersState;
  hiddenColumns?: string[];
  rowClassName?: (row: TData) => string | undefined;
  /** Rendered above the table with the rows currently shown (sorted and paged), e.g. Export CSV. */
  toolbar?: (visibleRows: TData[]) => ReactNode;
  emptyMessage?: string;
}

const noFilters: ColumnFiltersState = [];

/**
 * The back office's one table: TanStack Table v9 owns sorting, filtering and paging state;
 * this component owns the markup and its accessibility (header buttons with aria-sort, a labelled,
 * keyboard-scrollable region for narrow screens, page controls).
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const { label, data, columns, defaultSort, getRowId, columnFilters = noFilters, hiddenColumns } = props;
  const [sorting, setSorting] = useState<SortingState>(defaultSort);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: defaultPageSize as number });
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
    state: { sorting, pagination, columnFilters, columnVisibility },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    // A reload after an update must not throw the administrator back to page 1.
    autoResetPageIndex: false,
  });

  // A new filter starts from the first page; a shorter list keeps the page index in range.
  const filterKey = JSON.stringify(columnFilters);
  useEffect(() => setPagination((p) => ({ ...p, pageIndex: 0 })), [filterKey]);
  const pageCount = Math.max(1, table.getPageCount());
  useEffect(() => {
    if (pagination.pageIndex >= pageCount) setPagination((p) => ({ ...p, pageIndex: pageCount - 1 }));
  }, [pagination.pageIndex, pageCount]);

  const rows = table.getRowModel().rows;
  const sortedBy = sorting[0];
  const sortedColumn = sortedBy ? table.getColumn(sortedBy.id) : undefined;
  const sortNote = sortedColumn
    ? `, sorted by ${String(sortedColumn.columnDef.header)} ${sortedBy?.desc ? 'descending' : 'ascending'}`
    : '';

  return (
    <div className="data-table">
      {props.toolbar ? <div className="data-table__toolbar">{props.toolbar(rows.map((row) => row.original))}</div> : null}
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
        rowCount={table.getRowCount()}
        onPageIndex={(pageIndex) => setPagination((p) => ({ ...p, pageIndex }))}
        onPageSize={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
      />
    </div>
  );
}
