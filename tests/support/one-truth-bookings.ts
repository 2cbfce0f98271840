import type { FrequencyCode } from '../../openapi/schema';

/**
 * Issue 23 "Done when": the bookings of every kind whose figures must agree to the penny wherever
 * they are shown (in and out of the Congestion Charge zone, quoted with a postcode or not, extras,
 * each frequency, late fees, staff adjustments, refunds, a series by Direct Debit collected and one
 * charged back). One list for the API's check (tests/api/one-truth.test.ts) and the browser's
 * (tests/e2e/one-truth.spec.ts, which leaves the Direct Debit ones to the API: see there).
 */
export interface TruthBooking {
  name: string;
  frequency: FrequencyCode;
  /** Quoted with this postcode (null: quoted without one); the checkout's address is in `at`. */
  quotedPostcode: string | null;
  at: string;
  extras: boolean;
  payment: 'cash' | 'card' | 'direct_debit';
  /** Days ahead the job is booked for, at 10:00 UK time (the API's test counts them from its clock's start). */
  day: number;
  after?: 'late_reschedule' | 'late_cancellation' | 'staff_charge' | 'staff_credit' | 'late_skip' | 'late_payment';
  /** A staff charge or credit of this amount (pence) and reason, instead of STAFF_ADJUSTMENT's with 'Oven cleaned on request'. */
  staff?: { amount: number; reason: string };
  /**
   * A series by Direct Debit (decision 093): its first visit done, then a staff charge or credit
   * (pence) on it before the hourly job collects it; the collection confirmed by GoCardless, and
   * then charged back by the customer's bank when `chargedBack`.
   */
  directDebit?: { staffBeforeCollection: { amount: number; reason: string }; chargedBack: boolean };
}

export const TRUTH_BOOKINGS: readonly TruthBooking[] = [
  { name: 'one-off in the zone, quoted with its postcode, card', frequency: 'one_off', quotedPostcode: 'SW1A 1AA', at: 'SW1A 1AA', extras: false, payment: 'card', day: 10 },
  { name: 'one-off outside the zone, quoted without a postcode, cash', frequency: 'one_off', quotedPostcode: null, at: 'NW1 6XE', extras: false, payment: 'cash', day: 11 },
  { name: 'weekly with extras in the zone, card', frequency: 'weekly', quotedPostcode: 'SW1A 1AA', at: 'SW1A 1AA', extras: true, payment: 'card', day: 12 },
  { name: 'fortnightly outside the zone, quoted with its postcode, cash', frequency: 'fortnightly', quotedPostcode: 'SE22 8AB', at: 'SE22 8AB', extras: true, payment: 'cash', day: 13 },
  { name: 'monthly, card', frequency: 'monthly', quotedPostcode: null, at: 'NW1 6XE', extras: false, payment: 'card', day: 14 },
  { name: 'one-off, card, rescheduled late: the fee is collected with Pay now', frequency: 'one_off', quotedPostcode: 'SW1A 1AA', at: 'SW1A 1AA', extras: true, payment: 'card', day: 3, after: 'late_reschedule' },
  { name: 'one-off, card, cancelled late: refunded less the fee, with a credit note', frequency: 'one_off', quotedPostcode: null, at: 'NW1 6XE', extras: false, payment: 'card', day: 4, after: 'late_cancellation' },
  { name: 'one-off, card, a staff charge of £12.34 collected with Pay now', frequency: 'one_off', quotedPostcode: null, at: 'NW1 6XE', extras: true, payment: 'card', day: 15, after: 'staff_charge' },
  { name: 'weekly, cash, a staff credit of £5.00', frequency: 'weekly', quotedPostcode: 'SW1A 1AA', at: 'SW1A 1AA', extras: false, payment: 'cash', day: 16, after: 'staff_credit' },
  { name: 'one-off, cash, rescheduled late: the fee is due on the day', frequency: 'one_off', quotedPostcode: null, at: 'NW1 6XE', extras: false, payment: 'cash', day: 5, after: 'late_reschedule' },
  // Decision 045: the credit is given back through the provider, so paid − refunded is the new total.
  { name: 'one-off in the zone, card, a staff credit of £5.00 refunded through the provider', frequency: 'one_off', quotedPostcode: 'SW1A 1AA', at: 'SW1A 1AA', extras: true, payment: 'card', day: 17, after: 'staff_credit' },
  // Issue 33 row 1 (decision 070): the first visit of a cash series skipped 20 hours ahead owes its fee on its ledger.
  { name: 'monthly, cash, its first visit skipped late: the fee is owed on its ledger', frequency: 'monthly', quotedPostcode: null, at: 'NW1 6XE', extras: false, payment: 'cash', day: 6, after: 'late_skip' },
  // Issue 33 row 5: the history reads old total → new total, and the reason is on the invoice, its PDF and the mails.
  { name: 'one-off, card, a staff charge of £10.00 with its reason', frequency: 'one_off', quotedPostcode: null, at: 'NW1 6XE', extras: false, payment: 'card', day: 18, after: 'staff_charge', staff: { amount: 1000, reason: 'Oven deep clean' } },
  // Issue 33 row 2 (decision 071): cancelled unpaid, then the provider completes its old page; recorded, invoiced, credited and refunded in full.
  { name: 'a late card payment into a cancelled order', frequency: 'one_off', quotedPostcode: null, at: 'NW1 6XE', extras: false, payment: 'card', day: 19, after: 'late_payment' },
  // Issue 38: a series by Direct Debit, its first visit collected after it was done (the amount asked the ledger's balance due).
  { name: 'weekly by Direct Debit in the zone, a staff credit of £5.00 before its visit is collected', frequency: 'weekly', quotedPostcode: 'SW1A 1AA', at: 'SW1A 1AA', extras: true, payment: 'direct_debit', day: 2,
    directDebit: { staffBeforeCollection: { amount: -500, reason: 'Windows left undone' }, chargedBack: false } },
  { name: 'fortnightly by Direct Debit, a staff charge of £12.34, collected, then charged back: the balance is due again', frequency: 'fortnightly', quotedPostcode: null, at: 'NW1 6XE', extras: false, payment: 'direct_debit', day: 2,
    directDebit: { staffBeforeCollection: { amount: 1234, reason: 'Oven cleaned on request' }, chargedBack: true } },
];

/** The staff adjustment of a booking `after` a staff charge or credit, in pence. */
export const STAFF_ADJUSTMENT = { staff_charge: 1234, staff_credit: -500 } as const;

/** The amount (pence) and reason of a booking's staff charge or credit. */
export function staffAdjustmentOf(booking: TruthBooking & { after: 'staff_charge' | 'staff_credit' }): { amount: number; reason: string } {
  return booking.staff ?? { amount: STAFF_ADJUSTMENT[booking.after], reason: 'Oven cleaned on request' };
}

