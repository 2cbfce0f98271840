import { addDays } from './london-days';
import { londonDate } from './london-time';

/** Closures and time off are set up to two years ahead (the booking horizon is 12 months). */
export const EDITABLE_YEARS = 2;

/**
 * Why days from `from` to `to` cannot be closed or marked off at `now` (UK), or null: from today to
 * two years ahead. Earlier days change nothing any more; far-off ones are a typing slip (and the
 * database's date range ends). `what` names them in the answer ("Closures").
 */
export function editableDaysProblem(from: string, to: string, now: Date, what: string): string | null {
  const today = londonDate(now);
  if (from < today) return `${what} must be today (${today}) or later`;
  const last = addDays(today, EDITABLE_YEARS * 365);
  if (to > last) return `${what} can be set up to ${last}`;
  return null;
}

export function isEditableDay(date: string, now: Date): boolean {
  return editableDaysProblem(date, date, now, '') === null;
}
