import { LATE_FEE_PERCENT, NOTICE_HOURS } from './booking-terms';
import { percentOf, type Pence } from '../money/money';
import type { OrderStatus } from '../../openapi/schema';
import { customerMayCancel, statusWord } from '../orders/order-statuses';

/**
 * The cancellation terms (docs/requirements.md R-CANCEL-3), in one place: free at least 24 hours before the job,
 * 30% of the total within 24 hours, refused once the job has started; the same for cash and card
 * (decision 032: the fee is kept from a card payment, owed on an order not paid yet). An order not
 * yet checked out has no job time, so it can be cancelled free. Pure: the caller passes the clock.
 * Its words are domain/terms/booking-terms.ts, from the same two numbers.
 */
export const FREE_CANCELLATION_NOTICE_MS = NOTICE_HOURS * 60 * 60 * 1000;
export const LATE_CANCELLATION_PERCENT = LATE_FEE_PERCENT;

export interface CancellableOrder {
  status: OrderStatus;
  total: Pence;
  /** When the job starts; null before checkout. */
  dueAt: Date | null;
  /** A refund request exists already (pending, accepted or rejected). */
  hasRefundRequest: boolean;
  /** Money was paid (a card payment the provider confirmed): the fee is kept from it, else owed. */
  paid: boolean;
}

export type CancellationTerms =
  /** `freeUntil`: until when cancelling stays free (null: no job time yet, free). */
  | { allowed: true; fee: Pence; freeUntil: Date | null }
  | { allowed: false; fee: 0; reason: string };

const refuse = (reason: string): CancellationTerms => ({ allowed: false, fee: 0, reason });

export function cancellationTerms(order: CancellableOrder, now: Date): CancellationTerms {
  // The transition table (domain/orders/order-statuses.ts): a customer cancels only an order it lets them.
  if (!customerMayCancel(order.status)) return refuse(`This order is already ${statusWord(order.status)}`);
  if (order.hasRefundRequest) return refuse('A cancellation was already requested for this order');
  if (order.dueAt === null) return { allowed: true, fee: 0, freeUntil: null };

  const notice = order.dueAt.getTime() - now.getTime();
  if (notice <= 0) return refuse('The service cannot be cancelled once it has started');
  const feeFrom = new Date(order.dueAt.getTime() - FREE_CANCELLATION_NOTICE_MS);
  if (notice >= FREE_CANCELLATION_NOTICE_MS) return { allowed: true, fee: 0, freeUntil: feeFrom };
  return { allowed: true, fee: percentOf(order.total, LATE_CANCELLATION_PERCENT), freeUntil: null };
}
