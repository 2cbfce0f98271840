import type { CustomerRecord } from '../../openapi/schema';
import { api } from './client';
import { ApiError, unwrap } from './errors';


/** GET /admin/customers/{id}, or null when there is no such customer (404): the page is not found. */
export async function findCustomer(id: number): Promise<CustomerRecord | null> {
  try {
    return await unwrap(api.GET('/admin/customers/{id}', { params: { path: { id } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
