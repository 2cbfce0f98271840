import type { ContactMessage } from './list-messages';
import { api } from './client';
import { unwrap } from './errors';

/** POST /admin/messages/{id}/reply: mailed to the sender and kept with the message. */
export function replyToMessage(params: { id: number; body: string }): Promise<ContactMessage> {
  return unwrap(api.POST('/admin/messages/{id}/reply', { params: { path: { id: params.id } }, body: { body: params.body } }));
}
