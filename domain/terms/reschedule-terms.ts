import { FREE_CANCELLATION_NOTICE_MS, LATE_CANCELLATION_PERCENT } from './cancellation-terms';
import { percentOf, type Pence } from '../money/money';
import type { OrderStatus } from '../../openapi/schema';
import { isCancelled, isInQueue, statusWord } from '../orders/order-statuses';

/**
 * The rescheduling terms (R-TERMS-1) ("24 hours' notice to reschedule, 30% fee for less"), in
 * one place: free at least 24 hours before the job, 30% of the job's price within 24 hours, refused
 * once the job has started. Pure: the caller passes the clock. Unlike a cancellation the fee does
 * not depend on money paid: it is added to the order, paid like the rest of it.
 */
export const FREE_RESCHEDULE_NOTICE_MS = FREE_CANCELLATION_NOTICE_MS;
export const LATE_RESCHEDULE_PERCENT = LATE_CANCELLATION_PERCENT;
export const UNPAID_LATE_MESSAGE = 'Within 24 hours of the job, please pay for the order (Pay now) before rescheduling it';
export const STARTED_MESSAGE = 'The booking cannot be rescheduled once the job has started';
/** What the reschedule dialog says when a closure's link opened it (decision 048). */
export const COMPANY_MOVE_TEXT = 'We closed on the day of this booking, so choosing another time is free of charge.';

export interface ReschedulableOrder {
  status: OrderStatus;
  /** The job's own price: the total less earlier rescheduling fees (a fee is never charged on a fee). */
  price: Pence;
  /** When the job starts; null before checkout. */
  dueAt: Date | null;
  /** A cancellation was requested (pending, accepted or rejected). */
  hasRefundRequest: boolean;
  /**
   * Checked out by card and not paid yet: its payment is for the total as it was, so a fee cannot
   * be added until it is paid (a free reschedule can).
   */
  awaitsCardPayment: boolean;
  /**
   * The company set the visit aside (a closure, decision 048) and mailed a link to move it: the
   * customer did not choose the move, so it is free whenever it is made, even on or after the day.
   */
  movedByCompany?: boolean;
}

export type RescheduleTerms =
  /** `freeUntil`: until when a reschedule stays free (null: the fee applies now). */
  | { allowed: true; fee: Pence; freeUntil: Date | null }
  | { allowed: false; fee: 0; reason: string };

const refuse = (reason: string): RescheduleTerms => ({ allowed: false, fee: 0, reason });

export function rescheduleTerms(order: ReschedulableOrder, now: Date): RescheduleTerms {
  if (!isInQueue(order.status)) return refuse(isCancelled(order.status) ? 'This order is cancelled' : `This order is already ${statusWord(order.status)}`);
  if (order.hasRefundRequest) return refuse('A cancellation was requested for this order');
  if (order.dueAt === null) return refuse('This order has no booking time yet');
  if (order.movedByCompany) return { allowed: true, fee: 0, freeUntil: null };
  const notice = order.dueAt.getTime() - now.getTime();
  if (notice <= 0) return refuse(STARTED_MESSAGE);
  if (notice >= FREE_RESCHEDULE_NOTICE_MS) {
    return { allowed: true, fee: 0, freeUntil: new Date(order.dueAt.getTime() - FREE_RESCHEDULE_NOTICE_MS) };
  }
  if (order.awaitsCardPayment) return refuse(UNPAID_LATE_MESSAGE);
  return { allowed: true, fee: percentOf(order.price, LATE_RESCHEDULE_PERCENT), freeUntil: null };
}
