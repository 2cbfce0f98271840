import { describe, expect, it } from 'vitest';
import { checkStart, dayTimes, toMinutes, type BookedJob, type CapacityData, type Hours, type Team } from '../../domain/capacity/availability-rules';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { postcodeArea, travelGap } from '../../domain/capacity/travel-gap';

/**
 * The travel gap between a team's jobs (issue 26 §3, decision 041): 30 minutes within a postcode
 * area, 60 between areas or when the new job's postcode is not known yet, on hand-made data.
 */
const WEDNESDAY = '2030-01-09';
const open: Hours = { open: true, opens: toMinutes('07:00'), closes: toMinutes('20:00') };
const team = (id: number): Team => ({ id, name: `Team ${id}`, hours: new Map(), daysOff: new Set() });
const job = (orderId: number, teamId: number | null, from: string, to: string, postcode: string | null): BookedJob => ({
  orderId, teamId, start: londonLocalToInstant(WEDNESDAY, from).getTime(), end: londonLocalToInstant(WEDNESDAY, to).getTime(), area: postcodeArea(postcode),
});
const oneTeam = (...jobs: BookedJob[]): CapacityData => ({
  teams: [team(1)],
  openingHours: new Map([0, 1, 2, 3, 4, 5, 6].map((weekday) => [weekday, open])),
  closures: new Map(),
  jobsByDay: new Map([[WEDNESDAY, jobs]]),
  travel: { sameArea: 30, otherArea: 60 },
});

describe('postcode areas and the gap between them', () => {
  it('reads the area (the letters before the first digit) of any way a postcode is typed', () => {
    expect(postcodeArea('sw1a 2aa')).toBe('SW');
    expect(postcodeArea('E14 5AB')).toBe('E');
    expect(postcodeArea('SW11 1AA')).toBe('SW');
    expect(postcodeArea(null)).toBeNull();
    expect(postcodeArea('')).toBeNull();
  });

  it('is the shorter gap within one area only; another area or an unknown postcode is the longer', () => {
    const travel = { sameArea: 30, otherArea: 60 };
    expect(travelGap(travel, 'SW', 'SW')).toBe(30);
    expect(travelGap(travel, 'SW', 'E')).toBe(60);
    expect(travelGap(travel, 'SW', null)).toBe(60);
    expect(travelGap(travel, null, null)).toBe(60);
  });
});

describe('a team is not free within the travel gap of its jobs', () => {
  // Team 1 cleans in SW1 from 10:00 to 13:00.
  const data = oneTeam(job(1, 1, '10:00', '13:00', 'SW1A 2AA'));

  it('after a job: 30 minutes in the same area, 60 from another', () => {
    expect(checkStart(data, WEDNESDAY, '13:00', 60, undefined, 'SW')).toEqual({ kind: 'full' });
    expect(checkStart(data, WEDNESDAY, '13:29', 60, undefined, 'SW')).toEqual({ kind: 'full' });
    expect(checkStart(data, WEDNESDAY, '13:30', 60, undefined, 'SW')).toEqual({ kind: 'free', teams: [1] });
    expect(checkStart(data, WEDNESDAY, '13:30', 60, undefined, 'E')).toEqual({ kind: 'full' });
    expect(checkStart(data, WEDNESDAY, '14:00', 60, undefined, 'E')).toEqual({ kind: 'free', teams: [1] });
    expect(checkStart(data, WEDNESDAY, '13:30', 60)).toEqual({ kind: 'full' });
  });

  it('before a job: the new one must end the gap before it starts', () => {
    expect(checkStart(data, WEDNESDAY, '08:30', 60, undefined, 'SW')).toEqual({ kind: 'free', teams: [1] });
    expect(checkStart(data, WEDNESDAY, '09:00', 60, undefined, 'SW')).toEqual({ kind: 'full' });
    expect(checkStart(data, WEDNESDAY, '08:00', 60, undefined, 'N')).toEqual({ kind: 'free', teams: [1] });
    expect(checkStart(data, WEDNESDAY, '08:30', 60, undefined, 'N')).toEqual({ kind: 'full' });
  });

  it("a job nobody has yet needs a team's travel too, and the calendar offers only the times the gap leaves", () => {
    const unassigned = oneTeam(job(2, null, '10:00', '13:00', 'SW1A 2AA'));
    expect(checkStart(unassigned, WEDNESDAY, '13:00', 60, undefined, 'SW')).toEqual({ kind: 'full' });
    expect(checkStart(unassigned, WEDNESDAY, '13:30', 60, undefined, 'SW')).toEqual({ kind: 'free', teams: [1] });
    const wide = { earliest: new Date(0), latest: new Date('2100-01-01') };
    const times = dayTimes(data, WEDNESDAY, 60, wide, 'SW').times.filter((slot) => slot.free > 0).map((slot) => slot.time);
    expect(times).toContain('08:30');
    expect(times).not.toContain('09:00');
    expect(times).not.toContain('13:00');
    expect(times).toContain('13:30');
  });
});
