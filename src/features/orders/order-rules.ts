import { formatMoney } from '../../lib/money';
import type { MyOrder } from '../../../openapi/schema';

/**
 * "25/11 10:30": a deadline in UK time (Europe/London), whatever the browser's zone and language.
 * The one place My orders formats a deadline, so it can move to the shared London-time module.
 */
export function formatUkDeadline(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')} ${part('hour')}:${part('minute')}`;
}

/**
 * The order's own cancellation rule, from the terms the server answered (it holds the rule):
 * "Free cancellation until 25/11 10:30", "Cancelling now costs £16.50", or null when it cannot be
 * cancelled (the card then says why).
 */
export function cancellationRuleText(cancellation: MyOrder['cancellation']): string | null {
  if (!cancellation.allowed) return null;
  if (cancellation.fee > 0) return `Cancelling now costs ${formatMoney(cancellation.fee)}`;
  return cancellation.freeUntil ? `Free cancellation until ${formatUkDeadline(cancellation.freeUntil)}` : 'Free cancellation';
}

/**
 * The order's own rescheduling terms, from the server's answer: "A rescheduling fee of £16.50 (30%)
 * applies", "Free rescheduling until 25/11 10:30", or null when it cannot move (the card says why).
 */
export function rescheduleTermsText(reschedule: MyOrder['reschedule']): string | null {
  if (!reschedule.allowed) return null;
  if (reschedule.fee > 0) return `A rescheduling fee of ${formatMoney(reschedule.fee)} (30%) applies`;
  return reschedule.freeUntil ? `Free rescheduling until ${formatUkDeadline(reschedule.freeUntil)}` : 'Free rescheduling';
}
