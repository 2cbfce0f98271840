import { api } from './client';
import { unwrap } from './errors';
import type { SeriesActionResult } from '../../openapi/schema';

/** POST /services/series/{id}/cancel: "Cancel all future visits" of one of my series. */
export function cancelSeries(seriesId: number): Promise<SeriesActionResult> {
  return unwrap(api.POST('/services/series/{id}/cancel', { params: { path: { id: seriesId } } }));
}
