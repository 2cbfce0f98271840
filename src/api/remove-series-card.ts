import { fromPromise } from 'xstate';
import { api } from './client';
import { unwrap } from './errors';

/** DELETE /services/series/{id}/card: "Remove saved card" of one of my series (decision 038). */
export async function removeSeriesCard(seriesId: number): Promise<void> {
  await unwrap(api.DELETE('/services/series/{id}/card', { params: { path: { id: seriesId } } }));
}

/** The `removeSeriesCard` actor of My orders. */
export const removeSeriesCardActor = fromPromise<void, { seriesId: number }>(({ input }) => removeSeriesCard(input.seriesId));
