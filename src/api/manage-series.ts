import { fromPromise } from 'xstate';
import type { SeriesActionResult, SeriesCall } from '../../machines/series.machine';
import { cancelSeries } from './cancel-series';
import { skipVisit } from './skip-visit';

/** The `manageSeries` actor the series machine invokes (no abort signal, as requestRefund). */
export const manageSeriesActor = fromPromise<SeriesActionResult, SeriesCall>(({ input }) =>
  input.action === 'skip' ? skipVisit(input.id) : cancelSeries(input.id),
);
