import type { AppContext } from '../app-context';
import { HttpError } from '../lib/http-error';
import { createRateLimiter } from '../lib/rate-limiter';

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
  const [row] = await ctx.db.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM (
       SELECT 1 FROM orders
        WHERE user_id = $1 AND status = 'awaiting_validation' AND (checked_out_at IS NULL OR payment_method = 'card')
          AND COALESCE(series_occurrence, 0) = 0
        LIMIT $2) AS open_orders`,
    [userId, openOrders.limit],
  );
  if (Number(row?.open ?? 0) >= openOrders.limit) throw new HttpError(429, tooManyOpenOrders(openOrders.limit));
}
