import { describe, expect, it } from 'vitest';
import { BOOKING_HORIZON_MONTHS, bookingHorizonProblem, latestBookableStart } from '../../../domain/terms/booking-horizon';
import { BOOKING_NOTICE_MS, earliestBookableStart } from '../../../domain/terms/booking-notice';
import {
  DISCOUNT_EARNED_AFTER_VISITS,
  endingCostText,
  FREQUENCY_DISCOUNT_TERMS,
  LATE_FEE_PERCENT,
  NOTICE_HOURS,
  feeChargedText,
  freeChangesUntilText,
  termsNowText,
  ukDeadline,
} from '../../../domain/terms/booking-terms';
import { FREE_CANCELLATION_NOTICE_MS, LATE_CANCELLATION_PERCENT } from '../../../domain/terms/cancellation-terms';
import {
  FREE_RESCHEDULE_NOTICE_MS,
  LATE_RESCHEDULE_PERCENT,
  STARTED_MESSAGE,
  UNPAID_LATE_MESSAGE,
  rescheduleTerms,
  type ReschedulableOrder,
} from '../../../domain/terms/reschedule-terms';

/**
 * The terms (R-PAY-1, R-CANCEL-3, R-TERMS-1, issue 12 row 17) at their exact edges: 24 hours of
 * notice to the millisecond, 30% rounded to the penny, twelve months ahead in UK time, and the
 * sentences customers read.
 */
const now = new Date('2026-11-22T10:00:00.000Z');
const hoursFromNow = (n: number) => new Date(now.getTime() + n * 3_600_000);

describe('the numbers of the terms', () => {
  it('are 24 hours of notice and 30% late, the same for booking, cancelling and rescheduling', () => {
    expect([NOTICE_HOURS, LATE_FEE_PERCENT, LATE_CANCELLATION_PERCENT, LATE_RESCHEDULE_PERCENT]).toEqual([24, 30, 30, 30]);
    expect([BOOKING_NOTICE_MS, FREE_CANCELLATION_NOTICE_MS, FREE_RESCHEDULE_NOTICE_MS]).toEqual([86_400_000, 86_400_000, 86_400_000]);
    expect([BOOKING_HORIZON_MONTHS, DISCOUNT_EARNED_AFTER_VISITS]).toEqual([12, 4]);
  });
});

