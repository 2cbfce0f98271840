import type { PersonalData } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /admin/customers/{id}/export: the customer's data (with staff notes) to answer a subject access request. */
export function exportCustomer(id: number): Promise<PersonalData> {
  return unwrap(api.GET('/admin/customers/{id}/export', { params: { path: { id } } }));
}
