import { termsNowText } from '../../../domain/terms/booking-terms';
import type { MyOrder } from '../../../openapi/schema';

/**
 * The order's own cancellation rule, from the terms the server answered (it holds the rule), in the
 * shared words (decision 032): "Free cancellation until 2026-11-30 09:30 (UK time)", "Cancelling now
 * costs £16.50 (30% …)", or null when it cannot be cancelled (the card then says why).
 */
export function cancellationRuleText(cancellation: MyOrder['cancellation']): string | null {
  return cancellation.allowed ? termsNowText('cancel', cancellation) : null;
}

/** The same for rescheduling: "Free rescheduling until …", "Rescheduling now costs £16.50 (30% …)", or null. */
export function rescheduleTermsText(reschedule: MyOrder['reschedule']): string | null {
  return reschedule.allowed ? termsNowText('reschedule', reschedule) : null;
}
