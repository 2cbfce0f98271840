import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type OrderDetail = components['schemas']['OrderDetail'];
export type AuditEntry = components['schemas']['AuditEntry'];

/** GET /admin/order/{id}: one order in detail, with its audit history. */
export function getOrder(id: number): Promise<OrderDetail> {
  return unwrap(api.GET('/admin/order/{id}', { params: { path: { id } } }));
}
