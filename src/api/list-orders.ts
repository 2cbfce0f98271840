import type { operations, AdminOrder } from '../../openapi/schema';
import { api } from './client';
import { unwrapPage, type PageOf } from './paged';

export type OrderListQuery = NonNullable<operations['listOrders']['parameters']['query']>;

/** GET /admin/orders/: one page of orders in the table's sort and status filter, with the total. */
export function listOrders(query: OrderListQuery): Promise<PageOf<AdminOrder>> {
  return unwrapPage(api.GET('/admin/orders/', { params: { query } }));
}
