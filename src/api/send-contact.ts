import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type ContactRequest = components['schemas']['ContactRequest'];
export type Message = components['schemas']['Message'];

/** POST /contact: stores a visitor's message; answers the text to show. */
export function sendContact(body: ContactRequest): Promise<Message> {
  return unwrap(api.POST('/contact', { body }));
}
