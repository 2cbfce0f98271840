import type { components } from '../../openapi/schema';
import type { AppContext, Handlers } from '../app-context';
import { listUsers } from '../services/admin-users';
import { ORDER_STATUSES, type OrderStatus } from '../services/order-statuses';
import { getOrder, listOrders, updateOrderStatus } from '../services/orders-admin';
import { decideRefund, listRefunds } from '../services/refunds';
import { getStats, getWeeklyStats } from '../services/stats';
import { currentUser } from './booking';

type Schemas = components['schemas'];

/** The back office; the contract's x-required-role lets only administrators reach these. */
export function adminHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    getStats: async () => getStats(ctx.db),
    getWeeklyStats: async () => getWeeklyStats(ctx.db, ctx.now()),
    listUsers: async () => listUsers(ctx.db),
    listOrders: async () => listOrders(ctx.db),
    listRefunds: async () => listRefunds(ctx.db),
    listOrderStatuses: async () => [...ORDER_STATUSES],

    async getOrder(request) {
      return getOrder(ctx.db, (request.params as { id: number }).id);
    },

    async updateOrderStatus(request) {
      const { status, id } = request.params as { status: OrderStatus; id: number };
      return updateOrderStatus(ctx.db, currentUser(request), id, status, request.body as Schemas['OrderStatusUpdate'], ctx.now());
    },

    async updateRefundStatus(request) {
      return decideRefund({ db: ctx.db, payments: ctx.payments }, currentUser(request), request.body as Schemas['RefundStatusUpdate'], ctx.now());
    },
  };
}
