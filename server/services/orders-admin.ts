import type { components } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { orderRepository, type OrderListQuery } from '../repositories/orders';
import type { Page, PageRequest } from '../repositories/paging';
import type { OrderStatus } from './order-statuses';
import { adminOrderView, iso, isoOrNull, refundView } from './orders-views';

type Schemas = components['schemas'];

export const STALE_ORDER_MESSAGE = 'This order was changed by someone else, reload and try again';

/** One page of every order in the table's sort and filter. */
export async function listOrders(db: Database, query: OrderListQuery, page: PageRequest): Promise<Page<Schemas['AdminOrder']>> {
  const found = await orderRepository(db).page(query, page);
  return { total: found.total, rows: found.rows.map(adminOrderView) };
}

/** Everything about one order, with its audit trail oldest first. */
export async function getOrder(db: Database, id: number): Promise<Schemas['OrderDetail']> {
  const orders = orderRepository(db);
  const order = await orders.find(id);
  if (!order) throw notFound('Order not found');
  const [items, history] = [await orders.items(id), await auditRepository(db).forOrder(id)];
  return {
    order_id: order.id,
    service: order.service_name,
    dueTime: isoOrNull(order.due_at),
    status: order.status,
    payment_method: order.payment_method,
    ordered_at: iso(order.created_at),
    completed: isoOrNull(order.completed_at),
    items: items.map(({ name, quantity, unit_price, total_price }) => ({ name, quantity, unit_price, total_price })),
    total: order.total,
    user: order.user_name,
    email: order.user_email,
    phone: order.phone,
    address: order.address,
    city: order.city,
    codePostal: order.code_postal,
    note: order.client_note,
    refund: refundView(order),
    history: history.map((entry) => ({
      at: iso(entry.at),
      actor: entry.actor,
      action: entry.action,
      from: entry.from_value,
      to: entry.to_value,
    })),
  };
}

/**
 * An administrator sets any status of the list. Setting the status the order already has changes
 * nothing; with `version`, a change made by someone else since is refused instead of overwritten.
 */
export async function updateOrderStatus(
  db: Database,
  admin: AuthUser,
  id: number,
  pathStatus: OrderStatus,
  update: Schemas['OrderStatusUpdate'],
  now: Date,
): Promise<Schemas['AdminOrder']> {
  if (update.status !== pathStatus) throw badRequest('The status in the path and in the body must be the same');
  return db.transaction(async (tx) => {
    const orders = orderRepository(tx);
    const order = await orders.find(id, { forUpdate: true });
    if (!order) throw notFound('Order not found');
    if (order.status === update.status) return adminOrderView(order);
    // The version guard is in the UPDATE itself, so no read-then-write gap can lose an update.
    const changed = await orders.setStatus(id, update.status, now, update.version);
    if (!changed) throw conflict(STALE_ORDER_MESSAGE);
    await auditRepository(tx).record({
      orderId: id, actorId: admin.id, actor: admin.name, action: 'order.status', from: order.status, to: update.status, at: now,
    });
    return adminOrderView((await orders.find(id))!);
  });
}
