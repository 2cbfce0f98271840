import { fromPromise } from 'xstate';
import type { SeriesCall } from '../../machines/series.machine';
import { cancelSeries } from './cancel-series';
import { skipVisit } from './skip-visit';
import { undoSkipVisit } from './undo-skip-visit';
import type { SeriesActionResult } from '../../openapi/schema';

/** The `manageSeries` actor the series machine invokes (no abort signal, as requestRefund). */
export const manageSeriesActor = fromPromise<SeriesActionResult, SeriesCall>(({ input }) =>
  input.action === 'skip' ? skipVisit(input.id) : input.action === 'undo' ? undoSkipVisit(input.id) : cancelSeries(input.id),
);
