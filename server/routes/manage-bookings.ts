import type { RescheduleRequest } from '../../openapi/schema';
import type { AppContext, Handlers } from '../app-context';
import { getReceipt } from '../services/receipts';
import { rescheduleOrder } from '../services/reschedule';
import { currentUser } from './booking';

type IdParams = { id: number };

/** Bookings customers manage (issue 14 section 3): reschedule, and the VAT invoice of a paid order. */
export function manageBookingHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    async rescheduleOrder(request) {
      return rescheduleOrder(
        { db: ctx.db, outbox: ctx.outbox, now: ctx.now() },
        currentUser(request),
        (request.params as IdParams).id,
        request.body as RescheduleRequest,
      );
    },

    async getReceipt(request) {
      return getReceipt({ db: ctx.db, outbox: ctx.outbox, now: ctx.now() }, currentUser(request), (request.params as IdParams).id);
    },
  };
}
