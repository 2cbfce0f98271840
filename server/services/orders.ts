import type { components } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, notFound } from '../lib/http-error';
import { orderCatalogue } from '../repositories/orders-catalogue';
import { orderRepository } from '../repositories/orders';
import { toPence, toPounds } from './money';
import { myOrderView } from './orders-views';

type Schemas = components['schemas'];

/** The items of a service with their prices, for the checklist of /properties/:id. */
export async function getServiceItems(db: Database, serviceId: number): Promise<Schemas['ServiceItems']> {
  const catalogue = orderCatalogue(db);
  const serviceName = await catalogue.serviceName(serviceId);
  if (serviceName === null) throw notFound('Service not found');
  const items = await catalogue.itemsOfService(serviceId);
  return { serviceName, items: items.map(({ id, name, price }) => ({ id, name, price })) };
}

/**
 * Creates an order awaiting checkout. Prices come from the database, never from the client; each
 * item may be listed once (a cart has one line per item, so a repeat is a client error, refused).
 */
export async function createOrder(
  db: Database,
  user: AuthUser,
  request: Schemas['NewOrderRequest'],
  now: Date,
): Promise<Schemas['OrderSummary']> {
  const ids = request.items.map((item) => item.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) throw badRequest(`Item ${repeated} is listed more than once`);

  const catalogue = orderCatalogue(db);
  const serviceName = await catalogue.serviceName(request.service);
  if (serviceName === null) throw notFound('Service not found');
  const known = new Map((await catalogue.itemsByIds(ids)).map((item) => [item.id, item]));

  const lines = request.items.map(({ id, quantity }) => {
    const item = known.get(id);
    if (!item) throw notFound(`Item ${id} not found`);
    if (item.service_id !== request.service) throw badRequest(`Item ${id} is not part of ${serviceName}`);
    const unit = toPence(item.price);
    return { itemId: id, name: item.name, unitPrice: toPounds(unit), quantity, totalPrice: toPounds(unit * quantity), pence: unit * quantity };
  });
  const total = toPounds(lines.reduce((sum, line) => sum + line.pence, 0));

  const id = await db.transaction((tx) =>
    orderRepository(tx).insert({ userId: user.id, serviceId: request.service, total, createdAt: now, items: lines }),
  );
  return { id, name: serviceName, total, items: lines.map(({ name, quantity }) => ({ name, quantity })) };
}

/** The customer's own orders, newest first, each with its cancellation terms as of now. */
export async function listMyOrders(db: Database, user: AuthUser, now: Date): Promise<Schemas['MyOrder'][]> {
  const rows = await orderRepository(db).listByUser(user.id);
  return rows.map((row) => myOrderView(row, now));
}
