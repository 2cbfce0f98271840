import type { OrderDetail } from '../../openapi/schema';
import { api } from './client';
import { ApiError, unwrap } from './errors';


/** GET /admin/order/{id}: one order in detail, with its audit history. */
export function getOrder(id: number): Promise<OrderDetail> {
  return unwrap(api.GET('/admin/order/{id}', { params: { path: { id } } }));
}

/** The same, or null when no order has that id (the API answered 404): the page is not found. */
export async function findOrder(id: number): Promise<OrderDetail | null> {
  try {
    return await getOrder(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
