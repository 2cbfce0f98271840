import type { RefundStatus } from '../../../openapi/schema';
import { termsNowText } from '../../../domain/terms/booking-terms';


/** My orders' words and tones for an order's status: domain/orders/order-statuses.ts (customerStatusLabel, orderStatusTone). */
export const refundStatusLabels: Record<RefundStatus, string> = {
  pending: 'Refund pending',
  accepted: 'Refund accepted',
  rejected: 'Refund rejected',
};

/** The same request on an order never paid: there is no money to refund, only a cancellation. */
export const unpaidCancellationLabels: Record<RefundStatus, string> = {
  pending: 'Cancellation pending',
  accepted: 'Cancellation accepted',
  rejected: 'Cancellation rejected',
};

/** Card orders checked out and not paid (issue 11): said on the card, beside Pay now. */
export const PAYMENT_NOT_COMPLETED = 'Payment not completed';

/** What cancelling now costs, by the terms (R-CANCEL-3), in the shared words (decision 032). */
export function cancellationFeeText(fee: number): string {
  return termsNowText('cancel', { fee });
}
