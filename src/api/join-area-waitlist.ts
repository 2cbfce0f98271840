import type { AreaWaitlistRequest, Message } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

/** POST /service-area/waitlist: an address to mail once when the postcode's district is served. */
export function joinAreaWaitlist(body: AreaWaitlistRequest): Promise<Message> {
  return unwrap(api.POST('/service-area/waitlist', { body }));
}
