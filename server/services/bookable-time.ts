import type { Database } from '../db/database';
import { badRequest } from '../lib/http-error';
import { assertWithinBookingHorizon } from './booking-horizon';
import { earliestBookableStart } from '../../domain/terms/booking-notice';
import { formatLondon } from '../../domain/time/london-time';

export interface BookableSlot {
  /** The order the time is for (its items give the job's length; its own team may keep the time). */
  orderId: number;
  dueAt: Date;
}

/**
 * The one home of "may a customer book this time?", asked by the checkout and by a reschedule
 * alike: 24 hours' notice and at most 12 months ahead today. Throws 400 with the reason a customer
 * reads. Whether a team is free then (opening hours, closures, other jobs) is `claimTeam`'s, called
 * next by both inside their transaction (decision 015).
 */
export async function assertBookableTime(db: Database, slot: BookableSlot, now: Date): Promise<void> {
  void db;
  // A whole minute, so the time the message names is itself accepted.
  const earliest = earliestBookableStart(now);
  if (slot.dueAt < earliest) {
    throw badRequest(`Online bookings need 24 hours' notice: please choose ${formatLondon(earliest)} (UK time) or later`);
  }
  assertWithinBookingHorizon(slot.dueAt, now);
}
