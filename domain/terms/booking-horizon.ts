import { formatLondon } from '../time/london-time';

/** How far ahead a job may be booked online: the company plans a year at most (issue 12, row 17). */
export const BOOKING_HORIZON_MONTHS = 12;

/** The latest start a booking made at `now` may have. */
export function latestBookableStart(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCMonth(latest.getUTCMonth() + BOOKING_HORIZON_MONTHS);
  return latest;
}

/** Why a job starting at `dueAt` cannot be booked at `now` (more than 12 months ahead, naming the latest start in UK time), or null. */
export function bookingHorizonProblem(dueAt: Date, now: Date): string | null {
  const latest = latestBookableStart(now);
  if (Number.isNaN(dueAt.getTime()) || dueAt > latest) {
    return `Online bookings can be made up to ${BOOKING_HORIZON_MONTHS} months ahead: please choose ${formatLondon(latest)} (UK time) or earlier`;
  }
  return null;
}
