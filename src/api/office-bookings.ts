import { fromPromise } from 'xstate';
import type { OfficeBooking, OfficeBookingRequest, Quote } from '../../openapi/schema';
import { idempotencyKeyFor } from '../../machines/checkout.machine';
import type { OfficeItems } from '../../machines/office-booking.machine';
import { api } from './client';
import { createQuote } from './create-quote';
import { unwrap } from './errors';

/**
 * POST /admin/office-bookings: staff book a phone caller (decision 047); 409 when the time was just
 * taken. The Idempotency-Key is the booking's (decision 062): Try again after a lost answer replays
 * the booking made instead of refusing the caller's now-taken email.
 */
export function createOfficeBooking(booking: OfficeBookingRequest): Promise<OfficeBooking> {
  return unwrap(api.POST('/admin/office-bookings', { params: { header: { 'Idempotency-Key': idempotencyKeyFor(booking) } }, body: booking }));
}

/** The office booking machine's `placeBooking` actor. */
export const placeBookingActor = fromPromise<OfficeBooking, OfficeBookingRequest>(({ input }) => createOfficeBooking(input));

/** Its `priceAtAddress` actor: the quote rules price the job at the postcode (400 "We don't cover …"). */
export const priceAtAddressActor = fromPromise<Quote, { items: OfficeItems; postcode: string }>(({ input }) =>
  createQuote({ ...input.items, postcode: input.postcode }),
);
