import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type MyOrder = components['schemas']['MyOrder'];

/** GET /services/order/get: the signed-in customer's orders, newest first, with cancellation terms. */
export function listMyOrders(): Promise<MyOrder[]> {
  return unwrap(api.GET('/services/order/get'));
}
