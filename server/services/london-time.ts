/**
 * Bookings are made in UK local time (due_date + due_time); the database keeps instants. This turns
 * a Europe/London wall-clock time into the instant it names, through the runtime's time-zone data,
 * so it is right on both sides of the clock changes.
 */
const LONDON = 'Europe/London';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes London is ahead of UTC at `instant` (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: Date): number {
  const get = (type: string) => Number(parts.formatToParts(instant).find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/**
 * `date` is YYYY-MM-DD and `time` HH:mm (both already checked by the contract). A time skipped by
 * the spring clock change lands an hour later, as a clock would show it; an ambiguous autumn time
 * is read as the first (summer-time) one.
 */
export function londonLocalToInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets in force a day either side are the only candidates around a clock change.
  const day = 86_400_000;
  const before = londonOffsetMinutes(new Date(wallAsUtc - day)) * 60_000;
  const after = londonOffsetMinutes(new Date(wallAsUtc + day)) * 60_000;
  const valid = [before, after]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => wallAsUtc - instant === londonOffsetMinutes(new Date(instant)) * 60_000);
  // None valid: the time was skipped; read it with the offset before the change (an hour later).
  return new Date(valid.length > 0 ? Math.min(...valid) : wallAsUtc - before);
}

/** YYYY-MM-DD HH:mm in London time, for mails and pages. */
export function formatLondon(instant: Date): string {
  const get = (type: string) => parts.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
