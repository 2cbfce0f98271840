import type { MailSite } from '../queue';
import type { OrderRow } from '../repositories/orders';
import { BOOKING_TERMS, feeChargedText } from '../../domain/terms/booking-terms';
import { formatLondon } from '../../domain/time/london-time';
import type { Mail } from '../queue/mail';
import { formatPounds } from '../../domain/money/money';
import { addressOf, bookingCalendar, manageLines, whenText } from './order-parts';
import { orderName } from '../../domain/orders/order-reference';

/**
 * The mails of a booking's life after checkout: reschedule, cancellation request, refund decision,
 * reminder. Pure: each is written into the outbox in the transaction of the change it reports.
 * Amounts are pence (decision 102).
 */

export function rescheduleMail(order: OrderRow, previousDue: Date | null, fee: number, site: MailSite, now: Date): Mail {
  const text = [
    `Hello ${order.user_name},`,
    '',
    `Your booking of ${order.service_name} (${orderName(order)}) is rescheduled.`,
    `New date and time: ${whenText(order)}`,
    ...(previousDue ? [`Was: ${formatLondon(previousDue)} (UK time)`] : []),
    `Address: ${addressOf(order)}`,
    feeChargedText('reschedule', fee),
    ...(fee > 0 ? [`The fee was added: the order's total is now ${formatPounds(order.total)}.`] : []),
    'The new time is attached as a calendar entry (.ics); it replaces the earlier one.',
    ...manageLines(site),
  ].join('\n');
  return {
    to: order.user_email,
    subject: `Booking rescheduled: ${order.service_name} on ${whenText(order)}`,
    text,
    attachments: bookingCalendar(order, site, now),
  };
}

export function cancellationRequestMail(order: OrderRow, fee: number, site: MailSite): Mail {
  const text = [
    `Hello ${order.user_name},`,
    '',
    `We received your request to cancel ${orderName(order)} (${order.service_name}, ${whenText(order)}).`,
    feeChargedText('cancel', fee),
    'We will let you know our decision by mail.',
    ...manageLines(site),
  ].join('\n');
  return { to: order.user_email, subject: `Cancellation requested: ${orderName(order)}`, text };
}

export function refundDecisionMail(
  order: OrderRow,
  decision: { status: 'accepted' | 'rejected'; fee: number; refundDue: number | null },
  site: MailSite,
): Mail {
  const accepted = decision.status === 'accepted';
  const money = !accepted
    ? 'Your booking stays as it is.'
    : decision.refundDue && decision.refundDue > 0
      ? `We refund ${formatPounds(decision.refundDue)}${decision.fee > 0 ? ` (what you paid less the ${formatPounds(decision.fee)} fee)` : ''} to your card.`
      : decision.fee > 0
        ? `A cancellation fee of ${formatPounds(decision.fee)} applies.`
        : 'Nothing was paid, so nothing is owed.';
  const text = [
    `Hello ${order.user_name},`,
    '',
    accepted
      ? `Your cancellation of ${orderName(order)} (${order.service_name}, ${whenText(order)}) is accepted: the booking is cancelled.`
      : `Your cancellation request for ${orderName(order)} (${order.service_name}, ${whenText(order)}) was declined.`,
    money,
    ...manageLines(site),
  ].join('\n');
  return {
    to: order.user_email,
    subject: accepted ? `Cancellation accepted: ${orderName(order)}` : `Cancellation declined: ${orderName(order)}`,
    text,
  };
}

export function reminderMail(order: OrderRow, site: MailSite): Mail {
  const text = [
    `Hello ${order.user_name},`,
    '',
    `A reminder: we come for ${order.service_name} (${orderName(order)}) on ${whenText(order)}.`,
    `Address: ${addressOf(order)}`,
    'Please make sure we can get in.',
    BOOKING_TERMS,
    ...manageLines(site),
  ].join('\n');
  return { to: order.user_email, subject: `Reminder: ${order.service_name} tomorrow, ${whenText(order)}`, text };
}
