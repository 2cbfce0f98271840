import { api } from './client';
import { unwrap } from './errors';
import type { OrderAdjustment, OrderDetail } from '../../openapi/schema';

/** POST /admin/order/{id}/adjustments: a staff adjustment of the order's price, with its reason. */
export function adjustOrder(params: { id: number } & OrderAdjustment): Promise<OrderDetail> {
  return unwrap(api.POST('/admin/order/{id}/adjustments', { params: { path: { id: params.id } }, body: { amount: params.amount, reason: params.reason } }));
}
