import { describe, expect, it } from 'vitest';
import { cleanerInvitationMail, confirmEmailMail, emailChangedMail, emailTakenMail, passwordResetMail } from '../../server/mails/account-mails';
import { contactReplyMail, districtCoveredMail } from '../../server/mails/contact-mails';
import type { MailText } from '../../server/mails/mail-text';
import type { Mail } from '../../server/queue/mail';
import type { OrderRow } from '../../server/repositories/orders';
import type { SeriesRow } from '../../server/repositories/series';
import type { LedgerLine } from '../../domain/money/ledger';
import { orderName, shownOrderName } from '../../domain/orders/order-reference';
import { bookingConfirmationMail, paymentFailedMail, paymentReceiptMail } from '../../server/mails/checkout-mails';
import { cancellationRequestMail, refundDecisionMail, reminderMail, rescheduleMail } from '../../server/mails/manage-mails';
import { skipUndoneMail, visitSkippedMail } from '../../server/mails/series-mails';
import { balanceDueMail } from '../../server/mails/balance-mails';
import { closureMoveMail } from '../../server/mails/closure-mails';
import { officePayNowMail } from '../../server/mails/office-booking-mails';
import { bookingCalendar } from '../../server/mails/order-parts';
import { creditNoteMail, vatInvoiceMail } from '../../server/mails/invoice-mails';
import { onTheWayMail } from '../../server/mails/cleaner-mails';

/**
 * Every mail moved to server/mails/ renders from sample data: a subject, a body that carries what it
 * was given, and no money figure (amounts, when a mail has them, come from domain/money's formatter).
 * The exact words are pinned where each mail is sent (tests/api/*, tests/services/*).
 */
const site = 'https://sparkle.example';
const mails: [string, MailText, string[]][] = [
  ['password reset', passwordResetMail('Ada', `${site}/reset-password/t0k`), ['Hello Ada,', `${site}/reset-password/t0k`]],
  ['confirm (registration)', confirmEmailMail('Hello Ada,', 'registration', `${site}/confirm/t`), ['created a Sparkle Cleaning account', `${site}/confirm/t`]],
  ['confirm (change)', confirmEmailMail('Hello,', 'change', `${site}/confirm/t`), ['asked to use this email address']],
  ['email taken (register)', emailTakenMail('Ada', 'register', site), ['no other account was created', `${site}/login`]],
  ['email taken (change)', emailTakenMail('Ada', 'change', site), ['so nothing changed']],
  ['email changed', emailChangedMail('old@example.com', 'new@example.com', site), ['from old@example.com to new@example.com', `${site}/contact`]],
  ['cleaner invitation', cleanerInvitationMail('Bo', 't0k', site), ['Hello Bo,', 'Set your password to see your jobs', `${site}/reset-password/t0k?invitation=1`, `${site}/login`]],
  ['contact reply', contactReplyMail('Ada', 'Thank you', 'line one\nline two'), ['Thank you', '> line one\n> line two']],
  ['district covered', districtCoveredMail('SE28', site), ['cover SE28', `${site}/`]],
  ['on my way', onTheWayMail({ firstName: 'Ada', team: 'Team A', service: 'House Keeping', dueAt: new Date('2030-07-09T09:00:00.000Z') }, site), ['Hello Ada,', 'Team A is on the way for your House Keeping booked at 2030-07-09 10:00 (UK time).', `${site}/profile-services`]],
];

