import type { PaymentMethod, RefundStatus } from '../../openapi/schema';
import type { StatusTone } from './order-statuses';

export { orderStatusTone, type StatusTone } from './order-statuses';

/** "payment_validated" → "Payment validated": the server's names, readable. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function refundStatusTone(status: RefundStatus | string): StatusTone {
  if (status === 'accepted') return 'completed';
  if (status === 'pending') return 'waiting';
  if (status === 'rejected') return 'cancelled';
  return 'neutral';
}

/** How an order is paid, as the back office names it: "Direct Debit" is a name, not "Direct debit" (decision 100). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { cash: 'Cash', card: 'Card', direct_debit: 'Direct Debit' };
