import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type Counter = components['schemas']['Counter'];

/** GET /home/counter: the headline numbers of the landing page. */
export function listCounters(): Promise<Counter[]> {
  return unwrap(api.GET('/home/counter'));
}
