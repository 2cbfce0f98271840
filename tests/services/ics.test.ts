import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { calendarFile, type CalendarEvent } from '../../server/mails/ics';

/**
 * The calendar entry mailed with a booking (issue 14): the job at its UK wall-clock time whatever
 * the reader's zone, the same UID for the same booking, text escaped and long lines folded
 * (RFC 5545).
 */
const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'order-42@sparkle-cleaning',
  sequence: 2,
  start: new Date('2030-07-01T08:30:00.000Z'),
  minutes: 90,
  summary: 'House Keeping',
  location: '1 Test Street, London, SE22 8AB',
  description: 'Order #42',
  stamp: new Date('2030-06-01T12:05:09.000Z'),
  ...over,
});
const lines = (file: string) => file.split('\r\n');

describe('the booking calendar entry (RFC 5545)', () => {
  it('puts the job at its UK time, in the Europe/London zone it defines, with CRLF lines', () => {
    const file = calendarFile(event());
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toContain('\n');
    const all = lines(file);
    expect(all.slice(0, 5)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Sparkle Cleaning//Bookings//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH']);
    expect(all).toEqual(expect.arrayContaining([
      'BEGIN:VTIMEZONE', 'TZID:Europe/London', 'TZNAME:BST', 'TZNAME:GMT', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    ]));
    const vevent = all.slice(all.indexOf('BEGIN:VEVENT'), all.indexOf('END:VEVENT') + 1);
    expect(vevent).toEqual([
      'BEGIN:VEVENT',
      'UID:order-42@sparkle-cleaning',
      'SEQUENCE:2',
      'DTSTAMP:20300601T120509Z',
      // 08:30 UTC in July is 09:30 BST; 90 minutes later, 11:00.
      'DTSTART;TZID=Europe/London:20300701T093000',
      'DTEND;TZID=Europe/London:20300701T110000',
      'SUMMARY:House Keeping',
      'LOCATION:1 Test Street\\, London\\, SE22 8AB',
      'DESCRIPTION:Order #42',
      'END:VEVENT',
    ]);
  });

  it('a winter job is at the same clock time in UTC; one ending after the autumn change ends by the new clock', () => {
    expect(lines(calendarFile(event({ start: new Date('2030-01-09T10:00:00.000Z'), minutes: 60 })))).toEqual(
      expect.arrayContaining(['DTSTART;TZID=Europe/London:20300109T100000', 'DTEND;TZID=Europe/London:20300109T110000']),
    );
    // 27 October 2030: 00:30 UTC is 01:30 BST; three hours later it is 03:30 UTC, 03:30 GMT.
    expect(lines(calendarFile(event({ start: new Date('2030-10-27T00:30:00.000Z'), minutes: 180 })))).toEqual(
      expect.arrayContaining(['DTSTART;TZID=Europe/London:20301027T013000', 'DTEND;TZID=Europe/London:20301027T033000']),
    );
  });

  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    const all = lines(calendarFile(event({ summary: 'Deep; clean, \\ all', description: 'Key under the mat.\r\nRing twice.\nThanks' })));
    expect(all).toContain('SUMMARY:Deep\\; clean\\, \\\\ all');
    expect(all).toContain('DESCRIPTION:Key under the mat.\\nRing twice.\\nThanks');
  });

  it('folds lines longer than 75 octets, never inside a character', () => {
    const note = `Bring the ladder ${'é'.repeat(60)} and the mop`;
    const file = calendarFile(event({ description: note }));
    const folded = lines(file).slice(lines(file).findIndex((line) => line.startsWith('DESCRIPTION:')));
    const parts = [folded[0]!, ...folded.slice(1).filter((_, index, rest) => rest.slice(0, index + 1).every((line) => line.startsWith(' ')))];
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(`DESCRIPTION:${note}`);
    // A line of exactly 75 octets stays whole.
    const exact = `SUMMARY:${'x'.repeat(67)}`;
    expect(lines(calendarFile(event({ summary: 'x'.repeat(67) })))).toContain(exact);
    expect(Buffer.byteLength(exact)).toBe(75);
  });

  it('never folds between the two halves of a character beyond U+FFFF (the mail could not be queued)', () => {
    // 𝑏 and 𝆹 are two UTF-16 units each; an odd prefix puts a fold where a unit count would split one.
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const city = `${prefix}${'𝑏𝆹'.repeat(40)}`;
      const file = calendarFile(event({ location: city }));
      const loneHalf = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
      for (const line of lines(file)) {
        expect(loneHalf.test(line), line).toBe(false);
        expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      }
      const all = lines(file);
      const at = all.findIndex((line) => line.startsWith('LOCATION:'));
      let end = at + 1;
      while (all[end]?.startsWith(' ')) end += 1;
      expect(all[at]! + all.slice(at + 1, end).map((line) => line.slice(1)).join('')).toBe(`LOCATION:${city}`);
    }
  });

  it('no line break or control character in a text injects a property, whichever breaks a parser splits on (issue 24)', () => {
    // Every character some parser takes for a line end (CRLF, lone CR, LF, VT, FF, NEL U+0085, LS U+2028,
    // PS U+2029), then the rest of C0/C1 and DEL: each tries to start an ORGANIZER, URL or VALARM line.
    const breaks = ['\r\n', '\r', '\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'];
    const controls = [0x00, 0x01, 0x08, 0x0e, 0x1b, 0x1f, 0x7f, 0x80, 0x9b, 0x9f].map((code) => String.fromCharCode(code));
    const injected = [...breaks, ...controls].map((mark, index) => [
      `${mark}ORGANIZER:mailto:evil${index}@example.com`,
      `${mark}URL:https://evil.example/${index}`,
      `${mark}BEGIN:VALARM${mark}ACTION:DISPLAY${mark}END:VALARM`,
    ].join('')).join('');
    const address = `1 Test Street${injected}${'\r\n'} London`;
    const file = calendarFile(event({ location: address, summary: `Clean${injected}`, description: `Note${injected}` }));

    // Nothing but CRLF line ends and (RFC 5545 TEXT's only control) tabs anywhere in the file.
    // eslint-disable-next-line no-control-regex -- the characters under test
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/);
    // A parser that splits on any of them sees no injected property either.
    // eslint-disable-next-line no-control-regex -- the characters under test
    const anyBreak = /\r\n|[\r\n\u000b\u000c\u0085\u2028\u2029]/;
    for (const line of file.split(anyBreak)) expect(line, line).not.toMatch(/^(ORGANIZER|URL|BEGIN:VALARM|ACTION)/);

    const vevent = new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent')!;
    expect(vevent.getAllProperties('location')).toHaveLength(1);
    for (const name of ['organizer', 'url', 'attendee']) expect(vevent.getAllProperties(name)).toHaveLength(0);
    expect(vevent.getAllSubcomponents('valarm')).toHaveLength(0);
    const location = String(vevent.getFirstPropertyValue('location'));
    expect(location.startsWith('1 Test Street\nORGANIZER:mailto:evil0@example.com')).toBe(true);
    expect(location.endsWith('\n London')).toBe(true);
    expect(String(vevent.getFirstPropertyValue('summary')).startsWith('Clean\n')).toBe(true);
  });
});
