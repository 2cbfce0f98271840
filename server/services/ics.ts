import { londonParts } from '../../src/lib/london-time';

/**
 * A calendar entry (RFC 5545) for a booking, in UK wall-clock time: DTSTART;TZID=Europe/London,
 * with the zone's own definition (GMT/BST rules) inside, so a calendar shows the job at the time
 * booked whatever the reader's zone and whichever side of a clock change it falls.
 */
export interface CalendarEvent {
  /** Stable per booking: a rescheduled job replaces its earlier entry (same UID, higher SEQUENCE). */
  uid: string;
  sequence: number;
  start: Date;
  minutes: number;
  summary: string;
  location: string;
  description: string;
  /** When the entry was written (DTSTAMP). */
  stamp: Date;
}

const VTIMEZONE_LONDON = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19810329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19961027T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function londonStamp(instant: Date): string {
  const p = londonParts(instant);
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}00`;
}

function utcStamp(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (a CRLF and a space), as RFC 5545 asks. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest, 'utf8') > 75) {
    let cut = 74;
    // Never between the two halves of a surrogate pair (a character beyond U+FFFF, e.g. 𝑏): a lone
    // half is no text at all, and the mail carrying it could not even be queued (its JSON is refused).
    while (Buffer.byteLength(rest.slice(0, cut), 'utf8') > 74 || isHighSurrogate(rest.charCodeAt(cut - 1))) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

export function calendarFile(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sparkle Cleaning//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE_LONDON,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=Europe/London:${londonStamp(event.start)}`,
    `DTEND;TZID=Europe/London:${londonStamp(end)}`,
    `SUMMARY:${text(event.summary)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION:${text(event.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The shared pieces of an entry, for the series' entry (series-ics.ts). */
export const icsParts = { VTIMEZONE_LONDON, londonStamp, utcStamp, text, fold };