describe('the booking notice (R-PAY-1)', () => {
  it('is the first whole minute 24 hours on, whatever the clock change in between', () => {
    expect(earliestBookableStart(now).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(earliestBookableStart(new Date('2026-11-22T10:00:00.001Z')).toISOString()).toBe('2026-11-23T10:01:00.000Z');
    expect(earliestBookableStart(new Date('2026-11-22T10:00:59.999Z')).toISOString()).toBe('2026-11-23T10:01:00.000Z');
    // 24 hours, not one calendar day: across the spring change the UK clock reads an hour later.
    expect(earliestBookableStart(new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T12:00:00.000Z');
  });
});

describe('the booking horizon (12 months)', () => {
  it('ends twelve calendar months on, the end itself included', () => {
    expect(latestBookableStart(now).toISOString()).toBe('2027-11-22T10:00:00.000Z');
    expect(latestBookableStart(now)).not.toBe(now);
    expect(now.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(bookingHorizonProblem(new Date('2027-11-22T10:00:00.000Z'), now)).toBeNull();
    expect(bookingHorizonProblem(hoursFromNow(25), now)).toBeNull();
  });

  it('refuses a minute later, or no date at all, naming the latest start in UK time', () => {
    const problem = 'Online bookings can be made up to 12 months ahead: please choose 2027-11-22 10:00 (UK time) or earlier';
    expect(bookingHorizonProblem(new Date('2027-11-22T10:00:00.001Z'), now)).toBe(problem);
    expect(bookingHorizonProblem(new Date('invalid'), now)).toBe(problem);
    // In summer the UK time named is an hour ahead of UTC.
    expect(bookingHorizonProblem(new Date('2028-07-01T09:00:00Z'), new Date('2026-07-01T09:00:00Z'))).toBe(
      'Online bookings can be made up to 12 months ahead: please choose 2027-07-01 10:00 (UK time) or earlier',
    );
  });
});

describe('the rescheduling terms (R-TERMS-1)', () => {
  const order = (over: Partial<ReschedulableOrder> = {}): ReschedulableOrder => ({
    status: 'payment_validated',
    price: 12_345,
    dueAt: hoursFromNow(48),
    hasRefundRequest: false,
    awaitsCardPayment: false,
    ...over,
  });

  it('is free at least 24 hours before the job, saying until when', () => {
    expect(rescheduleTerms(order(), now)).toEqual({ allowed: true, fee: 0, freeUntil: hoursFromNow(24) });
    expect(rescheduleTerms(order({ dueAt: hoursFromNow(24) }), now)).toEqual({ allowed: true, fee: 0, freeUntil: now });
    // A card payment still awaited does not stop a free reschedule.
    expect(rescheduleTerms(order({ dueAt: hoursFromNow(24), awaitsCardPayment: true }), now)).toEqual({ allowed: true, fee: 0, freeUntil: now });
  });

  it("costs 30% of the job's price a millisecond later, rounded to the penny", () => {
    // 30% of £123.45 is £37.035 → £37.04.
    expect(rescheduleTerms(order({ dueAt: new Date(hoursFromNow(24).getTime() - 1) }), now)).toEqual({ allowed: true, fee: 3_704, freeUntil: null });
    expect(rescheduleTerms(order({ dueAt: new Date(now.getTime() + 1), price: 5_000, status: 'awaiting_validation' }), now)).toEqual({ allowed: true, fee: 1_500, freeUntil: null });
  });

  it('asks for the card payment first when late, and refuses once the job has started', () => {
    expect(rescheduleTerms(order({ dueAt: hoursFromNow(2), awaitsCardPayment: true }), now)).toEqual({ allowed: false, fee: 0, reason: UNPAID_LATE_MESSAGE });
    expect(UNPAID_LATE_MESSAGE).toBe('Within 24 hours of the job, please pay for the order (Pay now) before rescheduling it');
    for (const dueAt of [now, hoursFromNow(-1)]) {
      expect(rescheduleTerms(order({ dueAt }), now)).toEqual({ allowed: false, fee: 0, reason: STARTED_MESSAGE });
    }
    expect(STARTED_MESSAGE).toBe('The booking cannot be rescheduled once the job has started');
  });

  it('is refused for a cancelled or completed order, a cancellation asked for, or no booking time', () => {
    expect(rescheduleTerms(order({ status: 'cancelled' }), now)).toEqual({ allowed: false, fee: 0, reason: 'This order is cancelled' });
    expect(rescheduleTerms(order({ status: 'completed' }), now)).toEqual({ allowed: false, fee: 0, reason: 'This order is already completed' });
    expect(rescheduleTerms(order({ hasRefundRequest: true }), now)).toEqual({ allowed: false, fee: 0, reason: 'A cancellation was requested for this order' });
    expect(rescheduleTerms(order({ dueAt: null }), now)).toEqual({ allowed: false, fee: 0, reason: 'This order has no booking time yet' });
  });
});

describe('the terms in words (decision 032)', () => {
  it('writes a deadline in UK time from an instant or its text', () => {
    expect(ukDeadline(new Date('2026-07-01T09:30:00Z'))).toBe('2026-07-01 10:30 (UK time)');
    expect(freeChangesUntilText('2026-11-30T09:30:00.000Z')).toBe('Free to cancel or reschedule until 2026-11-30 09:30 (UK time)');
  });

  it('says what a cancellation or a reschedule costs now', () => {
    expect(termsNowText('cancel', { fee: 16.5 })).toBe('Cancelling now costs £16.50 (30% of the price, within 24 hours of the job)');
    expect(termsNowText('reschedule', { fee: 1234.5, freeUntil: null })).toBe('Rescheduling now costs £1,234.50 (30% of the price, within 24 hours of the job)');
    expect(termsNowText('cancel', { fee: 0, freeUntil: '2026-11-30T09:30:00.000Z' })).toBe('Free cancellation until 2026-11-30 09:30 (UK time)');
    expect(termsNowText('reschedule', { fee: 0, freeUntil: new Date('2026-11-30T09:30:00.000Z') })).toBe('Free rescheduling until 2026-11-30 09:30 (UK time)');
    expect(termsNowText('reschedule', { fee: 0 })).toBe('Free rescheduling');
    expect(termsNowText('cancel', { fee: 0, freeUntil: null })).toBe('Free cancellation');
  });

  it('tells in a mail what the change cost', () => {
    expect(feeChargedText('reschedule', 1050)).toBe('It was made within 24 hours of the job: by our terms a fee of £10.50 (30% of the price) applies.');
    expect(feeChargedText('reschedule', 0)).toBe('It was made at least 24 hours before the job: rescheduling is free.');
    expect(feeChargedText('cancel', 0)).toBe('It was made at least 24 hours before the job: cancelling is free.');
  });

  it('states how a frequency discount is earned', () => {
    expect(FREQUENCY_DISCOUNT_TERMS).toBe(
      'A Weekly, Fortnightly or Monthly discount is earned once 4 visits of the series have taken place: ending the series before then charges the visits already done the discount they had.',
    );
  });
});

describe('what ending a series costs (decision 037)', () => {
  it('says the unearned discount in pounds, and nothing when there is none', () => {
    expect(endingCostText(4.5)).toBe('Ending the series now also charges £4.50: the frequency discount of the visits already done, which is earned once 4 visits have taken place.');
    expect(endingCostText(1234.5)).toContain('£1,234.50');
    expect(endingCostText(0.01)).toContain('£0.01');
    expect(endingCostText(0)).toBeNull();
    expect(endingCostText(-1)).toBeNull();
  });
});
