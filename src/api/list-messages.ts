import type { operations, ContactMessage } from '../../openapi/schema';
import { api } from './client';
import { unwrapPage, type PageOf } from './paged';

export type MessageListQuery = NonNullable<operations['listMessages']['parameters']['query']>;

/** GET /admin/messages: contact messages newest first, with their replies. */
export function listMessages(query: MessageListQuery): Promise<PageOf<ContactMessage>> {
  return unwrapPage(api.GET('/admin/messages', { params: { query } }));
}
