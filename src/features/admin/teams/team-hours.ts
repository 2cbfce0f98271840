import type { TeamDay } from '../../../../openapi/schema';

/** Weekdays in the order a UK week is read (Monday first); `weekday` is the contract's (0 = Sunday). */
export const WEEK = [
  { weekday: 1, name: 'Monday', short: 'Mon' },
  { weekday: 2, name: 'Tuesday', short: 'Tue' },
  { weekday: 3, name: 'Wednesday', short: 'Wed' },
  { weekday: 4, name: 'Thursday', short: 'Thu' },
  { weekday: 5, name: 'Friday', short: 'Fri' },
  { weekday: 6, name: 'Saturday', short: 'Sat' },
  { weekday: 0, name: 'Sunday', short: 'Sun' },
] as const;

/** A new team's week: every day, the company's default hours. */
export const DEFAULT_WEEK: TeamDay[] = WEEK.map(({ weekday }) => ({ weekday, works: true, opens: '07:00', closes: '20:00' }));

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "Mon–Fri 08:00–17:00, Sat–Sun off": runs of days with the same hours, Monday first. */
export function weekSummary(hours: TeamDay[]): string {
  const days = WEEK.map((day) => ({ ...day, hours: hours.find((hour) => hour.weekday === day.weekday) }));
  const what = (hour: TeamDay | undefined) => (!hour || !hour.works ? 'off' : `${hour.opens}–${hour.closes}`);
  const runs: { first: string; last: string; what: string }[] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.what === what(day.hours)) run.last = day.short;
    else runs.push({ first: day.short, last: day.short, what: what(day.hours) });
  }
  return runs.map((run) => `${run.first === run.last ? run.first : `${run.first}–${run.last}`} ${run.what}`).join(', ');
}
