import type { MailSite } from '../queue';
import type { OrderRow } from '../repositories/orders';
import type { Mail } from '../queue/mail';
import { formatPounds, type Pence } from '../../domain/money/money';
import { orderName, orderReference } from '../../domain/orders/order-reference';
import { manageLines, payNowUrl } from './order-parts';

/** Pay now for a balance a card-paid order owes after its payment (balance-collection.ts, decision 036). */
export function balanceDueMail(order: OrderRow, due: Pence, site: MailSite): Mail {
  const text = [
    `Hello ${order.user_name},`,
    '',
    `Order ${orderReference(order)} (${order.service_name}) has a balance due of ${formatPounds(due)}.`,
    `To pay it, press Pay now on your order on My orders: ${payNowUrl(site, order.id)}`,
    ...manageLines(site),
  ].join('\n');
  return { to: order.user_email, subject: `Balance due: ${formatPounds(due)} for ${orderName(order)}`, text };
}
