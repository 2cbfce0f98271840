import { describe, expect, it } from 'vitest';
import {
  MIN_JOB_MINUTES,
  SLOT_STEP_MINUTES,
  checkStart,
  companyDay,
  datesFrom,
  dayTimes,
  teamRefusal,
  toMinutes,
  toTime,
  weekdayOf,
  type BookedJob,
  type CapacityData,
  type Hours,
  type Team,
} from '../../../domain/capacity/availability-rules';
import { londonLocalToInstant } from '../../../domain/time/london-time';

/**
 * The capacity rule (decision 015) on hand-made data, at its exact edges: opening and closing
 * minutes, the travel gap to the minute, teams off or with their own hours, jobs nobody has yet,
 * the bookable window's two ends and the spring clock change. Winter dates, so London = UTC.
 */
const WEDNESDAY = '2030-01-09';
const THURSDAY = '2030-01-10';
const hours = (opens: string, closes: string, open = true): Hours => ({ open, opens: toMinutes(opens), closes: toMinutes(closes) });
const everyDay = (h: Hours) => new Map([0, 1, 2, 3, 4, 5, 6].map((weekday) => [weekday, h]));
const team = (id: number, extra: Partial<Team> = {}): Team => ({ id, name: `Team ${id}`, hours: new Map(), daysOff: new Set(), ...extra });
const at = (date: string, time: string) => londonLocalToInstant(date, time).getTime();
const booked = (orderId: number, teamId: number | null, from: string, to: string, area: string | null = 'SW', date = WEDNESDAY): BookedJob => ({
  orderId, teamId, start: at(date, from), end: at(date, to), area,
});
const company = (over: Partial<CapacityData> = {}): CapacityData => ({
  teams: [team(1), team(2)],
  openingHours: everyDay(hours('08:00', '18:00')),
  closures: new Map(),
  jobsByDay: new Map(),
  travel: { sameArea: 30, otherArea: 60 },
  ...over,
});
const wide = { earliest: new Date('2000-01-01T00:00:00Z'), latest: new Date('2100-01-01T00:00:00Z') };

describe('times and weekdays', () => {
  it('reads HH:mm as minutes after midnight and back, zero-padded', () => {
    expect(toMinutes('00:00')).toBe(0);
    expect(toMinutes('07:30')).toBe(450);
    expect(toMinutes('23:59')).toBe(1439);
    expect(toMinutes('09')).toBe(540);
    expect(toTime(0)).toBe('00:00');
    expect(toTime(5)).toBe('00:05');
    expect(toTime(450)).toBe('07:30');
    expect(toTime(1439)).toBe('23:59');
  });

  it('names the weekday of a UK date, Sunday = 0', () => {
    expect(['2030-01-06', '2030-01-07', WEDNESDAY, '2030-01-12'].map(weekdayOf)).toEqual([0, 1, 3, 6]);
    expect(weekdayOf('2024-02-29')).toBe(4);
  });

  it('lists the dates from a day on, across a month end', () => {
    expect(datesFrom('2030-01-30', 4)).toEqual(['2030-01-30', '2030-01-31', '2030-02-01', '2030-02-02']);
    expect(datesFrom(WEDNESDAY, 0)).toEqual([]);
  });

  it('offers starts every half hour, and a job of no length still takes half an hour', () => {
    expect([SLOT_STEP_MINUTES, MIN_JOB_MINUTES]).toEqual([30, 30]);
  });
});

describe("the company's day", () => {
  it('is shut on a closure, with its reason or "Closed" when none was given', () => {
    const data = company({ closures: new Map([[WEDNESDAY, 'Staff training'], [THURSDAY, '']]) });
    expect(companyDay(data, WEDNESDAY)).toEqual({ closed: 'Staff training' });
    expect(companyDay(data, THURSDAY)).toEqual({ closed: 'Closed' });
    expect(companyDay(data, '2030-01-11')).toEqual({ hours: hours('08:00', '18:00') });
  });

  it('is shut on a weekday that is closed or has no hours at all', () => {
    const data = company({ openingHours: new Map([[3, hours('08:00', '18:00', false)], [5, hours('09:00', '17:00')]]) });
    expect(companyDay(data, WEDNESDAY)).toEqual({ closed: 'Closed' });
    expect(companyDay(data, THURSDAY)).toEqual({ closed: 'Closed' });
    expect(companyDay(data, '2030-01-11')).toEqual({ hours: hours('09:00', '17:00') });
    expect(checkStart(data, WEDNESDAY, '10:00', 60)).toEqual({ kind: 'closed', reason: 'Closed' });
    expect(dayTimes(data, WEDNESDAY, 60, wide)).toEqual({ date: WEDNESDAY, closed: 'Closed', times: [] });
  });
});

