import type { operations, MyOrder } from '../../openapi/schema';
import { api } from './client';
import { unwrapPage, type PageOf } from './paged';

export type MyOrderListQuery = NonNullable<operations['listMyOrders']['parameters']['query']>;

/** GET /services/order/get: one page of the signed-in customer's orders, newest first, with the total. */
export function listMyOrders(query: MyOrderListQuery): Promise<PageOf<MyOrder>> {
  return unwrapPage(api.GET('/services/order/get', { params: { query } }));
}
