import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type PersonalData = components['schemas']['PersonalData'];

/** GET /admin/customers/{id}/export: the customer's data (with staff notes) to answer a subject access request. */
export function exportCustomer(id: number): Promise<PersonalData> {
  return unwrap(api.GET('/admin/customers/{id}/export', { params: { path: { id } } }));
}
