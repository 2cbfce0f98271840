import type { MailSite } from '../jobs';
import type { Mail } from './mail';
import { bookingCalendar, manageLines } from './order-mails';
import type { OrderItemRow, OrderRow } from '../repositories/orders';
import { BOOKING_TERMS, freeChangesUntilText } from '../../src/lib/booking-terms';
import { FREE_CANCELLATION_NOTICE_MS } from './cancellation-terms';
import { formatLondon } from './london-time';
import { formatPounds, toPence } from './money';

/**
 * The mails of an order's checkout and payment, composed here (pure) so whoever sends them (now
 * directly, later a queue) only passes the order in.
 */
/** The terms, in the words My orders and the terms page use (decision 032), and this booking's deadline. */
function termsLines(order: OrderRow): string[] {
  const freeUntil = order.due_at ? new Date(new Date(order.due_at).getTime() - FREE_CANCELLATION_NOTICE_MS) : null;
  return [
    BOOKING_TERMS,
    ...(freeUntil ? [`${freeChangesUntilText(freeUntil)}.`] : []),
  ];
}

const when = (order: OrderRow) => (order.due_at ? `${formatLondon(order.due_at)} (UK time)` : 'to be arranged');

function orderLines(order: OrderRow, items: OrderItemRow[]): string[] {
  const address = [order.address, order.city, order.code_postal].filter(Boolean).join(', ');
  return [
    ...items.map((item) => `  - ${item.name} x ${item.quantity}: ${formatPounds(toPence(item.total_price))}`),
    `Total: ${formatPounds(toPence(order.total))}`,
    '',
    `Date and time: ${when(order)}`,
    `Address: ${address}`,
    `Phone: ${order.phone ?? ''}`,
  ];
}

/** After a checkout: cash is a confirmed booking; an unpaid card order says its payment is pending. */
export function bookingConfirmationMail(order: OrderRow, items: OrderItemRow[], site: MailSite, now: Date): Mail {
  const unpaidCard = order.payment_method === 'card' && order.paid_amount === null;
  const payment =
    order.payment_method === 'card'
      ? unpaidCard
        ? 'Card, payment pending: the booking is confirmed once the payment is made. If you left the payment page, press Pay now on My orders.'
        : 'Card, paid'
      : 'Cash, on the day of the service';
  const text = [
    `Hello ${order.user_name},`,
    '',
    unpaidCard
      ? `Thank you for booking ${order.service_name} with us. Your order #${order.id} is waiting for its payment:`
      : `Thank you for booking ${order.service_name} with us. Your order #${order.id}:`,
    ...orderLines(order, items),
    `Payment: ${payment}`,
    ...(order.client_note ? [`Your note: ${order.client_note}`] : []),
    '',
    ...termsLines(order),
    'The booking is attached as a calendar entry (.ics).',
    ...manageLines(site),
  ].join('\n');
  const subject = unpaidCard
    ? `Payment pending: ${order.service_name} on ${when(order)}`
    : `Booking confirmed: ${order.service_name} on ${when(order)}`;
  return { to: order.user_email, subject, text, attachments: bookingCalendar(order, site, now) };
}

/** After the provider confirmed a card payment: the receipt, which also confirms the booking. */
export function paymentReceiptMail(order: OrderRow, items: OrderItemRow[], site: MailSite, invoice: string[] = []): Mail {
  const amount = formatPounds(toPence(order.paid_amount ?? order.total));
  const text = [
    `Hello ${order.user_name},`,
    '',
    `We received your card payment of ${amount} for order #${order.id}: your booking of ${order.service_name} is confirmed.`,
    ...orderLines(order, items),
    `Paid: ${amount} by card${order.paid_at ? ` on ${formatLondon(order.paid_at)} (UK time)` : ''}`,
    '',
    ...termsLines(order),
    ...(invoice.length > 0 ? ['', ...invoice] : []),
    ...manageLines(site),
  ].join('\n');
  return { to: order.user_email, subject: `Payment received: ${amount} for order #${order.id}`, text };
}
