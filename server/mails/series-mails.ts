import type { MailSite } from '../queue';
import type { OrderRow } from '../repositories/orders';
import type { SeriesRow } from '../repositories/series';
import type { Mail, MailAttachment } from '../queue/mail';
import { formatPounds, type Pence } from '../../domain/money/money';
import { manageLines, whenText } from './order-parts';
import { orderName } from '../../domain/orders/order-reference';
import { directDebitFeeText, type MandateState } from '../../domain/money/direct-debit';

/**
 * The mails of a series' changes (issue 25): a visit skipped, a skip undone, the series ended. Each
 * carries the series' calendar entry as it now is (series-calendar.ts), which replaces the one the
 * customer's calendar holds (same UID, higher SEQUENCE). Pure.
 */
const CALENDAR_LINE = 'Your calendar entry for the series is attached (.ics): it replaces the earlier one.';

/** `fee` and `refund` in pence; `refund` null when nothing was paid for the visit; `mandate` the series' Direct Debit, if it has one. */
export function visitSkippedMail(
  visit: OrderRow, series: SeriesRow, cost: { fee: Pence; refund: Pence | null; mandate?: MandateState | null }, calendar: MailAttachment[], site: MailSite,
): Mail {
  const text = [
    `Hello ${visit.user_name},`,
    '',
    `You skipped the visit of ${whenText(visit)} in your ${series.frequency_name.toLowerCase()} ${series.service_name} (${orderName(visit)}).`,
    cost.fee > 0 ? `By our terms a fee of ${formatPounds(cost.fee)} applies.` : 'Skipping it cost nothing.',
    ...(cost.refund !== null && cost.refund > 0 ? [`${formatPounds(cost.refund)} is refunded to the card you paid with.`] : []),
    // Not paid: the fee is owed, on the visit's ledger (decision 070), until it is paid or the skip undone.
    ...(cost.refund === null && cost.fee > 0 ? [owedFeeLine(visit, cost.fee, cost.mandate ?? null)] : []),
    cost.refund === null
      ? 'Changed your mind? Press Undo on My orders while that time is still free. Your other visits stay booked.'
      : 'Your other visits stay booked.',
    CALENDAR_LINE,
    ...manageLines(site),
  ].join('\n');
  return { to: visit.user_email, subject: `Visit skipped: ${series.service_name} on ${whenText(visit)}`, text, attachments: calendar };
}

/** Where a late skip's fee owed on a visit not paid is collected (decisions 070 and 109). */
export function owedFeeLine(visit: Pick<OrderRow, 'payment_method'>, fee: Pence, mandate: MandateState | null = null): string {
  if (visit.payment_method === 'direct_debit') return `${formatPounds(fee)} is now due on this visit: ${directDebitFeeText(mandate)}. Pressing Undo takes it away.`;
  return visit.payment_method === 'cash'
    ? `${formatPounds(fee)} is now due on this visit: please pay it in cash at your next visit. Pressing Undo takes it away.`
    : `${formatPounds(fee)} is now due on this visit: please pay it by card with Pay now on My orders. Pressing Undo takes it away.`;
}

export function skipUndoneMail(visit: OrderRow, series: SeriesRow, calendar: MailAttachment[], site: MailSite): Mail {
  const text = [
    `Hello ${visit.user_name},`,
    '',
    `The visit of ${whenText(visit)} in your ${series.frequency_name.toLowerCase()} ${series.service_name} (${orderName(visit)}) is booked again.`,
    CALENDAR_LINE,
    ...manageLines(site),
  ].join('\n');
  return { to: visit.user_email, subject: `Visit booked again: ${series.service_name} on ${whenText(visit)}`, text, attachments: calendar };
}

export function seriesEndedMail(
  customer: { name: string; email: string }, series: SeriesRow, ended: { visits: number; fee: Pence }, calendar: MailAttachment[], site: MailSite,
): Mail {
  const text = [
    `Hello ${customer.name},`,
    '',
    `Your ${series.frequency_name.toLowerCase()} ${series.service_name} series has ended: no more visits will be planned.`,
    ended.visits > 0
      ? `We received your request to cancel the ${ended.visits} visit${ended.visits === 1 ? '' : 's'} still booked${ended.fee > 0 ? `; by our terms fees of ${formatPounds(ended.fee)} apply` : ', at no cost'}.`
      : 'No visit was still booked.',
    CALENDAR_LINE,
    ...manageLines(site),
  ].join('\n');
  return { to: customer.email, subject: `Series ended: ${series.service_name} (${series.frequency_name})`, text, attachments: calendar };
}
