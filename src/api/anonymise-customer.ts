import { api } from './client';
import { unwrap } from './errors';
import type { CustomerRecord } from '../../openapi/schema';

/** POST /admin/customers/{id}/anonymise: an erasure request; answers the record as it is now. */
export function anonymiseCustomer(id: number): Promise<CustomerRecord> {
  return unwrap(api.POST('/admin/customers/{id}/anonymise', { params: { path: { id } } }));
}
