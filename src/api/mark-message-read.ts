import { api } from './client';
import { unwrap } from './errors';
import type { ContactMessage } from '../../openapi/schema';

/** PUT /admin/messages/{id}/read. */
export function markMessageRead(id: number): Promise<ContactMessage> {
  return unwrap(api.PUT('/admin/messages/{id}/read', { params: { path: { id } } }));
}
