import type { AppContext, Handlers } from '../app-context';
import { answerPage, pageRequest } from './page-answer';
import { listMessages, markMessageRead, replyToMessage } from '../services/contact-messages';
import { addCustomerNote, anonymiseCustomerRecord, exportCustomer, getCustomerRecord, listCustomers } from '../services/customers';
import { createMyData } from '../services/my-data';
import { currentUser } from './booking';

const idOf = (request: { params: { id: number } }) => request.params.id;

/**
 * Customer records, contact messages (back office; the contract's x-required-role lets only
 * administrators in) and the customer's own data rights (issue 15 §3, §5, §7).
 */
export function customerHandlers(ctx: AppContext): Partial<Handlers> {
  const myData = createMyData(ctx);
  return {
    // Decision 091: the customers' list and search may be a moment old (the replica, when there is
    // one); a customer's record, the staff's notes on it and a person's own data read the primary.
    async listCustomers(request, reply) {
      const page = pageRequest(request);
      return answerPage(request, reply, await listCustomers(ctx.readDb, request.query, page, ctx.config.searchCountCap), page);
    },
    getCustomer: async (request) => getCustomerRecord(ctx.db, idOf(request)),
    async addCustomerNote(request, reply) {
      const { body } = request.body;
      return reply.code(201).send(await addCustomerNote(ctx.db, currentUser(request), idOf(request), body, ctx.now()));
    },
    async exportCustomer(request, reply) {
      reply.header('content-disposition', `attachment; filename="customer-${idOf(request)}.json"`);
      return exportCustomer(ctx.db, idOf(request), ctx.now());
    },
    anonymiseCustomer: async (request) => anonymiseCustomerRecord(ctx.db, idOf(request), ctx.now(), ctx.outbox),

    async listMessages(request, reply) {
      const page = pageRequest(request);
      return answerPage(request, reply, await listMessages(ctx.db, request.query, page), page);
    },
    markMessageRead: async (request) => markMessageRead(ctx.db, idOf(request), ctx.now()),
    async replyToMessage(request, reply) {
      const { body } = request.body;
      return reply.code(201).send(await replyToMessage(ctx, currentUser(request), idOf(request), body, ctx.now()));
    },

    async exportMyData(request, reply) {
      reply.header('content-disposition', 'attachment; filename="my-data.json"');
      return myData.export(currentUser(request).id);
    },
    deleteMyAccount: async (request) =>
      myData.delete(currentUser(request).id, request.body.password),
  };
}
