import { describe, expect, it } from 'vitest';
import { EDITABLE_YEARS, editableDaysProblem, isEditableDay } from '../../../domain/time/editable-days';
import { addDays, dayInWords, daysBetween, londonDaysSpan, londonToday, londonWeek, mondayOf, weekdayOf } from '../../../domain/time/london-days';
import { LONDON, formatLondon, londonDate, londonLocalToInstant, londonOffsetMinutes, londonParts } from '../../../domain/time/london-time';
import { VISITS_AHEAD, isSeriesFrequency, occurrenceDate } from '../../../domain/time/series-dates';

/**
 * UK days and wall-clock times (Europe/London) at their edges: the last Sundays of March and
 * October, midnight either side, month and leap-year ends, and the two years closures may cover.
 */
describe('UK wall-clock time', () => {
  it('is Europe/London, an hour ahead of UTC from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October', () => {
    expect(LONDON).toBe('Europe/London');
    expect(londonOffsetMinutes(new Date('2026-03-29T00:59:59.999Z'))).toBe(0);
    expect(londonOffsetMinutes(new Date('2026-03-29T01:00:00.000Z'))).toBe(60);
    expect(londonOffsetMinutes(new Date('2026-10-25T00:59:59.999Z'))).toBe(60);
    expect(londonOffsetMinutes(new Date('2026-10-25T01:00:00.000Z'))).toBe(0);
    // Asked again (remembered per hour), the answer is the same.
    expect(londonOffsetMinutes(new Date('2026-10-25T00:30:00.000Z'))).toBe(60);
  });

  it("reads the offset to the minute from the time-zone data: before 1847 London kept its own mean time, 1 min 15 s behind UTC (rounded to -1)", () => {
    expect(londonOffsetMinutes(new Date('1840-01-01T12:00:00Z'))).toBe(-1);
  });

  it('gives each part of the London clock zero-padded, dropping the milliseconds', () => {
    expect(londonParts(new Date('2026-07-04T08:05:09.999Z'))).toEqual({ year: '2026', month: '07', day: '04', hour: '09', minute: '05', second: '09' });
    expect(londonParts(new Date('2026-12-31T23:59:59.999Z'))).toEqual({ year: '2026', month: '12', day: '31', hour: '23', minute: '59', second: '59' });
    expect(londonParts(new Date('1969-12-31T23:59:59.500Z'))).toEqual({ year: '1970', month: '01', day: '01', hour: '00', minute: '59', second: '59' });
  });

  it('formats an instant given as a number, and nothing for an empty value', () => {
    expect(formatLondon(Date.UTC(2026, 6, 1, 9, 30))).toBe('2026-07-01 10:30');
    expect(formatLondon(undefined)).toBe('');
    expect(formatLondon('')).toBe('');
    expect(formatLondon(0)).toBe('1970-01-01 01:00');
  });

  it('reads the minutes of a wall-clock time, and London midnight either side of both changes', () => {
    expect(londonLocalToInstant('2026-07-01', '10:45').toISOString()).toBe('2026-07-01T09:45:00.000Z');
    expect(londonLocalToInstant('2026-03-29', '00:00').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonLocalToInstant('2026-03-30', '00:00').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(londonLocalToInstant('2026-10-25', '00:00').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(londonLocalToInstant('2026-10-26', '00:00').toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect(londonDate(new Date('2026-03-29T23:00:00Z'))).toBe('2026-03-30');
    expect(londonDate('2026-10-25T23:59:59Z')).toBe('2026-10-25');
  });
});

describe('calendar days', () => {
  it('adds and takes away days across month, year and leap-day ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
    expect(addDays('2026-01-15', 730)).toBe('2028-01-15');
  });

  it('"Today" at London midnight is the new day; "This week" starts on a Monday, even on a Sunday', () => {
    expect(londonToday(new Date('2026-11-30T00:00:00Z'))).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(londonToday(new Date('2026-07-31T22:59:59Z'))).toEqual({ from: '2026-07-31', to: '2026-07-31' });
    expect(londonWeek(new Date('2026-11-23T00:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(londonWeek(new Date('2026-11-25T12:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // Saturday night in London, Sunday morning in UTC+1: the week of the clock change.
    expect(londonWeek(new Date('2026-10-25T12:00:00Z'))).toEqual({ from: '2026-10-19', to: '2026-10-25' });
  });

  it('a UK week turns at Monday 00:00 London time, on the Sundays the clocks change too (decision 096)', () => {
    // Spring: Sunday 29 March 2026 23:30 BST is 22:30 UTC, still that week; 23:30 UTC is Monday 00:30 BST, the next.
    expect(londonWeek(new Date('2026-03-29T22:30:00Z'))).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(londonWeek(new Date('2026-03-29T23:30:00Z'))).toEqual({ from: '2026-03-30', to: '2026-04-05' });
    // Autumn: Sunday 25 October 2026 23:30 is GMT again, still that week; a week earlier 23:30 UTC was Monday in the UK.
    expect(londonWeek(new Date('2026-10-25T23:30:00Z'))).toEqual({ from: '2026-10-19', to: '2026-10-25' });
    expect(londonWeek(new Date('2026-10-18T23:30:00Z'))).toEqual({ from: '2026-10-19', to: '2026-10-25' });
  });

  it('names a date\'s weekday (Sunday 0) and its week\'s Monday, and counts whole days between dates across both clock changes', () => {
    expect(['2026-03-29', '2026-03-30', '2026-10-25', '2028-02-29'].map(weekdayOf)).toEqual([0, 1, 0, 2]);
    expect(mondayOf('2026-03-29')).toBe('2026-03-23');
    expect(mondayOf('2026-03-30')).toBe('2026-03-30');
    expect(mondayOf('2027-01-02')).toBe('2026-12-28');
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-11-01')).toBe(245);
    expect(daysBetween('2026-10-26', '2026-10-25')).toBe(-1);
    expect(daysBetween('2025-01-01', '2028-01-01')).toBe(1095);
  });

  it('a span of days ends at the London midnight after the last day, and is open when a side is missing', () => {
    expect(londonDaysSpan('2026-10-25', '2026-10-25')).toEqual({ start: new Date('2026-10-24T23:00:00Z'), end: new Date('2026-10-26T00:00:00Z') });
    expect(londonDaysSpan(undefined, '2026-12-31')).toEqual({ end: new Date('2027-01-01T00:00:00Z') });
    expect(londonDaysSpan(undefined, undefined)).toEqual({});
    expect(londonDaysSpan('', '')).toEqual({});
  });

  it('writes a date in words, British English at UTC whatever the zone, so 01/02 reads as February, not January', () => {
    expect(dayInWords('2027-02-01')).toBe('Monday 1 February 2027');
    expect(dayInWords('2026-12-03')).toBe('Thursday 3 December 2026');
    // The clock-change Sunday and a leap day are each one whole day.
    expect(dayInWords('2026-10-25')).toBe('Sunday 25 October 2026');
    expect(dayInWords('2028-02-29')).toBe('Tuesday 29 February 2028');
    // Nothing that is not a real date: no words rather than another day.
    expect(dayInWords('2027-02-29')).toBe('');
    expect(dayInWords('2027-13-01')).toBe('');
    expect(dayInWords('01/02/2027')).toBe('');
    expect(dayInWords('')).toBe('');
  });
});

describe('days a closure or time off may cover', () => {
  const now = new Date('2026-07-01T10:00:00Z');

  it('run from the UK today to two years of 365 days ahead, both ends included', () => {
    expect(EDITABLE_YEARS).toBe(2);
    expect(editableDaysProblem('2026-07-01', '2028-06-30', now, 'Closures')).toBeNull();
    expect(isEditableDay('2026-07-01', now)).toBe(true);
    expect(isEditableDay('2028-06-30', now)).toBe(true);
  });

  it('refuses a day before today or after the last, naming the edge', () => {
    expect(editableDaysProblem('2026-06-30', '2026-07-02', now, 'Closures')).toBe('Closures must be today (2026-07-01) or later');
    expect(editableDaysProblem('2026-07-02', '2028-07-01', now, 'Days off')).toBe('Days off can be set up to 2028-06-30');
    expect(isEditableDay('2026-06-30', now)).toBe(false);
    expect(isEditableDay('2028-07-01', now)).toBe(false);
  });

  it("takes today from London's clock: 23:30 UTC on 30 June is already 1 July", () => {
    expect(editableDaysProblem('2026-06-30', '2026-06-30', new Date('2026-06-30T23:30:00Z'), 'Closures')).toBe('Closures must be today (2026-07-01) or later');
  });
});

describe('series frequencies', () => {
  it('are weekly, fortnightly and monthly only, eight visits planned ahead', () => {
    expect(['weekly', 'fortnightly', 'monthly', 'one_off', 'daily', ''].map(isSeriesFrequency)).toEqual([true, true, true, false, false, false]);
    expect(VISITS_AHEAD).toBe(8);
  });

  it('counts weekly and fortnightly visits in days, monthly ones in calendar months', () => {
    expect(occurrenceDate('2030-01-31', 'weekly', 1)).toBe('2030-02-07');
    expect(occurrenceDate('2030-01-31', 'fortnightly', 1)).toBe('2030-02-14');
    expect(occurrenceDate('2030-01-31', 'monthly', 0)).toBe('2030-01-31');
    expect(occurrenceDate('2030-01-31', 'monthly', 1)).toBe('2030-02-28');
    expect(occurrenceDate('2030-01-30', 'monthly', 1)).toBe('2030-02-28');
    expect(occurrenceDate('2030-01-28', 'monthly', 1)).toBe('2030-02-28');
    expect(occurrenceDate('2030-01-15', 'monthly', 12)).toBe('2031-01-15');
  });
});
