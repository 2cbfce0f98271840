import { api } from './client';
import { unwrap } from './errors';
import type { SeriesActionResult } from '../../openapi/schema';

/** POST /services/order/{id}/skip: "Skip this visit" of one of my series. */
export function skipVisit(orderId: number): Promise<SeriesActionResult> {
  return unwrap(api.POST('/services/order/{id}/skip', { params: { path: { id: orderId } } }));
}
