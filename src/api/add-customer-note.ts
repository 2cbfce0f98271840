import { api } from './client';
import { unwrap } from './errors';
import type { CustomerNote } from '../../openapi/schema';

/** POST /admin/customers/{id}/notes: a private staff note. */
export function addCustomerNote(params: { id: number; body: string }): Promise<CustomerNote> {
  return unwrap(api.POST('/admin/customers/{id}/notes', { params: { path: { id: params.id } }, body: { body: params.body } }));
}
