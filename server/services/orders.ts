import { availabilityRepository } from '../repositories/availability-repository';
import { MIN_JOB_MINUTES } from '../../domain/capacity/availability-rules';
import type { MyOrder, NewOrderRequest, OrderSummary, ServiceItems } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, notFound } from '../lib/http-error';
import { createCoalescer } from '../lib/coalesce';
import { orderCatalogue } from '../repositories/orders-catalogue';
import { orderCreation, type CreatedOrder, type OrderToCreate } from '../repositories/orders-create-many';
import type { Page, PageRequest } from '../repositories/paging';
import { orderRepository, type OrderListQuery } from '../repositories/orders';
import { toPounds } from '../../domain/money/money';
import { linesInPounds } from '../../domain/money/pricing';
import { priceNewOrder } from './quotes';
import { directDebitViews } from './direct-debit-views';
import { myOrderView } from './orders-views';
import { ledgerRepository } from '../repositories/ledger';
import { ledgerTotals } from '../../domain/money/ledger';


/** The items of a service with their prices, for the checklist of /properties/:id. */
export async function getServiceItems(db: Database, serviceId: number): Promise<ServiceItems> {
  const catalogue = orderCatalogue(db);
  const serviceName = await catalogue.serviceName(serviceId);
  if (serviceName === null) throw notFound('Service not found');
  const items = await catalogue.itemsOfService(serviceId);
  return { serviceName, items: items.map(({ id, name, price }) => ({ id, name, price: toPounds(price) })) };
}

/** One coalescer per database: concurrent order creations share one statement (lib/coalesce.ts). */
const creators = new WeakMap<Database, (order: OrderToCreate) => Promise<CreatedOrder>>();

function creatorFor(db: Database) {
  let create = creators.get(db);
  if (!create) {
    const creation = orderCreation(db);
    create = createCoalescer((orders: OrderToCreate[]) => creation.createMany(orders));
    creators.set(db, create);
  }
  return create;
}

/**
 * Creates an order awaiting checkout, priced by the pricing module (from its quote, or One-off with
 * no extras), never by the client; each
 * item may be listed once (a cart has one line per item, so a repeat is a client error, refused).
 * Concurrent creations are written together in one statement (issue 6, goal 4), each answered on
 * its own: a refused order is simply not written and answers its own 4xx.
 */
export async function createOrder(
  db: Database,
  user: AuthUser,
  request: NewOrderRequest,
  now: Date,
): Promise<OrderSummary> {
  const ids = request.items.map((item) => item.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) throw badRequest(`Item ${repeated} is listed more than once`);

  const pricing = await priceNewOrder(db, request, now);
  const created = await creatorFor(db)({ userId: user.id, serviceId: request.service, createdAt: now, items: request.items, pricing });
  const serviceName = created.serviceName;
  if (serviceName === null) throw notFound('Service not found');
  const lines = request.items.map(({ id, quantity }, index) => {
    const item = created.lines[index];
    if (!item || item.id !== id || item.service_id === null || item.name === null || item.price === null) throw notFound(`Item ${id} not found`);
    if (item.service_id !== request.service) throw badRequest(`Item ${id} is not part of ${serviceName}`);
    return { name: item.name, quantity };
  });
  if (created.orderId === null) throw new Error('The order was refused by the database but passes every check');
  // How long the job takes, so the booking form asks for the times it fits in (decision 015).
  const minutes = Math.max(await availabilityRepository(db).orderMinutes(created.orderId), MIN_JOB_MINUTES);
  return {
    id: created.orderId,
    name: serviceName,
    total: toPounds(pricing.total),
    vat: toPounds(pricing.vat),
    frequency: pricing.frequency,
    lines: linesInPounds(pricing.lines),
    items: lines,
    duration_minutes: minutes,
  };
}

/** One page of the customer's own orders (newest first by default), each with its cancellation terms as of now. */
export async function listMyOrders(db: Database, user: AuthUser, now: Date, query: OrderListQuery, page: PageRequest, cardAvailable = true): Promise<Page<MyOrder>> {
  const found = await orderRepository(db).pageByUser(user.id, query, page);
  const ledgers = await ledgerRepository(db).forOrders(found.rows.map((row) => row.id));
  const directDebit = await directDebitViews(db, found.rows, ledgers);
  return { total: found.total, rows: found.rows.map((row) => myOrderView(row, ledgerTotals(ledgers.get(row.id) ?? []), now, cardAvailable, directDebit.get(row.id))) };
}
