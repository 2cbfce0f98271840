import { bookingHorizonProblem } from '../../domain/terms/booking-horizon';
import { badRequest } from '../lib/http-error';

/** Refuses (400) a job beyond the booking horizon (the rule: domain/terms/booking-horizon.ts). */
export function assertWithinBookingHorizon(dueAt: Date, now: Date): void {
  const problem = bookingHorizonProblem(dueAt, now);
  if (problem) throw badRequest(problem);
}
