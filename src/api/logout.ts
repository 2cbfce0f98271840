import type { Message } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** POST /auth/logout: ends the session on the server too (tokens issued before stop working). */
export function logout(token: string): Promise<Message> {
  // The token is passed explicitly: by the time this runs the app may already have forgotten it.
  return unwrap(api.POST('/auth/logout', { headers: { Authorization: `Bearer ${token}` } }));
}
