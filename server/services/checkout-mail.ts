import type { Mail } from './mailer';
import type { OrderItemRow, OrderRow } from '../repositories/orders';
import { formatLondon } from './london-time';
import { formatPounds, toPence } from './money';

/** The booking confirmation mailed after a checkout. */
export function bookingConfirmationMail(order: OrderRow, items: OrderItemRow[]): Mail {
  const when = order.due_at ? `${formatLondon(order.due_at)} (UK time)` : 'to be arranged';
  const address = [order.address, order.city, order.code_postal].filter(Boolean).join(', ');
  const payment =
    order.payment_method === 'card'
      ? 'Card (the booking is confirmed once the payment is made)'
      : 'Cash, on the day of the service';
  const lines = items.map((item) => `  - ${item.name} x ${item.quantity}: ${formatPounds(toPence(item.total_price))}`);
  const text = [
    `Hello ${order.user_name},`,
    '',
    `Thank you for booking ${order.service_name} with us. Your order #${order.id}:`,
    ...lines,
    `Total: ${formatPounds(toPence(order.total))}`,
    '',
    `Date and time: ${when}`,
    `Address: ${address}`,
    `Phone: ${order.phone ?? ''}`,
    `Payment: ${payment}`,
    ...(order.client_note ? [`Your note: ${order.client_note}`] : []),
    '',
    'Cancellation is free up to 24 hours before the service; within 24 hours a fee of 30% of the total applies.',
    '',
    'Sparkle Cleaning',
  ].join('\n');
  return { to: order.user_email, subject: `Booking confirmed: ${order.service_name} on ${when}`, text };
}
