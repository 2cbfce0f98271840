import type { FastifyRequest } from 'fastify';
import type { PaymentOptions } from '../../openapi/schema';
import type { AppContext, AuthUser, Handlers } from '../app-context';
import { unauthorized } from '../lib/http-error';
import { answerPage, pageRequest } from './page-answer';
import { checkoutOrder } from '../services/checkout';
import { addressPrice } from '../services/checkout-price';
import { assertMayCreateOrder } from '../services/order-limits';
import { createOrder, getServiceItems, listMyOrders } from '../services/orders';
import { CARD_UNAVAILABLE_MESSAGE, payOrder } from '../services/payments';
import { DIRECT_DEBIT_UNAVAILABLE_MESSAGE } from '../services/direct-debit';
import { requestRefund } from '../services/refunds';

/** The signed-in user; the route's security already answered 401 without one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Thin handlers: the contract validated the input, the services hold the rules. */
export function bookingHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    async getServiceItems(request) {
      return getServiceItems(ctx.db, request.params.id);
    },

    async createOrder(request, reply) {
      await assertMayCreateOrder(ctx, currentUser(request).id);
      const now = ctx.now();
      const summary = await createOrder(ctx.db, currentUser(request), request.body, now);
      reply.code(201);
      return summary;
    },

    async checkoutOrder(request) {
      const key = request.headers['idempotency-key'];
      return checkoutOrder(
        {
          db: ctx.db,
          payments: ctx.payments,
          outbox: ctx.outbox,
          now: ctx.now(),
          directDebit: ctx.directDebit ?? null,
        },
        currentUser(request),
        request.body,
        typeof key === 'string' ? key : undefined,
      );
    },

    async getAddressPrice(request) {
      return addressPrice(ctx.db, currentUser(request).id, request.params.id, request.query.postcode);
    },

    async listMyOrders(request, reply) {
      const page = pageRequest(request);
      const query = request.query;
      return answerPage(request, reply, await listMyOrders(ctx.db, currentUser(request), ctx.now(), query, page, ctx.payments !== null), page);
    },

    async payOrder(request) {
      return payOrder({ db: ctx.db, payments: ctx.payments }, currentUser(request), request.params.id);
    },

    async getPaymentOptions() {
      const options: PaymentOptions = {
        card: ctx.payments ? { available: true } : { available: false, message: CARD_UNAVAILABLE_MESSAGE },
        direct_debit: ctx.directDebit ? { available: true } : { available: false, message: DIRECT_DEBIT_UNAVAILABLE_MESSAGE },
      };
      return options;
    },

    async requestRefund(request, reply) {
      const { reason } = request.body;
      const result = await requestRefund(ctx.db, ctx.outbox, currentUser(request), request.params.id, reason, ctx.now());
      reply.code(201);
      return result;
    },
  };
}
