import type { components } from '../../openapi/schema';
import type { OrderRow } from '../repositories/orders';
import { cancellationTerms } from './cancellation-terms';
import { toPence, toPounds } from './money';

type Schemas = components['schemas'];

export const iso = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** The refund request as the customer and the order detail show it. */
export function refundView(row: OrderRow): Schemas['MyOrder']['refund'] {
  if (row.refund_status === null) return null;
  return { status: row.refund_status, reason: row.refund_reason ?? '', fee: row.refund_fee ?? 0 };
}

/** One of the customer's own orders, with what cancelling it now would cost. */
export function myOrderView(row: OrderRow, now: Date): Schemas['MyOrder'] {
  const terms = cancellationTerms(
    { status: row.status, total: toPence(row.total), dueAt: row.due_at, hasRefundRequest: row.refund_status !== null },
    now,
  );
  return {
    id: row.id,
    service: row.service_name,
    total: row.total,
    status: row.status,
    created: iso(row.created_at),
    due: isoOrNull(row.due_at),
    refund: refundView(row),
    cancellation: terms.allowed
      ? { allowed: true, fee: toPounds(terms.fee) }
      : { allowed: false, fee: 0, reason: terms.reason },
  };
}

/** A row of the back office's orders table. */
export function adminOrderView(row: OrderRow): Schemas['AdminOrder'] {
  return {
    id: row.id,
    user: row.user_name,
    service: row.service_name,
    total: row.total,
    status: row.status,
    created: iso(row.created_at),
    due: isoOrNull(row.due_at),
    completed: isoOrNull(row.completed_at),
    refund: row.refund_status !== null,
    refund_status: row.refund_status,
    version: row.version,
  };
}
