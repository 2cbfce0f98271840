import { updateAccessNotes } from '../services/access-notes';
import type { AppContext, Handlers } from '../app-context';
import { creditNotePdfFor, invoicePdfFor } from '../services/invoice-documents';
import { sendPdf } from './pdf-reply';
import { getReceipt } from '../services/receipts';
import { rescheduleOrder } from '../services/reschedule';
import { cancelSeries, listMySeries } from '../services/series';
import { skipVisit, undoSkipVisit } from '../services/series-skip';
import { removeSeriesCard } from '../services/saved-cards';
import { currentUser } from './booking';

/** Bookings customers manage (issue 14 section 3): reschedule, recurring series, and the VAT invoice of a paid order. */
export function manageBookingHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    async rescheduleOrder(request) {
      return rescheduleOrder(
        { db: ctx.db, outbox: ctx.outbox, now: ctx.now(), payments: ctx.payments, secret: ctx.config.jwtSecret },
        currentUser(request),
        request.params.id,
        request.body,
      );
    },

    async updateAccessNotes(request) {
      return updateAccessNotes(ctx.db, currentUser(request), request.params.id, request.body, ctx.now());
    },

    async listMySeries(request) {
      return listMySeries(ctx.db, currentUser(request), ctx.now(), ctx.payments !== null);
    },

    async skipVisit(request, reply) {
      const result = await skipVisit({ db: ctx.db, outbox: ctx.outbox, payments: ctx.payments, now: ctx.now() }, currentUser(request), request.params.id);
      reply.code(201);
      return result;
    },

    async undoSkipVisit(request) {
      return undoSkipVisit({ db: ctx.db, outbox: ctx.outbox, now: ctx.now() }, currentUser(request), request.params.id);
    },

    async removeSeriesCard(request, reply) {
      await removeSeriesCard({ db: ctx.db, payments: ctx.payments }, currentUser(request), request.params.id);
      return reply.code(204).send();
    },

    async cancelSeries(request) {
      return cancelSeries(ctx.db, ctx.outbox, currentUser(request), request.params.id, ctx.now());
    },

    async getReceipt(request) {
      return getReceipt({ db: ctx.db, outbox: ctx.outbox, now: ctx.now() }, currentUser(request), request.params.id);
    },

    async getReceiptPdf(request, reply) {
      return sendPdf(reply, await invoicePdfFor({ db: ctx.db, outbox: ctx.outbox, now: ctx.now() }, currentUser(request), request.params.id, request.query.number));
    },

    async getCreditNotePdf(request, reply) {
      return sendPdf(reply, await creditNotePdfFor({ db: ctx.db, outbox: ctx.outbox, now: ctx.now() }, currentUser(request), request.params.id, request.query.number));
    },
  };
}
