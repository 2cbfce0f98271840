import type { Header, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { AdminTableFeatures } from './table-features';

/**
 * A column header. Sortable ones hold a real button (Enter/Space toggle it) and announce the
 * current order with aria-sort; the arrow is decoration only.
 */
export function SortableHeader<TData extends RowData>({
  header,
  children,
}: {
  header: Header<AdminTableFeatures, TData, unknown>;
  children: ReactNode;
}) {
  if (header.isPlaceholder) return <th scope="col" />;
  const column = header.column;
  if (!column.getCanSort()) return <th scope="col">{children}</th>;

  const sorted = column.getIsSorted();
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="sort-button" onClick={column.getToggleSortingHandler()}>
        {children}
        <span className={`sort-button__arrow sort-button__arrow--${sorted || 'none'}`} aria-hidden="true">
          {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '↕'}
        </span>
      </button>
    </th>
  );
}
