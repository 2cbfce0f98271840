import type { MailSite } from '../queue';
import type { OrderRow } from '../repositories/orders';
import { calendarFile } from './ics';
import { formatLondon } from '../../domain/time/london-time';
import type { MailAttachment } from '../queue/mail';
import { orderName, orderReference } from '../../domain/orders/order-reference';

/**
 * What every mail about an order shares: the link to My orders on PUBLIC_URL (never the request's
 * Host) and, for a booking or a reschedule, the job as a calendar entry in UK time.
 */
export const MY_ORDERS_PATH = '/profile-services';

/** When a job's length is not known (orders from before 008), the calendar shows two hours. */
export const DEFAULT_JOB_MINUTES = 120;

export function myOrdersUrl(site: MailSite): string {
  return `${site.publicUrl}${MY_ORDERS_PATH}`;
}

/** My orders opened at the order, where its Pay now button is. */
export function payNowUrl(site: MailSite, orderId: number): string {
  return `${myOrdersUrl(site)}#order-${orderId}`;
}

export function receiptUrl(site: MailSite, orderId: number): string {
  return `${site.publicUrl}/orders/${orderId}/receipt`;
}

/** The closing lines of every order mail: where to see and manage the booking. */
export function manageLines(site: MailSite): string[] {
  return ['', `See and manage your bookings on My orders: ${myOrdersUrl(site)}`, '', 'Sparkle Cleaning'];
}

export function addressOf(order: OrderRow): string {
  return [order.address, order.city, order.code_postal].filter(Boolean).join(', ');
}

/** The booking as an `.ics` file; the same UID each time, so a calendar replaces the earlier entry. */
export function bookingCalendar(order: OrderRow, site: MailSite, stamp: Date): MailAttachment[] {
  if (!order.due_at) return [];
  const host = new URL(site.publicUrl).hostname || 'sparkle.test';
  const content = calendarFile({
    uid: `order-${order.id}@${host}`,
    sequence: order.version,
    start: new Date(order.due_at),
    minutes: order.duration_minutes ?? DEFAULT_JOB_MINUTES,
    summary: `Sparkle Cleaning: ${order.service_name} (${orderName(order)})`,
    location: addressOf(order),
    description: `Order ${orderReference(order)}. Manage it on My orders: ${myOrdersUrl(site)}`,
    stamp,
  });
  return [{ filename: `booking-${orderReference(order).slice(1)}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content }];
}

export const whenText = (order: OrderRow) => (order.due_at ? `${formatLondon(order.due_at)} (UK time)` : 'to be arranged');
