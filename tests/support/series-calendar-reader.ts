import ICAL from 'ical.js';

/**
 * Reads a series' `.ics` the way a calendar app does (ical.js, Mozilla's parser behind Thunderbird):
 * its zone registered from the file, the rule expanded with its EXDATEs and moved visits, so a test
 * checks what a calendar would show, not the text we wrote.
 */
export interface ReadCalendar {
  uid: string;
  sequence: number;
  rule: string;
  /** The visits the calendar shows (UTC ISO), moved ones at their new time, up to `limit`. */
  starts: string[];
}

export function readSeriesCalendar(content: string, limit = 60): ReadCalendar {
  const calendar = new ICAL.Component(ICAL.parse(content));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent');
  const master = events.find((event) => !event.hasProperty('recurrence-id'));
  if (!master) throw new Error('no VEVENT without RECURRENCE-ID');
  const event = new ICAL.Event(master);
  for (const exception of events.filter((candidate) => candidate !== master)) event.relateException(exception);
  const starts: string[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && starts.length < limit; next = iterator.next()) {
    starts.push(event.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
  }
  return {
    uid: event.uid,
    sequence: event.sequence,
    rule: String(master.getFirstPropertyValue('rrule')),
    starts,
  };
}
