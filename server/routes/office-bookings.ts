import type { AppContext, Handlers } from '../app-context';
import { createOfficeBooking } from '../services/office-bookings';
import { currentUser } from './booking';

/** Office bookings (decision 047): staff book for a phone caller. */
export function officeBookingHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    createOfficeBooking: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      return reply.code(201).send(await createOfficeBooking(ctx, currentUser(request), request.body, typeof key === 'string' ? key : undefined));
    },
  };
}
