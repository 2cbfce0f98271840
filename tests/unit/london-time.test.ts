import { describe, expect, it } from 'vitest';
import { earliestStart, formatLondon, londonDate, londonLocalToInstant } from '../../src/lib/london-time';
import * as serverTime from '../../server/services/london-time';
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

  it('is what the pages, CSV (src/lib/dates) and the server use', () => {
    expect(formatDateTime('2026-07-01T09:30:00Z')).toBe('2026-07-01 10:30');
    expect(serverTime.londonLocalToInstant).toBe(londonLocalToInstant);
    expect(serverTime.formatLondon).toBe(formatLondon);
  });

  it('rounds the earliest start up to a whole minute', () => {
    expect(iso(earliestStart(new Date('2026-07-01T09:00:00Z'), 86_400_000))).toBe('2026-07-02T09:00:00.000Z');
    expect(iso(earliestStart(new Date('2026-07-01T09:00:00.001Z'), 86_400_000))).toBe('2026-07-02T09:01:00.000Z');
  });
});
