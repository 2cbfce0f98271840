import type { Selectable } from 'kysely';
import type { Database } from '../db/database';
import { handTunedRows } from '../db/hand-tuned';
import type { Orders, Services } from '../db/schema';

/** One order to create: who, which service, which items in what quantities, when. */
export interface OrderToCreate {
  userId: number;
  serviceId: number;
  createdAt: Date;
  items: Array<{ id: number; quantity: number }>;
  /** The price the pricing module gave it (domain/money/pricing.ts): never computed here. */
  pricing: { total: number; vat: number; frequency: string; lines: unknown[]; postcode: string | null; quoteId: string | null };
}

/** An asked item as the catalogue has it; null fields when no such item exists. */
export interface CataloguedLine {
  id: number;
  service_id: number | null;
  name: string | null;
  price: number | null;
}

/**
 * What the database made of one order: the service's name (null: no such service), its lines in
 * the order asked, and the new order's id, or null when it was not created because the service or
 * an item does not exist or an item belongs to another service.
 */
export interface CreatedOrder {
  orderId: number | null;
  serviceName: string | null;
  lines: CataloguedLine[];
}

/**
 * Creates many orders in ONE statement (issue 6, goal 4: on PGlite's single connection, round
 * trips are the cost). The total, VAT and lines are the pricing module's (domain/money/pricing.ts), never
 * the client's; item names and unit prices are read from service_items in that same statement. An order is written, with all its
 * lines, only when its service exists and every item exists and belongs to it; the others are
 * left out and answered with what the catalogue holds, so the caller can say what is wrong. One
 * statement is one transaction: all the orders it writes are committed together or not at all.
 * Ids are drawn from the orders' own sequence in the order asked.
 */
const CREATE_MANY = `
WITH asked AS (
  SELECT a.n::integer AS n, a.user_id, a.service_id, a.created_at, a.total, a.vat, a.frequency, a.price_lines, a.postcode, a.quote_id
    FROM unnest($1::integer[], $2::integer[], $3::timestamptz[], $7::integer[], $8::integer[], $9::text[], $10::jsonb[], $11::text[], $12::text[])
         WITH ORDINALITY AS a(user_id, service_id, created_at, total, vat, frequency, price_lines, postcode, quote_id, n)
),
lines AS (
  SELECT w.n, w.pos, w.item_id, w.quantity, si.service_id, si.name, si.price
    FROM unnest($4::integer[], $5::integer[], $6::integer[]) WITH ORDINALITY AS w(n, item_id, quantity, pos)
    LEFT JOIN service_items si ON si.id = w.item_id
),
per_order AS (
  SELECT l.n,
         bool_and(l.service_id IS NOT DISTINCT FROM a.service_id) AS all_in_service,
         json_agg(json_build_object('id', l.item_id, 'service_id', l.service_id, 'name', l.name, 'price', l.price) ORDER BY l.pos) AS lines
    FROM lines l JOIN asked a ON a.n = l.n
   GROUP BY l.n
),
checked AS (
  SELECT a.*, s.name AS service_name, p.lines, (s.id IS NOT NULL AND COALESCE(p.all_in_service, true)) AS ok
    FROM asked a
    LEFT JOIN services s ON s.id = a.service_id
    LEFT JOIN per_order p ON p.n = a.n
),
accepted AS (
  SELECT c.n, c.user_id, c.service_id, c.created_at, c.total, c.vat, c.frequency, c.price_lines, c.postcode, c.quote_id,
         nextval(pg_get_serial_sequence('orders', 'id'))::integer AS order_id
    FROM (SELECT * FROM checked WHERE ok ORDER BY n) c
),
new_orders AS (
  INSERT INTO orders (id, user_id, service_id, total, created_at, vat, frequency, price_lines, priced_postcode, quote_id)
  SELECT order_id, user_id, service_id, total, created_at, vat, frequency, price_lines, postcode, quote_id FROM accepted
),
new_items AS (
  INSERT INTO order_items (order_id, item_id, name, unit_price, quantity, total_price)
  SELECT a.order_id, l.item_id, l.name, l.price, l.quantity, l.price * l.quantity
    FROM accepted a JOIN lines l ON l.n = a.n
)
SELECT c.n, a.order_id, c.service_name, COALESCE(c.lines, '[]'::json) AS lines
  FROM checked c LEFT JOIN accepted a ON a.n = c.n
 ORDER BY c.n`;

export function orderCreation(db: Database) {
  return {
    async createMany(orders: OrderToCreate[]): Promise<CreatedOrder[]> {
      const lineOwners: number[] = [];
      const itemIds: number[] = [];
      const quantities: number[] = [];
      orders.forEach((order, index) => {
        for (const item of order.items) {
          lineOwners.push(index + 1);
          itemIds.push(item.id);
          quantities.push(item.quantity);
        }
      });
      const rows = await handTunedRows<{ n: number; order_id: Selectable<Orders>['id'] | null; service_name: Selectable<Services>['name'] | null; lines: CataloguedLine[] | string }>(db, CREATE_MANY, [
        orders.map((order) => order.userId),
        orders.map((order) => order.serviceId),
        orders.map((order) => order.createdAt.toISOString()),
        lineOwners,
        itemIds,
        quantities,
        orders.map((order) => order.pricing.total),
        orders.map((order) => order.pricing.vat),
        orders.map((order) => order.pricing.frequency),
        orders.map((order) => JSON.stringify(order.pricing.lines)),
        orders.map((order) => order.pricing.postcode),
        orders.map((order) => order.pricing.quoteId),
      ]);
      return rows.map((row) => ({
        orderId: row.order_id,
        serviceName: row.service_name,
        lines: (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as CataloguedLine[],
      }));
    },
  };
}
