import type { MailSite } from '../queue';
import type { Mail, MailAttachment } from '../queue/mail';
import type { SeriesRow } from '../repositories/series';
import { occurrenceDate, VISITS_AHEAD } from '../../domain/time/series-dates';
import { bookingCalendar, manageLines, payNowUrl } from './order-parts';
import type { OrderRow } from '../repositories/orders';
import { ledgerTotals, type LedgerLine } from '../../domain/money/ledger';
import { BOOKING_TERMS, FREQUENCY_DISCOUNT_TERMS, freeChangesUntilText } from '../../domain/terms/booking-terms';
import { FREE_CANCELLATION_NOTICE_MS } from '../../domain/terms/cancellation-terms';
import { formatPounds } from '../../domain/money/money';
import { orderLines as pricedLines } from '../../domain/money/ledger-lines';
import { formatLondon } from '../../domain/time/london-time';
import { lineText } from '../../domain/money/order-lines';
import { orderName } from '../../domain/orders/order-reference';

/**
 * The mails of an order's checkout and payment, composed here (pure) so whoever sends them (now
 * directly, later a queue) only passes the order in.
 */
/** The terms, in the words My orders and the terms page use (decision 032), and this booking's deadline. */
function termsLines(order: OrderRow): string[] {
  const freeUntil = order.due_at ? new Date(new Date(order.due_at).getTime() - FREE_CANCELLATION_NOTICE_MS) : null;
  return [
    BOOKING_TERMS,
    // A discounted series is told how its discount is earned (decision 037).
    ...(order.price_lines?.some((line) => line.kind === 'discount') ? [FREQUENCY_DISCOUNT_TERMS] : []),
    ...(freeUntil ? [`${freeChangesUntilText(freeUntil)}.`] : []),
  ];
}

const when = (order: OrderRow) => (order.due_at ? `${formatLondon(order.due_at)} (UK time)` : 'to be arranged');

function orderLines(order: OrderRow, ledger: readonly LedgerLine[]): string[] {
  const address = [order.address, order.city, order.code_postal].filter(Boolean).join(', ');
  return [
    // Every priced line (discount, extras, the Congestion Charge, fees), so the lines add up to the total.
    ...pricedLines(ledger).map((line) => `  - ${lineText(line)}`),
    `Total: ${formatPounds(ledgerTotals(ledger).total)}`,
    '',
    `Date and time: ${when(order)}`,
    `Address: ${address}`,
    `Phone: ${order.phone ?? ''}`,
  ];
}

const EVERY = { weekly: 'every week', fortnightly: 'every two weeks', monthly: 'every month on the same day' } as const;

/**
 * A series' checkout (issue 25): the frequency, the visits planned and how each is paid, and the
 * series as one repeating calendar entry instead of the first visit's.
 */
export interface SeriesConfirmation {
  series: SeriesRow;
  calendar: MailAttachment[];
}

function seriesLines(order: OrderRow, { series }: SeriesConfirmation): string[] {
  const dates = Array.from({ length: VISITS_AHEAD }, (_, n) => occurrenceDate(series.first_date, series.frequency, n));
  return [
    '',
    `This is the first visit of your ${series.frequency_name.toLowerCase()} series: a visit ${EVERY[series.frequency]} at ${series.first_time} (UK time).`,
    `Visits planned: ${dates.join(', ')}. We keep the next ${VISITS_AHEAD} visits planned; a day we are closed is passed over.`,
    order.payment_method === 'card'
      ? 'Payment: each visit is paid by card on its own, this one now and each next one with Pay now on My orders.'
      : order.payment_method === 'direct_debit'
        ? 'Payment: each visit is collected by Direct Debit after it is done.'
        : 'Payment: each visit is paid in cash on its day.',
    'You can skip, reschedule or end the series on My orders.',
  ];
}

