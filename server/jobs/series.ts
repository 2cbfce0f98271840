import type { Database } from '../db/database';
import { planAllSeries } from '../services/series-planning';

/**
 * Every hour at :07 (UTC): keeps each recurring series 8 visits ahead (decision 021). A visit
 * passes at most once a week per series, so an hour's delay never leaves fewer than 7 planned.
 */
export const SERIES_CRON = '7 * * * *';

/** The job's run: plans what the horizon asks for; a second run, on any instance, plans nothing. */
export function keepSeriesHorizon(db: Database, now: Date): Promise<number> {
  return planAllSeries(db, now);
}
