import type { FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema';
import type { AppContext, AuthUser, Handlers } from '../app-context';
import { unauthorized } from '../lib/http-error';
import { checkoutOrder } from '../services/checkout';
import { createOrder, getServiceItems, listMyOrders } from '../services/orders';
import { requestRefund } from '../services/refunds';

type Schemas = components['schemas'];
type IdParams = { id: number };

/** The signed-in user; the route's security already answered 401 without one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Thin handlers: the contract validated the input, the services hold the rules. */
export function bookingHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    async getServiceItems(request) {
      return getServiceItems(ctx.db, (request.params as IdParams).id);
    },

    async createOrder(request, reply) {
      const summary = await createOrder(ctx.db, currentUser(request), request.body as Schemas['NewOrderRequest'], ctx.now());
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
        },
        currentUser(request),
        request.body as Schemas['CheckoutRequest'],
        typeof key === 'string' ? key : undefined,
      );
    },

    async listMyOrders(request) {
      return listMyOrders(ctx.db, currentUser(request), ctx.now());
    },

    async requestRefund(request, reply) {
      const { reason } = request.body as Schemas['RefundRequestBody'];
      const result = await requestRefund(ctx.db, currentUser(request), (request.params as IdParams).id, reason, ctx.now());
      reply.code(201);
      return result;
    },
  };
}
