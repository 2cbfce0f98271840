import { badRequest } from '../lib/http-error';
import { londonDate } from './london-time';
import { addDays } from '../../domain/time/london-days';

/** Closures and time off are set up to two years ahead (the booking horizon is 12 months). */
export const EDITABLE_YEARS = 2;

/**
 * Days an administrator may close or mark off: from today (UK) to two years ahead. Earlier days
 * change nothing any more; far-off ones are a typing slip (and the database's date range ends).
 */
export function assertEditableDays(from: string, to: string, now: Date, what: string): void {
  const today = londonDate(now);
  if (from < today) throw badRequest(`${what} must be today (${today}) or later`);
  const last = addDays(today, EDITABLE_YEARS * 365);
  if (to > last) throw badRequest(`${what} can be set up to ${last}`);
}

export function isEditableDay(date: string, now: Date): boolean {
  const today = londonDate(now);
  return date >= today && date <= addDays(today, EDITABLE_YEARS * 365);
}