describe('one team and one job', () => {
  const day = hours('08:00', '18:00');
  const job = (time: string, minutes = 60, area: string | null = 'SW', movingOrder?: number) => ({ date: WEDNESDAY, time, minutes, area, ...(movingOrder ? { movingOrder } : {}) });

  it('a team off that day, or not working that weekday, cannot take it', () => {
    const data = company();
    expect(teamRefusal(data, team(1, { daysOff: new Set([WEDNESDAY]) }), job('10:00'), day)).toEqual({ kind: 'off' });
    expect(teamRefusal(data, team(1, { daysOff: new Set([THURSDAY]) }), job('10:00'), day)).toBeNull();
    expect(teamRefusal(data, team(1, { hours: new Map([[3, hours('08:00', '18:00', false)]]) }), job('10:00'), day)).toEqual({ kind: 'notWorking' });
    expect(teamRefusal(data, team(1, { hours: new Map([[4, hours('08:00', '18:00', false)]]) }), job('10:00'), day)).toBeNull();
  });

  it("works within both its own hours and the company's, to the minute", () => {
    const data = company();
    const own = hours('09:00', '20:00');
    const late = team(1, { hours: new Map([[3, own]]) });
    // Its own day starts at 09:00, the company's ends at 18:00.
    expect(teamRefusal(data, late, job('08:59'), day)).toEqual({ kind: 'hours', hours: own });
    expect(teamRefusal(data, late, job('09:00'), day)).toBeNull();
    expect(teamRefusal(data, late, job('17:00'), day)).toBeNull();
    expect(teamRefusal(data, late, job('17:01'), day)).toEqual({ kind: 'hours', hours: own });
    const early = team(1, { hours: new Map([[3, hours('06:00', '12:00')]]) });
    expect(teamRefusal(data, early, job('07:59'), day)).toEqual({ kind: 'hours', hours: hours('06:00', '12:00') });
    expect(teamRefusal(data, early, job('11:00'), day)).toBeNull();
    expect(teamRefusal(data, early, job('11:01'), day)).toEqual({ kind: 'hours', hours: hours('06:00', '12:00') });
    // A job of no length still needs half an hour before closing.
    expect(teamRefusal(data, team(1), job('17:30', 0), day)).toBeNull();
    expect(teamRefusal(data, team(1), job('17:31', 0), day)).toEqual({ kind: 'hours', hours: day });
  });

  it('is busy within the travel gap of its own jobs, to the minute, naming the first in the way', () => {
    const first = booked(1, 1, '10:00', '11:00');
    const second = booked(2, 1, '12:00', '13:00');
    const data = company({ jobsByDay: new Map([[WEDNESDAY, [second, first, booked(3, 2, '08:00', '18:00')]]]) });
    // Same area: 30 minutes either side.
    expect(teamRefusal(data, team(1), job('08:30'), day)).toBeNull();
    expect(teamRefusal(data, team(1), job('08:31'), day)).toEqual({ kind: 'busy', job: first, travel: 30 });
    expect(teamRefusal(data, team(1), job('11:29', 1), day)).toEqual({ kind: 'busy', job: first, travel: 30 });
    // Between the two jobs an hour and a half long, both in the way: the earlier one is named.
    expect(teamRefusal(data, team(1), job('10:30', 90), day)).toEqual({ kind: 'busy', job: first, travel: 30 });
    expect(teamRefusal(data, team(1), job('13:30'), day)).toBeNull();
    expect(teamRefusal(data, team(1), job('13:29'), day)).toEqual({ kind: 'busy', job: second, travel: 30 });
    // Another area: an hour either side.
    expect(teamRefusal(data, team(1), job('14:00', 60, 'E'), day)).toBeNull();
    expect(teamRefusal(data, team(1), job('13:59', 60, 'E'), day)).toEqual({ kind: 'busy', job: second, travel: 60 });
    expect(teamRefusal(data, team(1), job('08:00', 60, 'E'), day)).toBeNull();
    expect(teamRefusal(data, team(1), job('08:01', 60, 'E'), day)).toEqual({ kind: 'busy', job: first, travel: 60 });
    // The job being moved is not in its own way; team 2's all-day job is not team 1's.
    expect(teamRefusal(data, team(1), job('10:45', 60, 'SW', 1), day)).toEqual({ kind: 'busy', job: second, travel: 30 });
    expect(teamRefusal(data, team(1), job('09:00', 60, 'SW', 1), day)).toBeNull();
    expect(teamRefusal(data, team(2), job('09:00', 60, 'SW', 1), day)).toEqual({ kind: 'busy', job: booked(3, 2, '08:00', '18:00'), travel: 30 });
  });
});

