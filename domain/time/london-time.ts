/**
 * UK time, the one home of it: bookings are made in Europe/London wall-clock time (a date and an
 * HH:mm) and every date shown is London's, whatever the browser's or the server's own zone. The
 * client (form checks, pages, CSV), the server (checkout) and the mails all use these functions, so
 * they agree on both sides of the clock changes. Pure: Intl's time-zone data, no DOM, no clock.
 */
export const LONDON = 'Europe/London';

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface LondonParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** Minutes London is ahead of UTC at `instant`, read from Intl (the slow path). */
function offsetFromIntl(instant: Date): number {
  const parts: Record<string, string> = {};
  for (const { type, value } of clock.formatToParts(instant)) parts[type] = value;
  const asUtc = Date.UTC(+(parts.year ?? 0), +(parts.month ?? 1) - 1, +(parts.day ?? 1), +(parts.hour ?? 0), +(parts.minute ?? 0), +(parts.second ?? 0));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const HOUR_MS = 3_600_000;
// London's clock changes only on a whole UTC hour (01:00 UTC), so the offset is one per UTC hour:
// read from Intl once per hour and remembered (availability converts thousands of times a read).
const offsetByHour = new Map<number, number>();

/** Minutes London is ahead of UTC at `instant` (0 in winter, 60 in summer). */
export function londonOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  // Stryker disable next-line ConditionalExpression: a cache; reading Intl every time answers the same (tests cannot tell, only the profiler).
  if (offset === undefined) {
    offset = offsetFromIntl(new Date(hour * HOUR_MS));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: bounds the cache's memory; clearing sooner, later or never answers the same.
    if (offsetByHour.size >= 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The London wall clock at `instant`, each part zero-padded. */
export function londonParts(instant: Date): LondonParts {
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + londonOffsetMinutes(instant) * 60_000).toISOString();
  return { year: wall.slice(0, 4), month: wall.slice(5, 7), day: wall.slice(8, 10), hour: wall.slice(11, 13), minute: wall.slice(14, 16), second: wall.slice(17, 19) };
}

/**
 * The instant a London wall-clock `date` (YYYY-MM-DD) and `time` (HH:mm) name. A time skipped by
 * the spring change (01:00-02:00 on the last Sunday of March) lands an hour later, as a clock shows
 * it; a time that happens twice in autumn (01:00-02:00 on the last Sunday of October) is the first
 * one, still summer time: 2026-10-25 01:30 is 00:30 UTC.
 */
export function londonLocalToInstant(date: string, time: string): Date {
  const { wallAsUtc, before, valid } = wallClock(date, time);
  // Stryker disable next-line ArithmeticOperator: reached only for a time the spring change skips, where the offset before is 0 (GMT): − and + agree.
  return new Date(valid.length > 0 ? Math.min(...valid) : wallAsUtc - before);
}

/** The instants at which London's clocks show `date` `time`: none, one, or two (the autumn hour). */
function wallClock(date: string, time: string): { wallAsUtc: number; before: number; valid: number[] } {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets in force a day either side are the only candidates around a clock change.
  const day = 86_400_000;
  const before = londonOffsetMinutes(new Date(wallAsUtc - day)) * 60_000;
  const after = londonOffsetMinutes(new Date(wallAsUtc + day)) * 60_000;
  const valid = [...new Set([before, after])]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => wallAsUtc - instant === londonOffsetMinutes(new Date(instant)) * 60_000);
  return { wallAsUtc, before, valid };
}

/**
 * Why a UK wall-clock time cannot be booked, or null when it happens exactly once (issue 24): on
 * the spring change 01:00–01:59 never happens, on the autumn change it happens twice, and either way
 * "01:30" names no one moment (a job there would be stored as 02:30, or as the first of two).
 * Refused by the server (checkout, reschedule, the schedule board) and the checkout form alike, and
 * never offered by availability; reachable only when opening hours start before 02:00.
 */
export function clockChangeProblem(date: string, time: string): string | null {
  const { valid } = wallClock(date, time);
  if (valid.length === 0) return `${time} on ${date} does not exist in the UK: the clocks go forward from 01:00 to 02:00 that night. Please choose another time`;
  if (valid.length > 1) return `${time} on ${date} happens twice in the UK: the clocks go back from 02:00 to 01:00 that night. Please choose another time`;
  return null;
}

type InstantLike = Date | string | number;

/** YYYY-MM-DD HH:mm in London time (R-UI-4's format), for pages, CSV and mails; '' for nothing. */
export function formatLondon(instant: InstantLike | null | undefined): string {
  // Nothing (null, undefined) and '' make an Invalid Date, answered below; new Date(null) would be 1970.
  const at = new Date(instant ?? Number.NaN);
  if (Number.isNaN(at.getTime())) return '';
  const p = londonParts(at);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The London date (YYYY-MM-DD) at `instant`. */
export function londonDate(instant: InstantLike): string {
  // londonParts' date without its other five parts: availability asks this once per booked job.
  const at = new Date(instant);
  return new Date(at.getTime() + londonOffsetMinutes(at) * 60_000).toISOString().slice(0, 10);
}

/** The London wall-clock time (HH:mm) at `instant`: formatLondon's time without its date. */
export function londonClock(instant: InstantLike): string {
  const p = londonParts(new Date(instant));
  return `${p.hour}:${p.minute}`;
}

/** The first whole minute at least `noticeMs` after `now`: the earliest start a booking may have. */
export function earliestStart(now: Date, noticeMs: number): Date {
  return new Date(Math.ceil((now.getTime() + noticeMs) / 60_000) * 60_000);
}