/** After a checkout: cash is a confirmed booking; an unpaid card order says its payment is pending. */
export function bookingConfirmationMail(order: OrderRow, ledger: readonly LedgerLine[], site: MailSite, now: Date, series?: SeriesConfirmation): Mail {
  const unpaidCard = order.payment_method === 'card' && order.paid_amount === null;
  const payment =
    order.payment_method === 'card'
      ? unpaidCard
        ? 'Card, payment pending: the booking is confirmed once the payment is made. If you left the payment page, press Pay now on My orders.'
        : 'Card, paid'
      : order.payment_method === 'direct_debit'
        ? 'Direct Debit, collected after the visit is done, once you have set up the mandate on GoCardless\'s page'
        : 'Cash, on the day of the service';
  const text = [
    `Hello ${order.user_name},`,
    '',
    unpaidCard
      ? `Thank you for booking ${order.service_name} with us. Your ${orderName(order)} is waiting for its payment:`
      : `Thank you for booking ${order.service_name} with us. Your ${orderName(order)}:`,
    ...orderLines(order, ledger),
    `Payment: ${payment}`,
    ...(order.client_note ? [`Your note: ${order.client_note}`] : []),
    ...(series ? seriesLines(order, series) : []),
    '',
    ...termsLines(order),
    series
      ? 'The series is attached as one repeating calendar entry (.ics); every change we mail you updates it.'
      : 'The booking is attached as a calendar entry (.ics).',
    ...manageLines(site),
  ].join('\n');
  const what = series ? `${series.series.frequency_name} ${order.service_name} from` : `${order.service_name} on`;
  const subject = unpaidCard ? `Payment pending: ${what} ${when(order)}` : `Booking confirmed: ${what} ${when(order)}`;
  return { to: order.user_email, subject, text, attachments: series ? series.calendar : bookingCalendar(order, site, now) };
}

/**
 * After the provider confirmed a card payment: the receipt, which also confirms the booking. After
 * GoCardless confirmed a Direct Debit collection (decision 093): the receipt of the visit done.
 */
export function paymentReceiptMail(order: OrderRow, ledger: readonly LedgerLine[], site: MailSite, invoice: string[] = [], paid?: number): Mail {
  // What this payment was (a balance, a collection), else what the ledger says was paid, else what is charged.
  const totals = ledgerTotals(ledger);
  const amount = formatPounds(paid ?? (totals.paid || totals.total));
  const directDebit = order.payment_method === 'direct_debit';
  const text = [
    `Hello ${order.user_name},`,
    '',
    directDebit
      ? `We collected ${amount} by Direct Debit for ${orderName(order)}, your visit of ${order.service_name}.`
      : `We received your card payment of ${amount} for ${orderName(order)}: your booking of ${order.service_name} is confirmed.`,
    ...orderLines(order, ledger),
    `Paid: ${amount} by ${directDebit ? 'Direct Debit' : 'card'}${order.paid_at ? ` on ${formatLondon(order.paid_at)} (UK time)` : ''}`,
    // A collection follows the visit done: no terms of changing it.
    ...(directDebit ? [] : ['', ...termsLines(order)]),
    ...(invoice.length > 0 ? ['', ...invoice] : []),
    ...manageLines(site),
  ].join('\n');
  return { to: order.user_email, subject: `Payment received: ${amount} for ${orderName(order)}`, text };
}

const FAILURE_TEXT = {
  declined: 'Your card was declined, so {order} is not paid yet.',
  authentication_required: 'Your bank asked you to confirm the payment for {order}, so it is not paid yet.',
} as const;

/**
 * A card attempt failed (decision 034): the customer is asked to pay with Pay now on My orders,
 * which opens a new payment page for the amount due.
 */
export function paymentFailedMail(order: OrderRow, ledger: readonly LedgerLine[], reason: keyof typeof FAILURE_TEXT, site: MailSite): Mail {
  const due = formatPounds(ledgerTotals(ledger).balanceDue);
  const text = [
    `Hello ${order.user_name},`,
    '',
    FAILURE_TEXT[reason].replace('{order}', orderName(order)),
    `Amount due: ${due} for ${order.service_name} on ${when(order)}.`,
    '',
    `To pay, press Pay now on your order on My orders: ${payNowUrl(site, order.id)}`,
    'The booking is confirmed once the payment is made.',
    ...manageLines(site),
  ].join('\n');
  return { to: order.user_email, subject: `Payment needed: ${due} for ${orderName(order)}`, text };
}