describe('whether a start is free', () => {
  it('is outside the hours before opening or when the job would end after closing, saying the last start', () => {
    const data = company();
    expect(checkStart(data, WEDNESDAY, '07:59', 60)).toEqual({ kind: 'outsideHours', opens: 480, lastStart: 1020 });
    expect(checkStart(data, WEDNESDAY, '08:00', 60)).toEqual({ kind: 'free', teams: [1, 2] });
    expect(checkStart(data, WEDNESDAY, '17:00', 60)).toEqual({ kind: 'free', teams: [1, 2] });
    expect(checkStart(data, WEDNESDAY, '17:01', 60)).toEqual({ kind: 'outsideHours', opens: 480, lastStart: 1020 });
    expect(checkStart(data, WEDNESDAY, '17:31', 10)).toEqual({ kind: 'outsideHours', opens: 480, lastStart: 1050 });
    expect(checkStart(data, WEDNESDAY, '17:30', 10)).toEqual({ kind: 'free', teams: [1, 2] });
  });

  it('says the closure reason on a closed day', () => {
    expect(checkStart(company({ closures: new Map([[WEDNESDAY, 'Bank holiday']]) }), WEDNESDAY, '10:00', 60)).toEqual({ kind: 'closed', reason: 'Bank holiday' });
  });

  it('refuses a time the spring clock change skips when the company opens at midnight', () => {
    const data = company({ openingHours: everyDay(hours('00:00', '23:30')) });
    expect(checkStart(data, '2030-03-31', '01:30', 30)).toEqual({
      kind: 'clockChange',
      problem: '01:30 on 2030-03-31 does not exist in the UK: the clocks go forward from 01:00 to 02:00 that night. Please choose another time',
    });
    expect(checkStart(data, '2030-03-31', '02:00', 30)).toEqual({ kind: 'free', teams: [1, 2] });
  });

  it('lists the teams free, best first; a busy team is left out', () => {
    const data = company({ teams: [team(1), team(2), team(3)], jobsByDay: new Map([[WEDNESDAY, [booked(1, 2, '10:00', '11:00')]]]) });
    expect(checkStart(data, WEDNESDAY, '10:00', 60)).toEqual({ kind: 'free', teams: [1, 3] });
    expect(checkStart(data, WEDNESDAY, '10:00', 60, 1)).toEqual({ kind: 'free', teams: [1, 2, 3] });
    expect(checkStart(data, THURSDAY, '10:00', 60)).toEqual({ kind: 'free', teams: [1, 2, 3] });
  });

  it('counts each job nobody has yet in the way as one team taken, the last free ones first', () => {
    const one = company({ teams: [team(1), team(2), team(3)], jobsByDay: new Map([[WEDNESDAY, [booked(7, null, '10:00', '11:00')]]]) });
    expect(checkStart(one, WEDNESDAY, '10:00', 60)).toEqual({ kind: 'free', teams: [1, 2] });
    // Not in the way (an hour and a half later, same area), or the job being moved itself: no team taken.
    expect(checkStart(one, WEDNESDAY, '11:30', 60, undefined, 'SW')).toEqual({ kind: 'free', teams: [1, 2, 3] });
    expect(checkStart(one, WEDNESDAY, '11:29', 60, undefined, 'SW')).toEqual({ kind: 'free', teams: [1, 2] });
    expect(checkStart(one, WEDNESDAY, '10:00', 60, 7)).toEqual({ kind: 'free', teams: [1, 2, 3] });
    // One starting during the new job, or within the travel gap after its end, is in the way too.
    const later = company({ teams: [team(1)], jobsByDay: new Map([[WEDNESDAY, [booked(9, null, '11:15', '12:00')]]]) });
    expect(checkStart(later, WEDNESDAY, '10:00', 60, undefined, 'SW')).toEqual({ kind: 'full' });
    expect(checkStart(later, WEDNESDAY, '09:45', 60, undefined, 'SW')).toEqual({ kind: 'free', teams: [1] });
    // More jobs nobody has than teams free: full, never a negative count.
    const many = company({ teams: [team(1)], jobsByDay: new Map([[WEDNESDAY, [booked(7, null, '10:00', '11:00'), booked(8, null, '10:00', '11:00')]]]) });
    expect(checkStart(many, WEDNESDAY, '10:00', 60)).toEqual({ kind: 'full' });
    const exact = company({ teams: [team(1)], jobsByDay: new Map([[WEDNESDAY, [booked(7, null, '10:00', '11:00')]]]) });
    expect(checkStart(exact, WEDNESDAY, '10:00', 60)).toEqual({ kind: 'full' });
  });
});

