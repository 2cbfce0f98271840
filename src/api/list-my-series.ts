import type { BookingSeries } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /services/series: my recurring bookings, each with its visits (decision 021). */
export function listMySeries(): Promise<BookingSeries[]> {
  return unwrap(api.GET('/services/series'));
}
