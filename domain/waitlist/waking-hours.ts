import { londonDate, londonLocalToInstant } from '../time/london-time';
import { addDays } from '../time/london-days';

/**
 * Waiting list offers in waking hours (issue 36, decision 085): an offer is made, mailed and held
 * only between 08:00 and 21:00 UK time. A time freed at night is offered by the first run from 08:00;
 * the hold clock counts waking minutes only (made at 20:30 with a 2-hour hold, it runs to 09:30 the
 * next morning), never past the last moment the held time can still be booked (its start less the
 * booking notice); a time the customer would have less than a few waking minutes to answer is not
 * offered. UK wall-clock hours, read day by day, so both clock-change nights count the same 13 hours.
 */
export const WAKING_FROM = '08:00';
export const WAKING_UNTIL = '21:00';
/** The least waking time an offer leaves to answer it (or the whole hold, when staff set less). */
export const MIN_ANSWER_MINUTES = 15;
/** Said in the offer mail and the README. */
export const WAKING_HOURS_TEXT = `We send offers between ${WAKING_FROM} and ${WAKING_UNTIL} (UK time), and a time is held for you only during those hours.`;

const MINUTE_MS = 60_000;

function wakingDay(date: string): { from: number; until: number } {
  return { from: londonLocalToInstant(date, WAKING_FROM).getTime(), until: londonLocalToInstant(date, WAKING_UNTIL).getTime() };
}

const dayAfter = (date: string): string => addDays(date, 1);

/** Whether `at` is within waking hours (08:00 included, 21:00 not), UK time. */
export function isWakingTime(at: Date): boolean {
  const { from, until } = wakingDay(londonDate(at));
  return at.getTime() >= from && at.getTime() < until;
}

/** `at` itself in waking hours, else the next 08:00 UK time. */
export function nextWakingStart(at: Date): Date {
  const date = londonDate(at);
  const { from, until } = wakingDay(date);
  if (at.getTime() < from) return new Date(from);
  if (at.getTime() < until) return at;
  return new Date(wakingDay(dayAfter(date)).from);
}

/** The instant `minutes` of waking time after `from` (night hours are not counted). */
export function afterWakingMinutes(from: Date, minutes: number): Date {
  let at = nextWakingStart(from).getTime();
  let left = minutes * MINUTE_MS;
  for (;;) {
    const date = londonDate(at);
    const room = wakingDay(date).until - at;
    if (left <= room) return new Date(at + left);
    left -= room;
    at = wakingDay(dayAfter(date)).from;
  }
}

/** Waking minutes between `from` and `to` (0 when `to` is not later). */
export function wakingMinutesBetween(from: Date, to: Date): number {
  let total = 0;
  let at = nextWakingStart(from).getTime();
  while (at < to.getTime()) {
    const date = londonDate(at);
    total += Math.min(wakingDay(date).until, to.getTime()) - at;
    at = wakingDay(dayAfter(date)).from;
  }
  return Math.floor(total / MINUTE_MS);
}

/**
 * Until when an offer made at `now` holds its time: `holdMinutes` of waking time, but never past
 * `answerBy` (the held start less the booking notice). Null when no offer is to be made now: at
 * night, or when the customer would have less than MIN_ANSWER_MINUTES (or the hold) of waking time.
 */
export function offerHeldUntil(now: Date, holdMinutes: number, answerBy: Date): Date | null {
  if (!isWakingTime(now)) return null;
  const held = afterWakingMinutes(now, holdMinutes);
  const until = held.getTime() <= answerBy.getTime() ? held : answerBy;
  if (wakingMinutesBetween(now, until) < Math.min(MIN_ANSWER_MINUTES, holdMinutes)) return null;
  return until;
}
