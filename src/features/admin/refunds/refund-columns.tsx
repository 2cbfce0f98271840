import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { adminColumnHelper, timeOf } from '../data-table/table-features';
import { DateTime } from '../shared/date-time';
import { StatusBadge } from '../shared/status-badge';
import { refundStatusTone } from '../../../../domain/orders/status-labels';
import { RefundStatusControl } from './refund-status-control';
import type { RefundRequest } from '../../../../openapi/schema';
import { formatMoney } from '../../../../domain/money/money';
import { orderNumberShown } from '../../../../domain/orders/order-reference';

const column = adminColumnHelper<RefundRequest>();

/**
 * R-ADMIN-5 /refund-orders columns. The customer's name is a hidden column (the default sort and the
 * name filter use it) and shows under the order id.
 */
export const refundColumns = column.columns([
  column.accessor('name', { header: 'Name', sortFn: 'text', filterFn: 'includesString' }),
  column.accessor('order_id', {
    header: 'Order Id',
    sortFn: 'basic',
    cell: ({ row }) => (
      <>
        {orderNumberShown(row.original)}
        <span className="row-secondary">{row.original.name}</span>
      </>
    ),
  }),
  column.accessor('reason', { header: 'Reason', sortFn: 'text' }),
  column.accessor('status', {
    header: 'Status',
    sortFn: 'text',
    cell: ({ row }) => (
      <>
        <StatusBadge status={row.original.status} tone={refundStatusTone(row.original.status)} />
        {/* What it refunds and keeps, from the ledger (decision 070). */}
        <span className="row-secondary">{refundFiguresOf(row.original)}</span>
      </>
    ),
  }),
  column.accessor((refund) => timeOf(refund.order_date), {
    id: 'order_date',
    header: 'Order Date',
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: ({ row }) => <DateTime iso={row.original.order_date} empty="" />,
  }),
  column.accessor((refund) => timeOf(refund.refund_date), {
    id: 'refund_date',
    header: 'Refund Date',
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: ({ row }) => <DateTime iso={row.original.refund_date} empty="" />,
  }),
  column.display({
    id: 'update',
    header: 'Update Status',
    cell: ({ row }) => <RefundStatusControl refund={row.original} />,
  }),
  column.display({
    id: 'action',
    header: 'Action',
    cell: ({ row }) => (
      <Link to={paths.admin.order(row.original.order_id)} className="more-link" aria-label={`Details of order ${orderNumberShown(row.original)}`}>
        <span aria-hidden="true">⋯</span>
      </Link>
    ),
  }),
]);

/** "£52.35 refunded, £22.44 kept" (to be refunded while pending); a refused request moved nothing. */
function refundFiguresOf(refund: RefundRequest): string {
  if (refund.status === 'rejected') return 'Nothing refunded';
  return `${formatMoney(refund.amount)} ${refund.status === 'pending' ? 'to refund' : 'refunded'}, ${formatMoney(refund.kept)} kept`;
}
