import { api } from './client';
import { unwrap } from './errors';
import type { JobLengthSet, OrderDetail } from '../../openapi/schema';

/** PUT /admin/order/{id}/length: one booked job's own length, with the reason (decision 084). */
export function setJobLength(params: { id: number } & JobLengthSet): Promise<OrderDetail> {
  return unwrap(api.PUT('/admin/order/{id}/length', { params: { path: { id: params.id } }, body: { minutes: params.minutes, reason: params.reason } }));
}