describe("a day's start times", () => {
  it('starts at the first half hour after opening and ends with the last start the job fits in', () => {
    const data = company({ teams: [team(1)], openingHours: everyDay(hours('08:10', '11:00')) });
    expect(dayTimes(data, WEDNESDAY, 60, wide)).toEqual({
      date: WEDNESDAY,
      closed: null,
      times: [{ time: '08:30', free: 1 }, { time: '09:00', free: 1 }, { time: '09:30', free: 1 }, { time: '10:00', free: 1 }],
    });
    // A job of no length takes half an hour: 10:30 is the last start.
    expect(dayTimes(data, WEDNESDAY, 0, wide).times.map((slot) => slot.time)).toEqual(['08:30', '09:00', '09:30', '10:00', '10:30']);
  });

  it('offers only the starts inside the bookable window, both ends included', () => {
    const data = company({ teams: [team(1)], openingHours: everyDay(hours('08:00', '12:00')) });
    const window = { earliest: new Date(at(WEDNESDAY, '09:00')), latest: new Date(at(WEDNESDAY, '10:00')) };
    expect(dayTimes(data, WEDNESDAY, 60, window).times.map((slot) => slot.time)).toEqual(['09:00', '09:30', '10:00']);
  });

  it('counts the teams free at each start, 0 when fully booked, and passes the area for the travel gap', () => {
    const data = company({ openingHours: everyDay(hours('08:00', '12:00')), jobsByDay: new Map([[WEDNESDAY, [booked(1, 1, '10:00', '11:00', 'SW')]]]) });
    expect(dayTimes(data, WEDNESDAY, 60, wide, 'SW').times).toEqual([
      { time: '08:00', free: 2 }, { time: '08:30', free: 2 }, { time: '09:00', free: 1 }, { time: '09:30', free: 1 },
      { time: '10:00', free: 1 }, { time: '10:30', free: 1 }, { time: '11:00', free: 1 },
    ]);
    expect(dayTimes(data, WEDNESDAY, 60, wide, 'E').times.map((slot) => slot.free)).toEqual([2, 1, 1, 1, 1, 1, 1]);
    const full = company({ teams: [team(1)], openingHours: everyDay(hours('10:00', '11:00')), jobsByDay: new Map([[WEDNESDAY, [booked(1, 1, '10:00', '11:00')]]]) });
    expect(dayTimes(full, WEDNESDAY, 60, wide).times).toEqual([{ time: '10:00', free: 0 }]);
  });

  it('never offers a time the clocks skip', () => {
    const data = company({ teams: [team(1)], openingHours: everyDay(hours('00:00', '03:00')) });
    expect(dayTimes(data, '2030-03-31', 30, wide).times.map((slot) => slot.time)).toEqual(['00:00', '00:30', '02:00', '02:30']);
  });
});
