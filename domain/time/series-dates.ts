import { addDays } from './london-days';
import { londonLocalToInstant } from './london-time';

/** Visits planned ahead of now, the one just checked out included (issue 14: "the next 8 visits"). */
export const VISITS_AHEAD = 8;

export type SeriesFrequency = 'weekly' | 'fortnightly' | 'monthly';

export function isSeriesFrequency(code: string): code is SeriesFrequency {
  return code === 'weekly' || code === 'fortnightly' || code === 'monthly';
}

/**
 * The UK date of visit `n` (0 = the first): 7 or 14 days on, or `n` calendar months on from the
 * first date, always counted from the first so a 31st stays the last day of short months
 * (31 January → 28 February → 31 March) instead of drifting to the 28th.
 */
export function occurrenceDate(firstDate: string, frequency: SeriesFrequency, n: number): string {
  const [y = 0, m = 1, d = 1] = firstDate.split('-').map(Number);
  if (frequency !== 'monthly') {
    return addDays(firstDate, (frequency === 'weekly' ? 7 : 14) * n);
  }
  const lastDay = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export interface SeriesStart {
  firstDate: string;
  /** The first visit's UK wall-clock time, HH:mm: every visit keeps it, in summer and winter. */
  firstTime: string;
  frequency: SeriesFrequency;
}

/** The instant of visit `n`: its UK date at the series's UK time. */
export function occurrenceStart(series: SeriesStart, n: number): Date {
  return londonLocalToInstant(occurrenceDate(series.firstDate, series.frequency, n), series.firstTime);
}

/**
 * The last occurrence that should be planned at `now`: the first one still ahead, and the
 * VISITS_AHEAD - 1 after it. Past visits never count, so the horizon moves on as visits pass.
 */
export function horizonOccurrence(series: SeriesStart, now: Date): number {
  let first = 0;
  while (occurrenceStart(series, first).getTime() <= now.getTime()) first += 1;
  return first + VISITS_AHEAD - 1;
}
