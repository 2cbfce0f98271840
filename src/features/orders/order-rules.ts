import { termsNowText } from '../../../domain/terms/booking-terms';
import { directDebitFeeText } from '../../../domain/money/direct-debit';
import { formatMoney } from '../../../domain/money/money';
import type { BookingSeries, MyOrder } from '../../../openapi/schema';

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

/**
 * What a visit skipped late before it was paid says of the fee it owes (decisions 070 and 109) until
 * it is paid or the skip undone. By Direct Debit, where it is paid as its series' mandate stands now
 * (BookingSeries.directDebit): the words the skip's answer and mail use (decision 114).
 */
export function owedSkipFeeText(payment: Pick<MyOrder['payment'], 'method' | 'balanceDue'>, mandate: BookingSeries['directDebit'] | null): string {
  const due = formatMoney(payment.balanceDue);
  if (payment.method === 'direct_debit') return `A late fee of ${due} is due: ${directDebitFeeText(mandate ?? null)}. Undo takes it away.`;
  return payment.method === 'cash'
    ? `A late fee of ${due} is due: please pay it in cash at your next visit. Undo takes it away.`
    : `A late fee of ${due} is due: Pay now pays it by card. Undo takes it away.`;
}
