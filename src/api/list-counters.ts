import type { Counter } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /home/counter: the headline numbers of the landing page. */
export function listCounters(): Promise<Counter[]> {
  return unwrap(api.GET('/home/counter'));
}
