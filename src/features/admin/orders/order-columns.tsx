import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { formatMoney } from '../../../../domain/money/money';
import { adminColumnHelper, timeOf } from '../data-table/table-features';
import { DateTime } from '../shared/date-time';
import { StatusBadge } from '../shared/status-badge';
import { orderStatusTone } from '../../../../domain/orders/status-labels';
import { OrderStatusControl } from './order-status-control';
import type { AdminOrder } from '../../../../openapi/schema';
import { orderNumberShown } from '../../../../domain/orders/order-reference';

const column = adminColumnHelper<AdminOrder>();

/** The row's refund marker follows the decision (issue 11, row 16). */
const refundMarker: Record<NonNullable<AdminOrder['refund_status']>, string> = {
  pending: 'Refund requested',
  accepted: 'Refund accepted',
  rejected: 'Refund rejected',
};

/**
 * R-ADMIN-4 /orders columns. Data columns sort by their real values (ids and prices as numbers, dates
 * by time, a missing date last); the two control columns do not sort.
 */
export const orderColumns = column.columns([
  column.accessor('id', {
    header: 'Order id',
    sortFn: 'basic',
    cell: ({ row }) => (
      <>
        {orderNumberShown(row.original)}
        {row.original.refund_status ? <span className="row-marker">{refundMarker[row.original.refund_status]}</span> : null}
      </>
    ),
  }),
  column.accessor('user', { header: 'Name', sortFn: 'text' }),
  column.accessor('service', { header: 'Service Name', sortFn: 'text' }),
  column.accessor('total', { header: 'Price', sortFn: 'basic', cell: ({ row }) => formatMoney(row.original.total) }),
  column.accessor('status', {
    header: 'State',
    sortFn: 'text',
    cell: ({ row }) => <StatusBadge status={row.original.status} tone={orderStatusTone(row.original.status)} />,
  }),
  column.accessor((order) => timeOf(order.due), {
    id: 'due',
    header: 'Service Date',
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: ({ row }) => <DateTime iso={row.original.due} empty="Not booked" />,
  }),
  column.accessor((order) => timeOf(order.completed), {
    id: 'completed',
    header: 'Date of complete',
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: ({ row }) => <DateTime iso={row.original.completed} empty="Not yet" />,
  }),
  column.display({
    id: 'update',
    header: 'Update Order',
    cell: ({ row }) => <OrderStatusControl order={row.original} />,
  }),
  column.display({
    id: 'action',
    header: 'Action',
    cell: ({ row }) => (
      <Link to={paths.admin.order(row.original.id)} className="more-link" aria-label={`Details of order ${orderNumberShown(row.original)}`}>
        <span aria-hidden="true">⋯</span>
      </Link>
    ),
  }),
]);
