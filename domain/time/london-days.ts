import { londonDate, londonLocalToInstant } from './london-time';

/**
 * Whole UK days (Europe/London), for filters by the job's date: "Today" and "This week" are the
 * UK's day and week (Monday to Sunday) whatever the browser's zone, and a day runs from London's
 * midnight to the next (23 or 25 hours on the days the clocks change). Pure, like london-time.ts.
 */

/** The calendar date `days` after `date` (YYYY-MM-DD; negative goes back). */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The day of the week of a calendar date (YYYY-MM-DD), Sunday 0 to Saturday 6, as the hours tables count them. */
export function weekdayOf(date: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The Monday of the week (Monday to Sunday, as UK calendars run) that holds the calendar date. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** Calendar days from one date to another (YYYY-MM-DD; negative when `to` is earlier): 2026-03-29 to 2026-03-30 is 1, whatever the clocks do. */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The UK day of `now` as a range of dates (from = to). */
export function londonToday(now: Date): { from: string; to: string } {
  const today = londonDate(now);
  return { from: today, to: today };
}

/** The UK week (Monday to Sunday) that `now` falls in. */
export function londonWeek(now: Date): { from: string; to: string } {
  const monday = mondayOf(londonDate(now));
  return { from: monday, to: addDays(monday, 6) };
}

/** The instants [start, end) that UK dates `from` to `to` (inclusive) cover; either side open when absent. */
export function londonDaysSpan(from: string | undefined, to: string | undefined): { start?: Date; end?: Date } {
  return {
    ...(from ? { start: londonLocalToInstant(from, '00:00') } : {}),
    ...(to ? { end: londonLocalToInstant(addDays(to, 1), '00:00') } : {}),
  };
}

/** The days of the week by number, Sunday 0 as `weekdayOf` and the hours tables count them. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const WORDS = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * "Thursday 3 December 2026" for the calendar date 2026-12-03, written in British English whatever
 * the browser speaks and read at UTC, so no zone moves the day: what a date field shows beside its
 * dd/mm/yyyy segments, so a day typed month-first reads as the wrong month at once (decision 088).
 * Built from its parts, so no ICU version adds a comma. '' for anything but a real YYYY-MM-DD date.
 */
export function dayInWords(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  at.setUTCFullYear(year);
  if (at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) => WORDS.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}
