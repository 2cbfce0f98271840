import { describe, expect, it } from 'vitest';
import { clockChangeProblem, earliestStart, formatLondon, londonClock, londonDate, londonLocalToInstant } from '../../domain/time/london-time';
import { isUkPostcode, OUTWARD_CODE } from '../../domain/site/postcodes';
import { formatDateTime } from '../../src/lib/dates';

// The results must not depend on the zone the tests run in: try TZ=America/New_York or TZ=Asia/Tokyo.
const iso = (date: Date) => date.toISOString();

describe('UK time, one module for client, server and mails', () => {
  it('reads a summer wall-clock time as BST (UTC+1) and a winter one as GMT', () => {
    expect(iso(londonLocalToInstant('2025-07-03', '10:00'))).toBe('2025-07-03T09:00:00.000Z');
    expect(iso(londonLocalToInstant('2025-12-03', '10:00'))).toBe('2025-12-03T10:00:00.000Z');
  });

  it('reads 2026-10-25 01:30 (it happens twice) as the first, summer-time one', () => {
    expect(iso(londonLocalToInstant('2026-10-25', '01:30'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(londonLocalToInstant('2026-10-25', '00:59'))).toBe('2026-10-24T23:59:00.000Z');
    expect(iso(londonLocalToInstant('2026-10-25', '02:00'))).toBe('2026-10-25T02:00:00.000Z');
  });

  it('reads 2026-03-29 01:30 (skipped in spring) as the clock shows it, an hour later', () => {
    expect(iso(londonLocalToInstant('2026-03-29', '01:30'))).toBe('2026-03-29T01:30:00.000Z');
    expect(formatLondon(londonLocalToInstant('2026-03-29', '01:30'))).toBe('2026-03-29 02:30');
    expect(iso(londonLocalToInstant('2026-03-29', '02:00'))).toBe('2026-03-29T01:00:00.000Z');
  });

  it('formats instants as YYYY-MM-DD HH:mm in London whatever the zone of the runtime', () => {
    expect(formatLondon('2026-07-01T09:30:00Z')).toBe('2026-07-01 10:30');
    expect(formatLondon('2026-01-01T11:00:00Z')).toBe('2026-01-01 11:00');
    expect(formatLondon('2026-10-25T00:30:00Z')).toBe('2026-10-25 01:30');
    expect(formatLondon('2026-10-25T01:30:00Z')).toBe('2026-10-25 01:30');
    expect(formatLondon(null)).toBe('');
    expect(formatLondon('not a date')).toBe('');
    expect(londonDate('2026-06-30T23:30:00Z')).toBe('2026-07-01');
  });

  it('names the London date of an instant as its full London time does, across both clock changes and every midnight', () => {
    // Every 7 minutes and 13.5 seconds through 2026: odd seconds and milliseconds on both sides of midnight.
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 433_500) {
      expect(londonDate(at)).toBe(formatLondon(at).slice(0, 10));
    }
    expect(londonDate('2026-03-29T00:59:59.999Z')).toBe('2026-03-29');
    expect(londonDate('2026-10-24T23:00:00Z')).toBe('2026-10-25');
    expect(londonDate('2026-12-31T23:59:59.999Z')).toBe('2026-12-31');
  });

  it('is what the pages and CSV (src/lib/dates) use; the server imports domain/time itself', () => {
    expect(formatDateTime('2026-07-01T09:30:00Z')).toBe('2026-07-01 10:30');
  });

  it('rounds the earliest start up to a whole minute', () => {
    expect(iso(earliestStart(new Date('2026-07-01T09:00:00Z'), 86_400_000))).toBe('2026-07-02T09:00:00.000Z');
    expect(iso(earliestStart(new Date('2026-07-01T09:00:00.001Z'), 86_400_000))).toBe('2026-07-02T09:01:00.000Z');
  });
});

describe('times the clocks skip or show twice (issue 24)', () => {
  const spring = (time: string) => `${time} on 2027-03-28 does not exist in the UK: the clocks go forward from 01:00 to 02:00 that night. Please choose another time`;
  const autumn = (time: string) => `${time} on 2027-10-31 happens twice in the UK: the clocks go back from 02:00 to 01:00 that night. Please choose another time`;

  it('2027-03-28: 01:00 to 01:59 never happen; 00:59 and 02:00 do, once', () => {
    expect(['00:00', '00:59', '02:00', '02:30', '23:59'].map((time) => clockChangeProblem('2027-03-28', time))).toEqual([null, null, null, null, null]);
    expect(['01:00', '01:30', '01:59'].map((time) => clockChangeProblem('2027-03-28', time))).toEqual([spring('01:00'), spring('01:30'), spring('01:59')]);
  });

  it('2027-10-31: 01:00 to 01:59 happen twice; 00:59 and 02:00 once', () => {
    expect(['00:00', '00:59', '02:00', '02:30'].map((time) => clockChangeProblem('2027-10-31', time))).toEqual([null, null, null, null]);
    expect(['01:00', '01:30', '01:59'].map((time) => clockChangeProblem('2027-10-31', time))).toEqual([autumn('01:00'), autumn('01:30'), autumn('01:59')]);
  });

  it('the same hours on other days, a week either side, are ordinary', () => {
    for (const date of ['2027-03-21', '2027-03-27', '2027-03-29', '2027-04-04', '2027-10-24', '2027-10-30', '2027-11-01', '2027-07-04', '2027-12-26']) {
      expect([clockChangeProblem(date, '01:00'), clockChangeProblem(date, '01:30')]).toEqual([null, null]);
    }
  });
});


describe('londonClock and the postcode rules (decision 077: no slicing of formatted text, the contract\'s pattern once)', () => {
  it('reads the UK wall clock of an instant, across the clock change', () => {
    expect(londonClock(new Date('2026-07-01T08:30:00Z'))).toBe('09:30');
    expect(londonClock('2026-12-01T08:30:00Z')).toBe('08:30');
    expect(londonClock('2026-10-25T00:59:00Z')).toBe(formatLondon('2026-10-25T00:59:00Z').slice(11));
  });

  it('checks a postcode and a district by openapi/rules.ts', () => {
    expect(isUkPostcode(' sw1a 1aa ')).toBe(true);
    expect(isUkPostcode('SW1A1AA')).toBe(true);
    expect(isUkPostcode('SW1A 1A')).toBe(false);
    expect(OUTWARD_CODE.test('WC2N')).toBe(true);
    expect(OUTWARD_CODE.test('WC2N 5DU')).toBe(false);
  });
});
