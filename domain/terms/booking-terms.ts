import { formatLondon } from '../time/london-time';
import { formatMoney, formatPounds, type Pence } from '../money/money';

/**
 * The cancellation and reschedule terms in words, said once (decision 032): My orders, its cards
 * and dialogs, the terms page and every mail take their sentences from here, so they cannot drift
 * apart. One rule for cash and card alike: free until 24 hours before the job, 30% of the price
 * within 24 hours, neither once the job has started. Amounts are in pounds, as the API answers them.
 */
export const NOTICE_HOURS = 24;
export const LATE_FEE_PERCENT = 30;

/** The whole rule in one sentence. */
export const BOOKING_TERMS =
  `Cancelling or rescheduling is free until ${NOTICE_HOURS} hours before the job starts; within ${NOTICE_HOURS} hours it costs ` +
  `${LATE_FEE_PERCENT}% of the price, whether you pay by card or in cash.`;

/** A series's frequency discount is earned over its first visits (decision 037). */
export const DISCOUNT_EARNED_AFTER_VISITS = 4;

/** The rule of a frequency discount in one sentence: the series's confirmation says it, before any visit is done. */
export const FREQUENCY_DISCOUNT_TERMS =
  `A Weekly, Fortnightly or Monthly discount is earned once ${DISCOUNT_EARNED_AFTER_VISITS} visits of the series have taken place: ` +
  'ending the series before then charges the visits already done the discount they had.';

/**
 * What ending a series costs besides the visits' own fees, before Confirm: the discount the visits
 * already done had and did not earn (the series' `endingCost`, the figure the server charges).
 * Nothing to say when it was earned or nothing was done.
 */
export function endingCostText(endingCost: number): string | null {
  if (endingCost <= 0) return null;
  return `Ending the series now also charges ${formatMoney(endingCost)}: the frequency discount of the visits already done, ` +
    `which is earned once ${DISCOUNT_EARNED_AFTER_VISITS} visits have taken place.`;
}

/**
 * "2026-12-01 08:00 (UK time)": a deadline as a customer reads it, whatever their browser's zone, in
 * the one display style of the product (YYYY-MM-DD HH:mm, the single formatter `formatLondon`;
 * decision 076). Only entry fields are dd/mm/yyyy.
 */
export function ukDeadline(instant: string | Date): string {
  return `${formatLondon(instant)} (UK time)`;
}

/** A booking's own deadline, as a confirmation says it: "Free to cancel or reschedule until 2026-11-30 09:30 (UK time)". */
export function freeChangesUntilText(freeUntil: string | Date): string {
  return `Free to cancel or reschedule until ${ukDeadline(freeUntil)}`;
}

type Change = 'cancel' | 'reschedule';
const free: Record<Change, string> = { cancel: 'Free cancellation', reschedule: 'Free rescheduling' };
const doing: Record<Change, string> = { cancel: 'Cancelling', reschedule: 'Rescheduling' };

/**
 * What a change costs now, from the terms the server answered: "Free cancellation until 2026-11-30
 * 09:30 (UK time)", or "Cancelling now costs £16.50 (30% of the price, within 24 hours of the job)".
 */
export function termsNowText(change: Change, terms: { fee: number; freeUntil?: string | Date | null }): string {
  if (terms.fee > 0) return `${doing[change]} now costs ${formatMoney(terms.fee)} (${LATE_FEE_PERCENT}% of the price, within ${NOTICE_HOURS} hours of the job)`;
  return terms.freeUntil ? `${free[change]} until ${ukDeadline(terms.freeUntil)}` : free[change];
}

/** For a mail sent when a change was made: what it cost, in the same words. */
export function feeChargedText(change: Change, fee: Pence): string {
  return fee > 0
    ? `It was made within ${NOTICE_HOURS} hours of the job: by our terms a fee of ${formatPounds(fee)} (${LATE_FEE_PERCENT}% of the price) applies.`
    : `It was made at least ${NOTICE_HOURS} hours before the job: ${change === 'cancel' ? 'cancelling' : 'rescheduling'} is free.`;
}
