import type { OrderStatus, RefundStatus } from '../../openapi/schema';

export type StatusTone = 'completed' | 'waiting' | 'cancelled' | 'neutral';

/** "payment_validated" → "Payment validated": the server's names, readable. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** R-ADMIN-4: payment_validated and completed look completed, awaiting_validation waits, cancelled is cancelled. */
export function orderStatusTone(status: OrderStatus | string): StatusTone {
  if (status === 'payment_validated' || status === 'completed') return 'completed';
  if (status === 'awaiting_validation') return 'waiting';
  if (status === 'cancelled') return 'cancelled';
  return 'neutral';
}

export function refundStatusTone(status: RefundStatus | string): StatusTone {
  if (status === 'accepted') return 'completed';
  if (status === 'pending') return 'waiting';
  if (status === 'rejected') return 'cancelled';
  return 'neutral';
}
