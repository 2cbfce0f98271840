import { describe, expect, it } from 'vitest';
import { horizonOccurrence, occurrenceDate, occurrenceStart } from '../../domain/time/series-dates';

describe('the dates of a recurring series (decision 021)', () => {
  it('steps Weekly by 7 days and Fortnightly by 14, across months and years', () => {
    expect([0, 1, 2, 3].map((n) => occurrenceDate('2030-12-24', 'weekly', n))).toEqual(['2030-12-24', '2030-12-31', '2031-01-07', '2031-01-14']);
    expect([0, 1, 2].map((n) => occurrenceDate('2030-02-20', 'fortnightly', n))).toEqual(['2030-02-20', '2030-03-06', '2030-03-20']);
  });

  it('steps Monthly by calendar month, a 31st keeping to the last day of shorter months without drifting', () => {
    expect([0, 1, 2, 3, 4].map((n) => occurrenceDate('2030-01-31', 'monthly', n))).toEqual(['2030-01-31', '2030-02-28', '2030-03-31', '2030-04-30', '2030-05-31']);
    expect(occurrenceDate('2031-12-29', 'monthly', 2)).toBe('2032-02-29');
    expect(occurrenceDate('2030-11-15', 'monthly', 3)).toBe('2031-02-15');
  });

  it('keeps the UK wall-clock time: 10:00 is 10:00 GMT in March and 09:00 UTC once British Summer Time starts', () => {
    const series = { firstDate: '2030-03-25', firstTime: '10:00', frequency: 'weekly' as const };
    expect(occurrenceStart(series, 0).toISOString()).toBe('2030-03-25T10:00:00.000Z');
    expect(occurrenceStart(series, 1).toISOString()).toBe('2030-04-01T09:00:00.000Z');
    expect(occurrenceStart({ ...series, firstDate: '2030-10-21' }, 1).toISOString()).toBe('2030-10-28T10:00:00.000Z');
  });

  it('plans up to the 8th visit still ahead: from the first one not started', () => {
    const series = { firstDate: '2030-03-04', firstTime: '10:00', frequency: 'weekly' as const };
    expect(horizonOccurrence(series, new Date('2030-03-01T00:00:00Z'))).toBe(7);
    // At the first visit's very start it has begun: the horizon moves on by one.
    expect(horizonOccurrence(series, new Date('2030-03-04T10:00:00Z'))).toBe(8);
    expect(horizonOccurrence(series, new Date('2030-03-04T09:59:00Z'))).toBe(7);
    expect(horizonOccurrence(series, new Date('2030-03-20T12:00:00Z'))).toBe(10);
  });
});
