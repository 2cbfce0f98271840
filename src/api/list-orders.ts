import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type AdminOrder = components['schemas']['AdminOrder'];

/** GET /admin/orders/: every order, newest first, each with the `version` an update sends back. */
export function listOrders(): Promise<AdminOrder[]> {
  return unwrap(api.GET('/admin/orders/'));
}
