import { describe, expect, it } from 'vitest';
import { checkStart, toMinutes, type BookedJob, type CapacityData, type Hours, type Team } from '../../../domain/capacity/availability-rules';
import { coverVisits, withTimeOff } from '../../../domain/capacity/time-off-cover';
import { londonLocalToInstant } from '../../../domain/time/london-time';

/**
 * Who takes a team's visits when it is given time off (domain/capacity/time-off-cover.ts, decision 057).
 * Summer dates, so London is an hour ahead of UTC and a visit is read at its London time.
 */
const MONDAY = '2030-06-10';
const TUESDAY = '2030-06-11';
const WEDNESDAY = '2030-06-12';
const hours = (opens: string, closes: string): Hours => ({ open: true, opens: toMinutes(opens), closes: toMinutes(closes) });
const team = (id: number): Team => ({ id, name: `Team ${id}`, hours: new Map(), daysOff: new Set() });
const at = (date: string, time: string) => londonLocalToInstant(date, time).getTime();
const visit = (orderId: number, teamId: number | null, date: string, from: string, to: string): BookedJob => ({
  orderId, teamId, start: at(date, from), end: at(date, to), area: 'SW',
});
const company = (jobs: BookedJob[], teams = [team(1), team(2), team(3)]): CapacityData => {
  const jobsByDay = new Map<string, BookedJob[]>();
  for (const job of jobs) {
    const day = new Date(job.start).toISOString().slice(0, 10);
    jobsByDay.set(day, [...(jobsByDay.get(day) ?? []), job]);
  }
  return {
    teams,
    openingHours: new Map([0, 1, 2, 3, 4, 5, 6].map((weekday) => [weekday, hours('09:00', '18:00')])),
    closures: new Map(),
    jobsByDay,
    travel: { sameArea: 30, otherArea: 60 },
  };
};

describe('giving a team time off', () => {
  it('takes the team off every day from the first to the last, inclusive, and no other team or day', () => {
    const data = withTimeOff(company([]), 1, MONDAY, WEDNESDAY);
    expect([...data.teams[0]!.daysOff].sort()).toEqual([MONDAY, TUESDAY, WEDNESDAY]);
    expect(data.teams.slice(1).map((t) => t.daysOff.size)).toEqual([0, 0]);
    expect(checkStart(data, '2030-06-13', '10:00', 120)).toEqual({ kind: 'free', teams: [1, 2, 3] });
    expect(checkStart(data, WEDNESDAY, '10:00', 120)).toEqual({ kind: 'free', teams: [2, 3] });
  });

  it('keeps the days off the team already had, and leaves the stored data as it was', () => {
    const before = company([], [{ ...team(1), daysOff: new Set(['2030-07-01']) }, team(2)]);
    const data = withTimeOff(before, 1, MONDAY, MONDAY);
    expect([...data.teams[0]!.daysOff].sort()).toEqual([MONDAY, '2030-07-01']);
    expect([...before.teams[0]!.daysOff]).toEqual(['2030-07-01']);
  });
});

describe('covering its visits', () => {
  it('gives each visit, earliest first, to the first free team, which it then holds', () => {
    const jobs = [visit(10, 1, MONDAY, '09:00', '11:00'), visit(11, 1, MONDAY, '13:30', '15:30'), visit(20, 2, MONDAY, '09:00', '12:00')];
    const data = withTimeOff(company(jobs), 1, MONDAY, MONDAY);
    // Visit 10 at 09:00: team 2 is busy, team 3 takes it. Visit 11 at 13:30: team 2 is free again (12:00 + 30 min travel).
    expect(coverVisits(data, [10, 11])).toEqual(new Map([[10, 3], [11, 2]]));
  });

  it('sets aside a visit no team is free for, once its cover holds the last free team', () => {
    const jobs = [visit(10, 1, MONDAY, '09:00', '11:00'), visit(11, 1, MONDAY, '11:00', '13:00'), visit(20, 2, MONDAY, '09:00', '14:00')];
    const data = withTimeOff(company(jobs), 1, MONDAY, MONDAY);
    // Team 3 takes 10 and then needs its 30 minutes' travel: 11 at 11:00 finds nobody.
    expect(coverVisits(data, [10, 11])).toEqual(new Map([[10, 3], [11, null]]));
    // Without the travel gap it would have fitted: the visit's own length and times are what is checked.
    const noTravel = { ...data, travel: { sameArea: 0, otherArea: 0 } };
    expect(coverVisits(noTravel, [10, 11])).toEqual(new Map([[10, 3], [11, 3]]));
  });

  it('reads the visit at its London time and for its own length', () => {
    // 17:00–18:00 London is the last hour the company is open; read as UTC (16:00) or longer it would move.
    const jobs = [visit(10, 1, TUESDAY, '17:00', '18:00'), visit(20, 2, TUESDAY, '09:00', '16:30')];
    const data = withTimeOff(company(jobs, [team(1), team(2)]), 1, TUESDAY, TUESDAY);
    expect(coverVisits(data, [10])).toEqual(new Map([[10, 2]]));
    const busier = withTimeOff(company([jobs[0]!, visit(20, 2, TUESDAY, '09:00', '16:31')], [team(1), team(2)]), 1, TUESDAY, TUESDAY);
    expect(coverVisits(busier, [10])).toEqual(new Map([[10, null]]));
  });

  it('gives null for a visit not in the data, and does not change the data it was given', () => {
    const jobs = [visit(10, 1, MONDAY, '09:00', '11:00')];
    const data = withTimeOff(company(jobs), 1, MONDAY, MONDAY);
    expect(coverVisits(data, [99, 10])).toEqual(new Map([[99, null], [10, 2]]));
    expect(data.jobsByDay.get(MONDAY)![0]!.teamId).toBe(1);
  });
});
