import { describe, expect, it } from 'vitest';
import { occurrenceStart, type SeriesFrequency, type SeriesStart } from '../../domain/time/series-dates';
import { seriesCalendarFile, type SeriesCalendarEvent } from '../../server/services/series-ics';
import { readSeriesCalendar } from '../support/series-calendar-reader';

/**
 * A series' `.ics` (issue 25), read back by a calendar parser (ical.js): the visits it shows are the
 * ones series-dates.ts plans, in UK wall-clock time across the clock changes, less the skipped
 * ones, with moved ones at their new time, and none after the end.
 */
const entry = (start: SeriesStart, over: Partial<SeriesCalendarEvent> = {}): string =>
  seriesCalendarFile({
    uid: 'series-7@sparkle.test', sequence: 2, frequency: start.frequency, firstStart: occurrenceStart(start, 0), minutes: 90,
    excluded: [], moved: [], until: null, summary: 'Sparkle Cleaning: House Keeping (Monthly)', location: '1 Test Street, London',
    description: 'Your series', stamp: new Date('2030-01-01T00:00:00Z'), ...over,
  });
const planned = (start: SeriesStart, count: number) => Array.from({ length: count }, (_, n) => occurrenceStart(start, n).toISOString());

describe('a series as one calendar entry', () => {
  const cases: Array<[SeriesFrequency, string, string, number]> = [
    ['weekly', '2030-03-20', '10:00', 60],
    ['fortnightly', '2030-03-20', '10:00', 60],
    ['monthly', '2030-03-15', '09:00', 40],
    // From the 29th on, shorter months have their visit on their last day.
    ['monthly', '2030-01-29', '08:30', 40],
    ['monthly', '2030-01-30', '10:00', 40],
    ['monthly', '2030-01-31', '10:00', 40],
  ];
  for (const [frequency, firstDate, firstTime, count] of cases) {
    it(`shows every ${frequency} visit from ${firstDate} ${firstTime} (UK) where series-dates.ts plans it, for ${count} visits`, () => {
      const start = { firstDate, firstTime, frequency };
      expect(readSeriesCalendar(entry(start), count).starts).toEqual(planned(start, count));
    });
  }

  it('says the frequency in its rule, keeps its UID and carries the SEQUENCE it is given', () => {
    const weekly = readSeriesCalendar(entry({ firstDate: '2030-03-20', firstTime: '10:00', frequency: 'weekly' }));
    expect(weekly).toMatchObject({ uid: 'series-7@sparkle.test', sequence: 2, rule: 'FREQ=WEEKLY' });
    expect(readSeriesCalendar(entry({ firstDate: '2030-03-20', firstTime: '10:00', frequency: 'fortnightly' }, { sequence: 5 })))
      .toMatchObject({ uid: 'series-7@sparkle.test', sequence: 5, rule: 'FREQ=WEEKLY;INTERVAL=2' });
  });

  it('leaves out skipped visits, shows a moved one at its new time, and shows none from the end on', () => {
    const start: SeriesStart = { firstDate: '2030-03-20', firstTime: '10:00', frequency: 'fortnightly' };
    const at = (n: number) => occurrenceStart(start, n);
    const moved = new Date('2030-04-18T13:30:00.000Z');
    const read = readSeriesCalendar(entry(start, {
      excluded: [at(1)], moved: [{ original: at(2), start: moved, minutes: 90 }], until: new Date(at(5).getTime() - 60_000),
    }));
    expect(read.starts).toEqual([at(0).toISOString(), moved.toISOString(), at(3).toISOString(), at(4).toISOString()]);
  });
});
