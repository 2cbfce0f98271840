import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerLine } from '../../domain/money/ledger';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { OrderItemRow, OrderRow } from '../../server/repositories/orders';
import { bookingConfirmationMail, paymentReceiptMail } from '../../server/mails/checkout-mails';
import type { Mail } from '../../server/queue/mail';
import { cancellationRequestMail, refundDecisionMail, reminderMail, rescheduleMail } from '../../server/mails/manage-mails';
import { addressOf, bookingCalendar, manageLines, MY_ORDERS_PATH, myOrdersUrl, receiptUrl, whenText } from '../../server/mails/order-parts';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, placedOrder } from './support/booking';
import { janeAndHouseKeeping, ownDatabase } from './support/own-database';

/**
 * The mails of a booking's life (issue 14, decision 018): what the customer reads after checkout,
 * payment, a reschedule, a cancellation request, the decision on it, and the day before; each ends
 * with the link to My orders on PUBLIC_URL. Orders are booked the customers' way on a real PGlite.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const SITE = { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' };
const CLOSING = ['', 'See and manage your bookings on My orders: http://localhost:3000/profile-services', '', 'Sparkle Cleaning'];

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let items: Array<{ id: number; quantity: number }>;
const { book, mails } = bookings(() => db);
/** Jane's cash booking of two bedrooms and a bathroom (£80) on Wednesday 9 January 2030 at 10:00. */
let cash: { order: OrderRow; items: OrderItemRow[]; ledger: LedgerLine[] };

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  const setup = await janeAndHouseKeeping(db);
  jane = setup.jane;
  serviceId = setup.serviceId;
  items = [setup.item('Bedroom', 2), setup.item('Bathroom', 1)];
  cash = await placedOrder(db, await book(jane, serviceId, items, { date: '2030-01-09', time: '10:00', now: NOW }));
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

const lines = (mail: Mail) => mail.text.split('\n');
/** The event's lines, unfolded (RFC 5545 folds lines over 75 octets). */
const vevent = (content: string) => {
  const all = content.replace(/\r\n /g, '').split('\r\n');
  return all.slice(all.indexOf('BEGIN:VEVENT') + 1, all.indexOf('END:VEVENT'));
};

describe('the links and calendar entry every order mail shares', () => {
  it('links My orders and the VAT invoice on PUBLIC_URL', () => {
    expect(MY_ORDERS_PATH).toBe('/profile-services');
    expect(myOrdersUrl({ publicUrl: 'https://www.sparkle.co.uk', vatNumber: '' })).toBe('https://www.sparkle.co.uk/profile-services');
    expect(receiptUrl({ publicUrl: 'https://www.sparkle.co.uk', vatNumber: '' }, 42)).toBe('https://www.sparkle.co.uk/orders/42/receipt');
    expect(manageLines(SITE)).toEqual(CLOSING);
  });

  it('writes the address without the parts it lacks, and the time in UK time or "to be arranged"', () => {
    expect(addressOf(cash.order)).toBe('1 Test Street, London, SE22 8AB');
    expect(addressOf({ ...cash.order, city: null })).toBe('1 Test Street, SE22 8AB');
    expect(addressOf({ ...cash.order, address: '', city: null, code_postal: null })).toBe('');
    expect(whenText(cash.order)).toBe('2030-01-09 10:00 (UK time)');
    expect(whenText({ ...cash.order, due_at: null })).toBe('to be arranged');
  });

  it('the booking as a calendar entry: a stable UID per order on the site\'s host, the job\'s length, the link to My orders', () => {
    const stamp = new Date('2030-01-07T12:34:56.000Z');
    const [file, ...others] = bookingCalendar({ ...cash.order, version: 3, duration_minutes: 90 }, SITE, stamp);
    expect(others).toEqual([]);
    expect([file!.filename, file!.contentType]).toEqual([`booking-${cash.order.reference}.ics`, 'text/calendar; charset=utf-8; method=PUBLISH']);
    expect(vevent(file!.content)).toEqual([
      `UID:order-${cash.order.id}@localhost`,
      'SEQUENCE:3',
      'DTSTAMP:20300107T123456Z',
      'DTSTART;TZID=Europe/London:20300109T100000',
      'DTEND;TZID=Europe/London:20300109T113000',
      `SUMMARY:Sparkle Cleaning: House Keeping (order #${cash.order.reference})`,
      'LOCATION:1 Test Street\\, London\\, SE22 8AB',
      `DESCRIPTION:Order #${cash.order.reference}. Manage it on My orders: http://localhost:3000/profile-services`,
    ]);
  });

  it('a job of unknown length shows two hours; a site address without a host still names one; no time, no entry', () => {
    const [file] = bookingCalendar({ ...cash.order, duration_minutes: null }, { publicUrl: 'file:///srv/sparkle', vatNumber: '' }, NOW);
    expect(vevent(file!.content)).toEqual(expect.arrayContaining([`UID:order-${cash.order.id}@sparkle.test`, 'DTEND;TZID=Europe/London:20300109T120000']));
    expect(bookingCalendar({ ...cash.order, due_at: null }, SITE, NOW)).toEqual([]);
  });
});

