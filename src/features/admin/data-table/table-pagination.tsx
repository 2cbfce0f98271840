import { Button, Select } from '../../../components/ui';
import { pageSizes } from './table-features';

interface TablePaginationProps {
  label: string;
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  rowCount: number;
  rowCountIsLowerBound?: boolean;
  onPageIndex: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
}

const pageSizeOptions = pageSizes.map((size) => ({ id: size, label: String(size) }));

/** Rows per page (5, 10, 25) and first/previous/next/last page buttons, all labelled for screen readers. */
export function TablePagination(props: TablePaginationProps) {
  const { label, pageIndex, pageCount, pageSize, rowCount } = props;
  const first = rowCount === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(rowCount, (pageIndex + 1) * pageSize);
  const canBack = pageIndex > 0;
  const canForward = pageIndex < pageCount - 1;
  // Past a search's count cap the end is not known: "of more than 10,000", and no last page to jump to.
  const moreThan = props.rowCountIsLowerBound ? `more than ${(rowCount - 1).toLocaleString('en-GB')}` : null;

  return (
    <nav className="table-pagination" aria-label={`${label} pages`}>
      <Select
        label="Rows per page"
        className="table-pagination__size"
        options={pageSizeOptions}
        selectedKey={pageSize}
        onSelectionChange={(key) => key !== null && props.onPageSize(Number(key))}
      />
      <p className="table-pagination__range" aria-live="polite">
        {first}–{last} of {moreThan ?? rowCount}
      </p>
      <div className="table-pagination__buttons">
        <PageButton label="First page" symbol="«" isDisabled={!canBack} onPress={() => props.onPageIndex(0)} />
        <PageButton label="Previous page" symbol="‹" isDisabled={!canBack} onPress={() => props.onPageIndex(pageIndex - 1)} />
        <span className="table-pagination__page">
          {moreThan ? `Page ${pageIndex + 1}` : `Page ${pageIndex + 1} of ${pageCount}`}
        </span>
        <PageButton label="Next page" symbol="›" isDisabled={!canForward} onPress={() => props.onPageIndex(pageIndex + 1)} />
        <PageButton label="Last page" symbol="»" isDisabled={!canForward || moreThan !== null} onPress={() => props.onPageIndex(pageCount - 1)} />
      </div>
    </nav>
  );
}

function PageButton(props: { label: string; symbol: string; isDisabled: boolean; onPress: () => void }) {
  return (
    <Button variant="secondary" size="sm" aria-label={props.label} isDisabled={props.isDisabled} onPress={props.onPress}>
      <span aria-hidden="true">{props.symbol}</span>
    </Button>
  );
}
