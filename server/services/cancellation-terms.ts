import { percentOf, type Pence } from './money';
import type { OrderStatus } from './order-statuses';

/**
 * The cancellation terms of SPEC section 9, in one place: free at least 24 hours before the job,
 * 30% of the total within 24 hours, refused once the job has started. An order not yet checked
 * out has no job time, so it can be cancelled free. Pure: the caller passes the clock.
 */
export const FREE_CANCELLATION_NOTICE_MS = 24 * 60 * 60 * 1000;
export const LATE_CANCELLATION_PERCENT = 30;

export interface CancellableOrder {
  status: OrderStatus;
  total: Pence;
  /** When the job starts; null before checkout. */
  dueAt: Date | null;
  /** A refund request exists already (pending, accepted or rejected). */
  hasRefundRequest: boolean;
}

export type CancellationTerms =
  | { allowed: true; fee: Pence }
  | { allowed: false; fee: 0; reason: string };

const refuse = (reason: string): CancellationTerms => ({ allowed: false, fee: 0, reason });

export function cancellationTerms(order: CancellableOrder, now: Date): CancellationTerms {
  if (order.status === 'cancelled') return refuse('This order is already cancelled');
  if (order.status === 'completed') return refuse('This order is already completed');
  if (order.hasRefundRequest) return refuse('A cancellation was already requested for this order');
  if (order.dueAt === null) return { allowed: true, fee: 0 };

  const notice = order.dueAt.getTime() - now.getTime();
  if (notice <= 0) return refuse('The service cannot be cancelled once it has started');
  if (notice >= FREE_CANCELLATION_NOTICE_MS) return { allowed: true, fee: 0 };
  return { allowed: true, fee: percentOf(order.total, LATE_CANCELLATION_PERCENT) };
}