describe('the checkout and payment mails', () => {
  it('a cash checkout mails a confirmed booking with its items, time, address, terms and calendar entry', async () => {
    mails.length = 0;
    const id = await book(jane, serviceId, items, { date: '2030-01-10', time: '14:30', now: NOW });
    const { order } = await placedOrder(db, id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect([mail!.to, mail!.subject]).toEqual([jane.email, 'Booking confirmed: House Keeping on 2030-01-10 14:30 (UK time)']);
    expect(lines(mail!)).toEqual([
      `Hello ${jane.name},`,
      '',
      `Thank you for booking House Keeping with us. Your order #${order.reference}:`,
      '  - Bedroom x 2: £50.00',
      '  - Bathroom x 1: £30.00',
      'Total: £80.00',
      '',
      'Date and time: 2030-01-10 14:30 (UK time)',
      'Address: 1 Test Street, London, SE22 8AB',
      'Phone: 020 7946 0000',
      'Payment: Cash, on the day of the service',
      '',
      'Cancelling or rescheduling is free until 24 hours before the job starts; within 24 hours it costs 30% of the price, whether you pay by card or in cash.',
      'Free to cancel or reschedule until 2030-01-09 14:30 (UK time).',
      'The booking is attached as a calendar entry (.ics).',
      ...CLOSING,
    ]);
    expect(mail!.attachments).toEqual(bookingCalendar(order, SITE, NOW));
    expect(vevent(mail!.attachments![0]!.content)).toContain('DTSTART;TZID=Europe/London:20300110T143000');
  });

  it('an unpaid card order says its payment is pending and how to pay; a paid one says paid', () => {
    const card = { ...cash.order, payment_method: 'card' as const, paid_amount: null };
    const pending = bookingConfirmationMail(card, cash.ledger, SITE, NOW);
    expect(pending.subject).toBe('Payment pending: House Keeping on 2030-01-09 10:00 (UK time)');
    expect(lines(pending)[2]).toBe(`Thank you for booking House Keeping with us. Your order #${cash.order.reference} is waiting for its payment:`);
    expect(lines(pending)).toContain('Payment: Card, payment pending: the booking is confirmed once the payment is made. If you left the payment page, press Pay now on My orders.');
    const paid = bookingConfirmationMail({ ...card, paid_amount: 80 }, cash.ledger, SITE, NOW);
    expect(paid.subject).toBe('Booking confirmed: House Keeping on 2030-01-09 10:00 (UK time)');
    expect(lines(paid)[2]).toBe(`Thank you for booking House Keeping with us. Your order #${cash.order.reference}:`);
    expect(lines(paid)).toContain('Payment: Card, paid');
    // A cash order with nothing paid is still confirmed.
    expect(bookingConfirmationMail({ ...cash.order, paid_amount: null }, cash.ledger, SITE, NOW).subject).toMatch(/^Booking confirmed: /);
  });

  it('repeats the customer\'s note; without a time, phone or city the lines say so plainly and no calendar entry is sent', () => {
    const noted = bookingConfirmationMail({ ...cash.order, client_note: 'Key under the mat' }, cash.ledger, SITE, NOW);
    expect(lines(noted).slice(10, 13)).toEqual(['Payment: Cash, on the day of the service', 'Your note: Key under the mat', '']);
    const bare = bookingConfirmationMail({ ...cash.order, due_at: null, phone: null, city: null, client_note: '' }, cash.ledger, SITE, NOW);
    expect(bare.subject).toBe('Booking confirmed: House Keeping on to be arranged');
    expect(lines(bare).slice(7, 12)).toEqual(['Date and time: to be arranged', 'Address: 1 Test Street, SE22 8AB', 'Phone: ', 'Payment: Cash, on the day of the service', '']);
    expect(bare.attachments).toEqual([]);
  });

  it('the payment receipt names the amount the provider confirmed, when, and the invoice lines it is given', () => {
    const paid = { ...cash.order, payment_method: 'card' as const, paid_amount: 79.99, paid_at: new Date('2030-01-08T09:15:00.000Z') };
    const mail = paymentReceiptMail(paid, cash.ledger, SITE, ['VAT invoice 000042', 'Net: £66.66'], 7999);
    expect([mail.to, mail.subject, mail.attachments]).toEqual([jane.email, `Payment received: £79.99 for order #${cash.order.reference}`, undefined]);
    expect(lines(mail)).toEqual([
      `Hello ${jane.name},`,
      '',
      `We received your card payment of £79.99 for order #${cash.order.reference}: your booking of House Keeping is confirmed.`,
      '  - Bedroom x 2: £50.00',
      '  - Bathroom x 1: £30.00',
      'Total: £80.00',
      '',
      'Date and time: 2030-01-09 10:00 (UK time)',
      'Address: 1 Test Street, London, SE22 8AB',
      'Phone: 020 7946 0000',
      'Paid: £79.99 by card on 2030-01-08 09:15 (UK time)',
      '',
      'Cancelling or rescheduling is free until 24 hours before the job starts; within 24 hours it costs 30% of the price, whether you pay by card or in cash.',
      'Free to cancel or reschedule until 2030-01-08 10:00 (UK time).',
      '',
      'VAT invoice 000042',
      'Net: £66.66',
      ...CLOSING,
    ]);
  });

  it('a Direct Debit collection\'s receipt says what was collected by Direct Debit and when, with its invoice lines, and no terms of a visit done', () => {
    const collected = { ...cash.order, payment_method: 'direct_debit' as const, paid_amount: 80, paid_at: new Date('2030-01-09T13:00:00.000Z') };
    const mail = paymentReceiptMail(collected, cash.ledger, SITE, ['VAT invoice 000043', 'Gross: £80.00'], 8000);
    expect(mail.subject).toBe(`Payment received: £80.00 for order #${cash.order.reference}`);
    expect(lines(mail)).toEqual([
      `Hello ${jane.name},`,
      '',
      `We collected £80.00 by Direct Debit for order #${cash.order.reference}, your visit of House Keeping.`,
      '  - Bedroom x 2: £50.00',
      '  - Bathroom x 1: £30.00',
      'Total: £80.00',
      '',
      'Date and time: 2030-01-09 10:00 (UK time)',
      'Address: 1 Test Street, London, SE22 8AB',
      'Phone: 020 7946 0000',
      'Paid: £80.00 by Direct Debit on 2030-01-09 13:00 (UK time)',
      '',
      'VAT invoice 000043',
      'Gross: £80.00',
      ...CLOSING,
    ]);
  });

  it('a receipt without a confirmed amount or time shows the total, and without invoice lines ends with the terms', () => {
    const mail = paymentReceiptMail({ ...cash.order, paid_amount: null, paid_at: null }, cash.ledger, SITE);
    expect(mail.subject).toBe(`Payment received: £80.00 for order #${cash.order.reference}`);
    expect(lines(mail).slice(10)).toEqual([
      'Paid: £80.00 by card',
      '',
      'Cancelling or rescheduling is free until 24 hours before the job starts; within 24 hours it costs 30% of the price, whether you pay by card or in cash.',
      'Free to cancel or reschedule until 2030-01-08 10:00 (UK time).',
      ...CLOSING,
    ]);
  });
});

describe('the mails after checkout', () => {
  it('a reschedule says the new and the old time, the fee and the new total, with the replacing calendar entry', () => {
    const moved = { ...cash.order, due_at: new Date('2030-01-11T09:00:00.000Z'), total: 10400, version: 4 };
    const mail = rescheduleMail(moved, new Date('2030-01-09T10:00:00.000Z'), 2400, SITE, NOW);
    expect([mail.to, mail.subject]).toEqual([jane.email, 'Booking rescheduled: House Keeping on 2030-01-11 09:00 (UK time)']);
    expect(lines(mail)).toEqual([
      `Hello ${jane.name},`,
      '',
      `Your booking of House Keeping (order #${cash.order.reference}) is rescheduled.`,
      'New date and time: 2030-01-11 09:00 (UK time)',
      'Was: 2030-01-09 10:00 (UK time)',
      'Address: 1 Test Street, London, SE22 8AB',
      'It was made within 24 hours of the job: by our terms a fee of £24.00 (30% of the price) applies.',
      'The fee was added: the order\'s total is now £104.00.',
      'The new time is attached as a calendar entry (.ics); it replaces the earlier one.',
      ...CLOSING,
    ]);
    expect(mail.attachments).toEqual(bookingCalendar(moved, SITE, NOW));
    expect(vevent(mail.attachments![0]!.content).slice(0, 2)).toEqual([`UID:order-${cash.order.id}@localhost`, 'SEQUENCE:4']);
  });

  it('a free reschedule of a job that had no time says so, with no "Was" line', () => {
    const mail = rescheduleMail(cash.order, null, 0, SITE, NOW);
    expect(lines(mail).slice(3, 6)).toEqual(['New date and time: 2030-01-09 10:00 (UK time)', 'Address: 1 Test Street, London, SE22 8AB', 'It was made at least 24 hours before the job: rescheduling is free.']);
  });

  it('a cancellation request says whether it was in time or what fee applies', () => {
    const late = cancellationRequestMail(cash.order, 2400, SITE);
    expect([late.to, late.subject, late.attachments]).toEqual([jane.email, `Cancellation requested: order #${cash.order.reference}`, undefined]);
    expect(lines(late)).toEqual([
      `Hello ${jane.name},`,
      '',
      `We received your request to cancel order #${cash.order.reference} (House Keeping, 2030-01-09 10:00 (UK time)).`,
      'It was made within 24 hours of the job: by our terms a fee of £24.00 (30% of the price) applies.',
      'We will let you know our decision by mail.',
      ...CLOSING,
    ]);
    expect(lines(cancellationRequestMail(cash.order, 0, SITE))[3]).toBe('It was made at least 24 hours before the job: cancelling is free.');
  });

  it('a declined cancellation leaves the booking as it is', () => {
    const mail = refundDecisionMail(cash.order, { status: 'rejected', fee: 2400, refundDue: 5600 }, SITE);
    expect([mail.to, mail.subject]).toEqual([jane.email, `Cancellation declined: order #${cash.order.reference}`]);
    expect(lines(mail)).toEqual([
      `Hello ${jane.name},`,
      '',
      `Your cancellation request for order #${cash.order.reference} (House Keeping, 2030-01-09 10:00 (UK time)) was declined.`,
      'Your booking stays as it is.',
      ...CLOSING,
    ]);
  });

  it('an accepted cancellation says what is refunded, what fee is kept, or that nothing is owed', () => {
    const accepted = (fee: number, refundDue: number | null) => refundDecisionMail(cash.order, { status: 'accepted', fee, refundDue }, SITE);
    const mail = accepted(2400, 5600);
    expect(mail.subject).toBe(`Cancellation accepted: order #${cash.order.reference}`);
    expect(lines(mail)).toEqual([
      `Hello ${jane.name},`,
      '',
      `Your cancellation of order #${cash.order.reference} (House Keeping, 2030-01-09 10:00 (UK time)) is accepted: the booking is cancelled.`,
      'We refund £56.00 (what you paid less the £24.00 fee) to your card.',
      ...CLOSING,
    ]);
    expect(lines(accepted(0, 8000))[3]).toBe('We refund £80.00 to your card.');
    expect(lines(accepted(2400, null))[3]).toBe('A cancellation fee of £24.00 applies.');
    expect(lines(accepted(2400, 0))[3]).toBe('A cancellation fee of £24.00 applies.');
    expect(lines(accepted(0, 0))[3]).toBe('Nothing was paid, so nothing is owed.');
    expect(lines(accepted(0, null))[3]).toBe('Nothing was paid, so nothing is owed.');
  });

  it('the reminder the day before says when and where, and what changing now costs', () => {
    const mail = reminderMail(cash.order, SITE);
    expect([mail.to, mail.subject, mail.attachments]).toEqual([jane.email, 'Reminder: House Keeping tomorrow, 2030-01-09 10:00 (UK time)', undefined]);
    expect(lines(mail)).toEqual([
      `Hello ${jane.name},`,
      '',
      `A reminder: we come for House Keeping (order #${cash.order.reference}) on 2030-01-09 10:00 (UK time).`,
      'Address: 1 Test Street, London, SE22 8AB',
      'Please make sure we can get in.',
      'Cancelling or rescheduling is free until 24 hours before the job starts; within 24 hours it costs 30% of the price, whether you pay by card or in cash.',
      ...CLOSING,
    ]);
  });
});

describe('the confirmation of a series (issue 25)', () => {
  it('a monthly card series says its frequency, its 8 dates, that each visit is paid on its own, and carries the series entry', async () => {
    mails.length = 0;
    await book(jane, serviceId, items, { date: '2030-01-31', time: '09:30', now: NOW, payment: 'card', frequency: 'monthly' });
    const [mail] = mails;
    expect(mail!.subject).toBe('Payment pending: Monthly House Keeping from 2030-01-31 09:30 (UK time)');
    expect(lines(mail!)).toEqual(expect.arrayContaining([
      'This is the first visit of your monthly series: a visit every month on the same day at 09:30 (UK time).',
      // The 31st falls on the last day of shorter months (series-dates.ts).
      'Visits planned: 2030-01-31, 2030-02-28, 2030-03-31, 2030-04-30, 2030-05-31, 2030-06-30, 2030-07-31, 2030-08-31. We keep the next 8 visits planned; a day we are closed is passed over.',
      'Payment: each visit is paid by card on its own, this one now and each next one with Pay now on My orders.',
      'The series is attached as one repeating calendar entry (.ics); every change we mail you updates it.',
    ]));
    const [file] = mail!.attachments ?? [];
    expect(file!.filename).toMatch(/^series-\d+\.ics$/);
    expect(vevent(file!.content)).toContain('RRULE:FREQ=MONTHLY;BYMONTHDAY=-1');
  });
});
