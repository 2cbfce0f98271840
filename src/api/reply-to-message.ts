import { api } from './client';
import { unwrap } from './errors';
import type { ContactMessage } from '../../openapi/schema';

/** POST /admin/messages/{id}/reply: mailed to the sender and kept with the message. */
export function replyToMessage(params: { id: number; body: string }): Promise<ContactMessage> {
  return unwrap(api.POST('/admin/messages/{id}/reply', { params: { path: { id: params.id } }, body: { body: params.body } }));
}
