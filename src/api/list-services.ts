import type { Service } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /home/services: every service offered, for the landing and /home lists. */
export function listServices(): Promise<Service[]> {
  return unwrap(api.GET('/home/services'));
}
