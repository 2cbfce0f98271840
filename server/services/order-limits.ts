import type { AppContext } from '../app-context';
import { HttpError } from '../lib/http-error';
import { createRateLimiter } from './rate-limiter';
import { orderRepository } from '../repositories/orders';

export const tooManyOpenOrders = (cap: number) =>
  `You already have ${cap} unpaid orders: please check one out or wait for it to be paid before ordering more`;

/**
 * The one gate before a customer's new order (or draft) is written, so one account cannot fill the
 * database or stall the lists (issue 12, row 3): a few new orders per minute, and a cap on orders
 * still open and unpaid (never checked out, or checked out by card and not yet paid; a series's
 * planned visits are not orders the customer opened, decision 021). Throws 429
 * `{ message }`. The cap is read then written without a lock: concurrent creations can pass it by at
 * most the per-minute limit, which is what bounds them.
 */
export async function assertMayCreateOrder(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, userId: number): Promise<void> {
  const { orders, openOrders } = ctx.config.rateLimits;
  await createRateLimiter(ctx.db, ctx.now).reserve({ key: `orders:customer:${userId}`, ...orders });
  if ((await orderRepository(ctx.db).openUnpaidCount(userId, openOrders.limit)) >= openOrders.limit) throw new HttpError(429, tooManyOpenOrders(openOrders.limit));
}
