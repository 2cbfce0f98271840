import { api } from './client';
import { unwrap } from './errors';
import type { SeriesActionResult } from '../../openapi/schema';

/** POST /services/order/{id}/skip/undo: "Undo" on a skipped visit of one of my series. */
export function undoSkipVisit(orderId: number): Promise<SeriesActionResult> {
  return unwrap(api.POST('/services/order/{id}/skip/undo', { params: { path: { id: orderId } } }));
}
