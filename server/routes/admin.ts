import { answerPage, pageRequest } from './page-answer';
import { accountsCsvStream } from '../services/accounts-csv';
import { getVatReturn, quickBooksCsvStream, vatReturnCsv, xeroCsvStream } from '../services/vat-return';
import { ordersCsvStream } from '../services/orders-csv';
import type { AppContext, Handlers } from '../app-context';
import { listUsers } from '../services/admin-users';
import { ORDER_STATUSES } from '../../domain/orders/order-statuses';
import { getOrder, listOrders, updateOrderStatus } from '../services/orders-admin';
import { adjustOrder } from '../services/order-adjustments';
import { editJob, getJobEdit, previewJobEdit } from '../services/job-edits';
import { setJobLength } from '../services/job-length';
import { decideRefund, listRefunds } from '../services/refunds';
import { getRevenueReport } from '../services/revenue-report';
import { getBusinessReport } from '../services/business-report';
import { getStats, getWeeklyStats } from '../services/stats';
import { creditNotePdfFor, invoicePdfFor } from '../services/invoice-documents';
import { currentUser } from './booking';
import { sendPdf } from './pdf-reply';
import { orderPhoto } from '../services/job-photos';

/** The back office; the contract's x-required-role lets only administrators reach these. */
export function adminHandlers(ctx: AppContext): Partial<Handlers> {
  // Decision 091: the figures and the lists of the back office may be a moment old, so they are read
  // from the replica when there is one (DATABASE_READ_URL). An order's own page, the refunds to
  // decide, the CSV exports (long reads a replica may cancel) and every write stay on the primary.
  const moment = ctx.readDb;
  return {
    getStats: async () => getStats(moment),
    getWeeklyStats: async () => getWeeklyStats(moment, ctx.now()),
    async listUsers(request, reply) {
      const page = pageRequest(request);
      return answerPage(request, reply, await listUsers(moment, request.query, page), page);
    },
    async listOrders(request, reply) {
      const page = pageRequest(request);
      return answerPage(request, reply, await listOrders(moment, request.query, page, ctx.config.searchCountCap), page);
    },
    async listRefunds(request, reply) {
      const page = pageRequest(request);
      return answerPage(request, reply, await listRefunds(ctx.db, request.query, page), page);
    },
    async exportOrdersCsv(request, reply) {
      reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="orders.csv"');
      return ordersCsvStream(ctx.db, request.query);
    },
    async exportAccountsCsv(request, reply) {
      const stream = accountsCsvStream(ctx.db, request.query);
      reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="accounts.csv"');
      return stream;
    },
    // Decision 095: the quarter's VAT return, and the files Xero and QuickBooks Online import.
    getVatReturn: async (request) => getVatReturn(moment, request.query.start),
    async exportVatReturnCsv(request, reply) {
      const csv = await vatReturnCsv(ctx.db, request.query.start);
      reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="vat-return-${request.query.start}.csv"`);
      return csv;
    },
    async exportXeroCsv(request, reply) {
      const stream = await xeroCsvStream(ctx.db, request.query.start);
      reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="xero-sales-${request.query.start}.csv"`);
      return stream;
    },
    async exportQuickBooksCsv(request, reply) {
      const stream = await quickBooksCsvStream(ctx.db, request.query.start);
      reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="quickbooks-invoices-${request.query.start}.csv"`);
      return stream;
    },
    listOrderStatuses: async () => [...ORDER_STATUSES],
    getRevenueReport: async (request) => getRevenueReport(moment, request.query.year),
    getBusinessReport: async (request) => getBusinessReport(moment, request.query.from, request.query.to),

    async adjustOrder(request) {
      return adjustOrder(
        { db: ctx.db, outbox: ctx.outbox, payments: ctx.payments, now: ctx.now() },
        currentUser(request),
        request.params.id,
        request.body,
      );
    },

    getJobEdit: async (request) => getJobEdit(ctx.db, request.params.id),
    async previewJobEdit(request) {
      return previewJobEdit({ db: ctx.db, outbox: ctx.outbox, payments: ctx.payments, now: ctx.now() }, request.params.id, request.body);
    },
    async editJob(request) {
      return editJob({ db: ctx.db, outbox: ctx.outbox, payments: ctx.payments, now: ctx.now() }, currentUser(request), request.params.id, request.body);
    },

    async setJobLength(request) {
      return setJobLength({ db: ctx.db, now: ctx.now() }, currentUser(request), request.params.id, request.body);
    },

    async getOrder(request) {
      return getOrder(ctx.db, request.params.id);
    },

    // Staff see any order's documents (viewer null); x-required-role lets only administrators here.
    async getOrderInvoicePdf(request, reply) {
      return sendPdf(reply, await invoicePdfFor({ db: ctx.db, outbox: ctx.outbox, now: ctx.now() }, null, request.params.id, request.query.number));
    },

    async getOrderCreditNotePdf(request, reply) {
      return sendPdf(reply, await creditNotePdfFor({ db: ctx.db, outbox: ctx.outbox, now: ctx.now() }, null, request.params.id, request.query.number));
    },

    // The team's check-out photo (decision 061): its own type, and personal, so no cache keeps it.
    async getOrderPhoto(request, reply) {
      const photo = await orderPhoto(ctx.db, request.params.id);
      reply.type(photo.content_type).header('cache-control', 'private, no-store');
      return photo.bytes;
    },

    async updateOrderStatus(request) {
      const { status, id } = request.params;
      return updateOrderStatus(ctx.db, currentUser(request), id, status, request.body, ctx.now(), ctx.outbox);
    },

    async updateRefundStatus(request) {
      return decideRefund({ db: ctx.db, payments: ctx.payments, outbox: ctx.outbox }, currentUser(request), request.body, ctx.now());
    },
  };
}
