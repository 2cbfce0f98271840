import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type OrderStatus = components['schemas']['OrderStatus'];

/** GET /admin/order-status/list: the statuses an administrator may set (the server is the source of truth). */
export function listOrderStatuses(): Promise<OrderStatus[]> {
  return unwrap(api.GET('/admin/order-status/list'));
}
