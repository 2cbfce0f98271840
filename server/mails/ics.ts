import { londonParts } from '../../domain/time/london-time';

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

/**
 * Every character some parser ends a line at: CRLF as one, then lone CR, LF, VT, FF, NEL (U+0085),
 * LS (U+2028) and PS (U+2029). Left raw, any of them in an address starts a line of its own
 * (ORGANIZER, URL, a VALARM) for a parser that splits there (issue 24).
 */
// eslint-disable-next-line no-control-regex -- VT and FF are line breaks to some parsers
const LINE_BREAK = /\r\n|[\r\n\u000b\u000c\u0085\u2028\u2029]/g;
/** The other C0 and C1 controls and DEL: RFC 5545 TEXT has no place for them (tab is allowed), so they go. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;

/** RFC 5545 text: backslash, semicolon, comma escaped; every line break as \n; other controls dropped. */
function text(value: string): string {
  return value
    .replace(CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(LINE_BREAK, '\\n');
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

/** The opening of every calendar file we send: who made it, and the UK's time zone. */
const CALENDAR_HEAD = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Sparkle Cleaning//Bookings//EN',
  'CALSCALE:GREGORIAN',
  'METHOD:PUBLISH',
  ...VTIMEZONE_LONDON,
];

export function calendarFile(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  const lines = [
    ...CALENDAR_HEAD,
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
export const icsParts = { CALENDAR_HEAD, londonStamp, utcStamp, text, fold };
