import type { Message, RegisterRequest } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** POST /auth/register: creates a customer account; the user then logs in. */
export function register(body: RegisterRequest): Promise<Message> {
  return unwrap(api.POST('/auth/register', { body }));
}
