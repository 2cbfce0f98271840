import type { OrderStatus } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /admin/order-status/list: the statuses an administrator may set (the server is the source of truth). */
export function listOrderStatuses(): Promise<OrderStatus[]> {
  return unwrap(api.GET('/admin/order-status/list'));
}
