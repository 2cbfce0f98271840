import { icsParts } from '../mails/ics';
import { londonLocalToInstant } from '../../domain/time/london-time';
import type { SeriesFrequency } from '../../domain/time/series-dates';

const { CALENDAR_HEAD, londonStamp, utcStamp, text, fold } = icsParts;

/**
 * A recurring series as one calendar entry (RFC 5545, issue 25): the first visit with an RRULE in
 * UK wall-clock time (so 10:00 stays 10:00 across the clock changes), an EXDATE for each visit that
 * is not happening (skipped, cancelled, or passed over because we were closed), a RECURRENCE-ID
 * entry for each visit moved to another time, and UNTIL once the series has ended. One UID for the
 * series and a SEQUENCE raised on every change, so a calendar app replaces what it holds.
 */
export interface SeriesCalendarEvent {
  uid: string;
  sequence: number;
  frequency: SeriesFrequency;
  /** The first visit's start (its UK date and time carry the rule). */
  firstStart: Date;
  minutes: number;
  /** The starts of the visits not happening, as the rule would place them. */
  excluded: Date[];
  /** Visits moved: where the rule placed them, and where they are now. */
  moved: { original: Date; start: Date; minutes: number }[];
  /** Set once the series has ended: no visit from then on. */
  until: Date | null;
  summary: string;
  location: string;
  description: string;
  stamp: Date;
}

/**
 * Every 7 or 14 days, or every month on the first visit's day. From the 29th on, a shorter month
 * has its visit on its last day (series-dates.ts): from the 31st that is BYMONTHDAY=-1; from the
 * 29th or 30th the rule keeps that day and the Februaries are added as RDATEs (below), because
 * BYSETPOS, which could say it in one rule, is ignored by some calendar apps (ical.js among them).
 */
export function seriesRule(frequency: SeriesFrequency, dayOfMonth: number, until: Date | null): string {
  const end = until ? `;UNTIL=${utcStamp(until)}` : '';
  if (frequency === 'weekly') return `RRULE:FREQ=WEEKLY${end}`;
  if (frequency === 'fortnightly') return `RRULE:FREQ=WEEKLY;INTERVAL=2${end}`;
  if (dayOfMonth === 31) return `RRULE:FREQ=MONTHLY;BYMONTHDAY=-1${end}`;
  return `RRULE:FREQ=MONTHLY;BYMONTHDAY=${dayOfMonth}${end}`;
}

/** Februaries covered this far ahead for a series on the 29th or 30th (a calendar needs a finite list). */
const FEBRUARY_YEARS = 10;

/** The February visits the rule of a 29th or 30th leaves out: the last day of February, at the series' time. */
function februaryDates(firstStart: Date, until: Date | null): Date[] {
  const stamp = londonStamp(firstStart);
  const [year, day] = [Number(stamp.slice(0, 4)), Number(stamp.slice(6, 8))];
  if (day !== 29 && day !== 30) return [];
  const time = `${stamp.slice(9, 11)}:${stamp.slice(11, 13)}`;
  const dates: Date[] = [];
  for (let y = year; y < year + FEBRUARY_YEARS; y += 1) {
    const last = new Date(Date.UTC(y, 2, 0)).getUTCDate();
    // The rule itself has 29 February of a leap year for a 29th.
    if (last >= day) continue;
    const at = londonLocalToInstant(`${y}-02-${last}`, time);
    if (at.getTime() > firstStart.getTime() && (!until || at.getTime() < until.getTime())) dates.push(at);
  }
  return dates;
}

const plus = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
const local = (instant: Date) => `TZID=Europe/London:${londonStamp(instant)}`;

export function seriesCalendarFile(event: SeriesCalendarEvent): string {
  const dayOfMonth = Number(londonStamp(event.firstStart).slice(6, 8));
  const common = (sequence: number) => [
    `UID:${event.uid}`,
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
  ];
  const about = [`SUMMARY:${text(event.summary)}`, `LOCATION:${text(event.location)}`, `DESCRIPTION:${text(event.description)}`];
  const master = [
    'BEGIN:VEVENT',
    ...common(event.sequence),
    `DTSTART;${local(event.firstStart)}`,
    `DTEND;${local(plus(event.firstStart, event.minutes))}`,
    seriesRule(event.frequency, dayOfMonth, event.until),
    ...(event.frequency === 'monthly' ? februaryDates(event.firstStart, event.until).map((start) => `RDATE;${local(start)}`) : []),
    ...event.excluded.map((start) => `EXDATE;${local(start)}`),
    ...about,
    'END:VEVENT',
  ];
  const overrides = event.moved.flatMap((visit) => [
    'BEGIN:VEVENT',
    ...common(event.sequence),
    `RECURRENCE-ID;${local(visit.original)}`,
    `DTSTART;${local(visit.start)}`,
    `DTEND;${local(plus(visit.start, visit.minutes))}`,
    ...about,
    'END:VEVENT',
  ]);
  const lines = [
    ...CALENDAR_HEAD,
    ...master,
    ...overrides,
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
