import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type Service = components['schemas']['Service'];

/** GET /home/services: every service offered, for the landing and /home lists. */
export function listServices(): Promise<Service[]> {
  return unwrap(api.GET('/home/services'));
}
