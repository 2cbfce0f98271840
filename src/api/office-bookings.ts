import type { OfficeBooking, OfficeBookingRequest } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

/** POST /admin/office-bookings: staff book a phone caller (decision 047); 409 when the time was just taken. */
export function createOfficeBooking(booking: OfficeBookingRequest): Promise<OfficeBooking> {
  return unwrap(api.POST('/admin/office-bookings', { body: booking }));
}
