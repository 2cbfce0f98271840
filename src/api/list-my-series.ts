import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type BookingSeries = components['schemas']['BookingSeries'];

/** GET /services/series: my recurring bookings, each with its visits (decision 021). */
export function listMySeries(): Promise<BookingSeries[]> {
  return unwrap(api.GET('/services/series'));
}