describe('mail texts', () => {
  it.each(mails)('%s renders', (_name, mail, carries) => {
    expect(mail.subject.trim()).not.toBe('');
    for (const part of carries) expect(mail.text).toContain(part);
    expect(mail.text).not.toMatch(/undefined|null|\[object/);
    expect(`${mail.subject}\n${mail.text}`).not.toContain('£');
  });
});

/**
 * The order mails (decision 051): each names the order by its reference, never its id (the sample's
 * id 901 and reference 12 differ, as a draft never placed makes them), labels its times UK time and
 * gives its amounts in £ from the ledger.
 */
const at = new Date('2030-01-09T10:00:00.000Z');
const order = {
  id: 901, reference: 12, version: 2, user_name: 'Ada', user_email: 'ada@example.co.uk', service_name: 'House Keeping',
  due_at: at, duration_minutes: 120, address: '1 High Street', city: 'London', code_postal: 'SE1 1AA', phone: '020 7946 0000',
  client_note: null, payment_method: 'card', paid_amount: null, paid_at: null, price_lines: [], total: 8000, status: 'awaiting_validation',
} as unknown as OrderRow;
const line = (kind: LedgerLine['kind'], name: string, amount: number, vatPercent: number | null = 20): LedgerLine =>
  ({ id: 1, kind, name, quantity: null, unitPrice: null, amount, vatPercent, reason: null, reference: null, actor: 'Ada', at });
const ledger = [line('item', 'Bedroom', 6000), line('item', 'Bathroom', 2050)];
const series = { id: 3, service_name: 'House Keeping', frequency: 'weekly', frequency_name: 'Weekly', first_date: '2030-01-09', first_time: '10:00' } as SeriesRow;
const mailSite = { publicUrl: site, vatNumber: 'GB 123 4567 89' };
const invoice = { number: 41, order_id: 901, issued_at: at, customer_name: 'Ada Lovelace', gross: 8050, vat: 1342, net: 6708, lines: null, supplied_at: at, customer_address: '1 High Street, London, SE1 1AA', ledger_ids: [] };
const creditNote = {
  number: 42, invoice_number: 41, order_id: 901, issued_at: at, customer_name: 'Ada Lovelace', customer_address: null, reason: 'Cancelled',
  lines: [{ kind: 'credit' as const, name: 'Refund', quantity: null, unitPrice: null, amount: 8050, vatPercent: 20 }], gross: 8050, vat: 1342, net: 6708, ledger_ids: [],
};
const visit = { orderId: 901, reference: 12, dueAt: at, customer: 'Ada', email: 'ada@example.co.uk', service: 'House Keeping', teamId: 1, team: 'Team A' };

const orderMails: [string, Mail, string[]][] = [
  ['booking, payment pending', bookingConfirmationMail(order, ledger, mailSite, at), ['Your order #12 is waiting', 'Total: £80.50', '2030-01-09 10:00 (UK time)']],
  ['payment receipt', paymentReceiptMail(order, ledger, mailSite), ['payment of £80.50 for order #12', '(UK time)']],
  ['payment failed', paymentFailedMail(order, ledger, 'declined', mailSite), ['so order #12 is not paid yet', 'Amount due: £80.50', '(UK time)']],
  ['rescheduled', rescheduleMail(order, new Date('2030-01-08T10:00:00.000Z'), 0, mailSite, at), ['(order #12) is rescheduled', 'Was: 2030-01-08 10:00 (UK time)']],
  ['cancellation requested', cancellationRequestMail(order, 1425, mailSite), ['cancel order #12 (House Keeping, 2030-01-09 10:00 (UK time))', '£14.25']],
  ['refund accepted', refundDecisionMail(order, { status: 'accepted', fee: 0, refundDue: 8050 }, mailSite), ['cancellation of order #12', 'We refund £80.50']],
  ['refund declined', refundDecisionMail(order, { status: 'rejected', fee: 0, refundDue: null }, mailSite), ['request for order #12']],
  ['reminder', reminderMail(order, mailSite), ['(order #12) on 2030-01-09 10:00 (UK time)']],
  ['visit skipped', visitSkippedMail(order, series, { fee: 1425, refund: 6625 }, [], mailSite), ['House Keeping (order #12)', 'a fee of £14.25', '£66.25 is refunded', '(UK time)']],
  ['skip undone', skipUndoneMail(order, series, [], mailSite), ['(order #12) is booked again', '(UK time)']],
  ['balance due', balanceDueMail(order, 1425, mailSite), ['Order #12 (House Keeping) has a balance due of £14.25', `${site}/profile-services#order-901`]],
  ['closure', closureMoveMail(visit, '2030-01-09', 'Staff training', 't0k', mailSite), ['(order #12) on 2030-01-09 10:00 (UK time)', `${site}/profile-services?move=t0k`]],
  ['VAT invoice', vatInvoiceMail(order, ledger, invoice, mailSite), ['VAT invoice 000041 for order #12', 'VAT registration number GB 123 4567 89', 'At 20% VAT: net £67.08, VAT £13.42, gross £80.50', 'Gross: £80.50', 'Issued: 2030-01-09 10:00 (UK time)']],
  ['credit note', creditNoteMail(order, creditNote, mailSite), ['Credit note CN-000042 for VAT invoice 000041 (order #12)', 'Credited: £80.50 (VAT £13.42)', '(UK time)']],
  ['office Pay now', officePayNowMail({ name: 'Ada', email: 'ada@example.co.uk' }, { id: 901, reference: 12 }, 8050, mailSite), ['Your order #12 booked by phone comes to £80.50']],
];

describe('order mail texts', () => {
  it.each(orderMails)('%s names the order by its reference', (_name, mail, carries) => {
    for (const part of carries) expect(mail.text).toContain(part);
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/#901\b/);
    expect(mail.text).not.toMatch(/undefined|null|NaN|\[object/);
  });

  it('says the reference in the subjects that name an order', () => {
    const subjects = orderMails.map(([, mail]) => mail.subject).filter((subject) => subject.includes('#'));
    expect(subjects).toEqual([
      'Payment received: £80.50 for order #12', 'Payment needed: £80.50 for order #12', 'Cancellation requested: order #12',
      'Cancellation accepted: order #12', 'Cancellation declined: order #12', 'Balance due: £14.25 for order #12',
      'Please choose a new time: order #12', 'VAT invoice 000041 for order #12', 'Credit note CN-000042 for order #12', 'Pay now: order #12, £80.50',
    ]);
  });

  it('puts the reference in the calendar entry and keeps its UID by id, so calendars replace the event', () => {
    const [ics] = bookingCalendar(order, mailSite, at);
    const content = ics!.content.replace(/\r\n /g, '');
    expect(content).toContain('SUMMARY:Sparkle Cleaning: House Keeping (order #12)');
    expect(content).toContain('DESCRIPTION:Order #12. Manage it on My orders');
    expect(content).toContain('UID:order-901@sparkle.example');
  });

  it('never numbers an order not placed', () => {
    expect(() => orderName({ reference: null })).toThrow();
    expect(shownOrderName({})).toBe('the order not placed yet');
  });
});
