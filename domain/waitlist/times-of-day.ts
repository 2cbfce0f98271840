/**
 * The times of day a customer waiting for a full day says suit them (issue 36, decision 085): a
 * freed time is offered to the first waiting customer it suits, passing over those it does not.
 * None chosen is any time. UK wall-clock starts.
 */
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export const TIME_OF_DAY_LABELS: Record<TimeOfDay, string> = {
  morning: 'Morning (starts before 12:00)',
  afternoon: 'Afternoon (starts 12:00–16:59)',
  evening: 'Evening (starts from 17:00)',
};

/** The part of the day a start (HH:mm, UK time) falls in. */
export function timeOfDay(time: string): TimeOfDay {
  if (time < '12:00') return 'morning';
  return time < '17:00' ? 'afternoon' : 'evening';
}

/** Whether a start at `time` suits a customer who chose `times` (none chosen: any time does). */
export function suitsTimes(times: readonly TimeOfDay[] | null | undefined, time: string): boolean {
  return !times || times.length === 0 || times.includes(timeOfDay(time));
}

/** "morning or evening", for the lists; '' for any time. */
export function timesOfDayText(times: readonly TimeOfDay[] | null | undefined): string {
  if (!times || times.length === 0 || times.length === TIMES_OF_DAY.length) return '';
  const ordered = TIMES_OF_DAY.filter((time) => times.includes(time));
  return ordered.join(' or ');
}
