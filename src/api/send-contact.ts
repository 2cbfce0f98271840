import type { ContactRequest, Message } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** POST /contact: stores a visitor's message; answers the text to show. */
export function sendContact(body: ContactRequest): Promise<Message> {
  return unwrap(api.POST('/contact', { body }));
}
