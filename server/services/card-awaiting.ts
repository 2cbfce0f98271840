import type { OrderRow } from '../repositories/orders';
import { awaitsPayment } from '../../domain/orders/order-statuses';

/** A checked-out card order that nobody has paid, cancelled or asked to cancel yet. */
export function awaitsCardPayment(order: Pick<OrderRow, 'payment_method' | 'checked_out_at' | 'status' | 'paid_amount' | 'refund_status'>): boolean {
  return (
    order.payment_method === 'card' &&
    order.checked_out_at !== null &&
    awaitsPayment(order.status) &&
    order.paid_amount === null &&
    order.refund_status === null
  );
}
