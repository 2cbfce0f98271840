import { earliestStart } from '../time/london-time';
import { NOTICE_HOURS } from './booking-terms';

/**
 * Online bookings need 24 hours' notice (R-PAY-1): the same 24 hours after which changes cost a fee,
 * so a job booked online can always be cancelled free at first. The checkout, the reschedule, the
 * time lists and the back office's moves all start from here.
 */
export const BOOKING_NOTICE_MS = NOTICE_HOURS * 3_600_000;

/** The earliest start a booking made at `now` may have, on a whole minute. */
export function earliestBookableStart(now: Date): Date {
  return earliestStart(now, BOOKING_NOTICE_MS);
}
