import { describe, expect, it } from 'vitest';
import { formatLondon, londonLocalToInstant } from '../../../domain/time/london-time';
import { afterWakingMinutes, isWakingTime, nextWakingStart, offerHeldUntil, wakingMinutesBetween } from '../../../domain/waitlist/waking-hours';
import { suitsTimes, timeOfDay, timesOfDayText } from '../../../domain/waitlist/times-of-day';

/** Waiting list offers in waking hours, 08:00–21:00 UK time (issue 36, decision 085). */
const uk = (date: string, time: string) => londonLocalToInstant(date, time);
const shown = (at: Date | null) => (at === null ? null : formatLondon(at));

describe('waking hours', () => {
  it('are 08:00 to 21:00 UK time, whatever the season', () => {
    expect(isWakingTime(uk('2026-12-02', '07:59'))).toBe(false);
    expect(isWakingTime(uk('2026-12-02', '08:00'))).toBe(true);
    expect(isWakingTime(uk('2026-07-02', '20:59'))).toBe(true);
    expect(isWakingTime(uk('2026-07-02', '21:00'))).toBe(false);
    expect(isWakingTime(uk('2026-07-02', '00:41'))).toBe(false);
  });

  it('an offer due at night waits for 08:00, the same morning or the next', () => {
    expect(shown(nextWakingStart(uk('2026-12-03', '00:41')))).toBe('2026-12-03 08:00');
    expect(shown(nextWakingStart(uk('2026-12-02', '21:00')))).toBe('2026-12-03 08:00');
    expect(shown(nextWakingStart(uk('2026-12-02', '13:10')))).toBe('2026-12-02 13:10');
  });

  it('the hold counts waking time only: made at 20:30 with two hours, it runs to 09:30 next morning', () => {
    expect(shown(afterWakingMinutes(uk('2026-12-02', '20:30'), 120))).toBe('2026-12-03 09:30');
    expect(shown(afterWakingMinutes(uk('2026-12-02', '19:00'), 120))).toBe('2026-12-02 21:00');
    expect(shown(afterWakingMinutes(uk('2026-12-03', '00:41'), 120))).toBe('2026-12-03 10:00');
    // The longest hold staff may set (48 hours) spans nights: 13 waking hours a day.
    expect(shown(afterWakingMinutes(uk('2026-12-02', '08:00'), 2880))).toBe('2026-12-05 17:00');
    expect(wakingMinutesBetween(uk('2026-12-02', '20:30'), uk('2026-12-03', '09:30'))).toBe(120);
  });

  it('counts the same on the night the clocks go forward (29 March 2026) and the night they go back (25 October 2026)', () => {
    expect(shown(afterWakingMinutes(uk('2026-03-28', '20:30'), 120))).toBe('2026-03-29 09:30');
    expect(shown(afterWakingMinutes(uk('2026-10-24', '20:30'), 120))).toBe('2026-10-25 09:30');
    // The night is an hour shorter, then an hour longer, in real time; waking time is the same.
    expect(afterWakingMinutes(uk('2026-03-28', '20:30'), 120).getTime() - uk('2026-03-28', '20:30').getTime()).toBe(12 * 3_600_000);
    expect(afterWakingMinutes(uk('2026-10-24', '20:30'), 120).getTime() - uk('2026-10-24', '20:30').getTime()).toBe(14 * 3_600_000);
    expect(shown(nextWakingStart(new Date('2026-03-29T00:41:00Z')))).toBe('2026-03-29 08:00');
    expect(shown(nextWakingStart(new Date('2026-10-25T00:41:00Z')))).toBe('2026-10-25 08:00');
    expect(wakingMinutesBetween(uk('2026-10-24', '20:00'), uk('2026-10-25', '09:00'))).toBe(120);
    expect(wakingMinutesBetween(uk('2026-03-28', '20:00'), uk('2026-03-29', '09:00'))).toBe(120);
  });
});

describe('until when an offer holds its time', () => {
  const notice = (date: string, time: string) => new Date(uk(date, time).getTime() - 24 * 3_600_000);

  it('is none at night: the offer waits for the morning run', () => {
    expect(offerHeldUntil(uk('2026-12-03', '00:41'), 120, notice('2026-12-05', '07:00'))).toBeNull();
    expect(shown(offerHeldUntil(uk('2026-12-03', '08:00'), 120, notice('2026-12-05', '07:00')))).toBe('2026-12-03 10:00');
  });

  it('never runs past the held start less the booking notice', () => {
    // A 09:00 start two days on may be booked until 09:00 tomorrow: a 20:30 offer is held to then, not 09:30.
    expect(shown(offerHeldUntil(uk('2026-12-02', '20:30'), 120, notice('2026-12-04', '09:00')))).toBe('2026-12-03 09:00');
  });

  it('is not made when the customer could not answer in waking time before the time is gone', () => {
    // A 07:00 start: bookable until 07:00 the day before, while the customer sleeps.
    expect(offerHeldUntil(uk('2026-12-02', '20:50'), 120, notice('2026-12-04', '07:00'))).toBeNull();
    expect(shown(offerHeldUntil(uk('2026-12-02', '20:45'), 120, notice('2026-12-04', '07:00')))).toBe('2026-12-03 07:00');
    // A short hold staff chose is enough by itself.
    expect(shown(offerHeldUntil(uk('2026-12-02', '20:00'), 5, notice('2026-12-04', '07:00')))).toBe('2026-12-02 20:05');
  });
});

describe('times of day that suit', () => {
  it('morning before 12:00, afternoon to 16:59, evening from 17:00; none chosen is any time', () => {
    expect(['08:00', '11:30', '12:00', '16:30', '17:00', '19:30'].map(timeOfDay)).toEqual(['morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening']);
    expect(suitsTimes(['afternoon', 'evening'], '09:00')).toBe(false);
    expect(suitsTimes(['afternoon', 'evening'], '12:00')).toBe(true);
    expect(suitsTimes([], '09:00')).toBe(true);
    expect(suitsTimes(null, '09:00')).toBe(true);
    expect(timesOfDayText(['evening', 'morning'])).toBe('morning or evening');
    expect(timesOfDayText(['morning', 'afternoon', 'evening'])).toBe('');
  });
});
