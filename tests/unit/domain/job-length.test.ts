import { describe, expect, it } from 'vitest';
import { toMinutes, type BookedJob, type CapacityData, type Hours, type Team } from '../../../domain/capacity/availability-rules';
import { durationLabel, longerJobProblem } from '../../../domain/capacity/job-length';
import { londonLocalToInstant } from '../../../domain/time/london-time';

/**
 * One job's own length (domain/capacity/job-length.ts, decision 084): how staff read it, and why a
 * longer one does not fit its day, in the words the order page shows. A Monday in June (London an
 * hour ahead of UTC), the company open 09:00–18:00, 30 minutes' travel within an area.
 */
const MONDAY = '2030-06-10';
const hours = (opens: string, closes: string): Hours => ({ open: true, opens: toMinutes(opens), closes: toMinutes(closes) });
const team = (id: number, extra: Partial<Team> = {}): Team => ({ id, name: `Team ${id}`, hours: new Map(), daysOff: new Set(), ...extra });
const at = (time: string) => londonLocalToInstant(MONDAY, time).getTime();
const booked = (orderId: number, teamId: number, from: string, to: string): BookedJob => ({ orderId, teamId, start: at(from), end: at(to), area: 'SW' });
const company = (jobs: BookedJob[], teams: Team[] = [team(1)], closures = new Map<string, string>()): CapacityData => ({
  teams,
  openingHours: new Map([0, 1, 2, 3, 4, 5, 6].map((weekday) => [weekday, hours('09:00', '18:00')])),
  closures,
  jobsByDay: new Map([[MONDAY, jobs]]),
  travel: { sameArea: 30, otherArea: 60 },
});
const job = (time: string, minutes: number) => ({ date: MONDAY, time, minutes, area: 'SW', movingOrder: 1 });

describe("a job's length in words", () => {
  it('reads minutes, hours, or both', () => {
    expect(durationLabel(45)).toBe('45 min');
    expect(durationLabel(120)).toBe('2 h');
    expect(durationLabel(90)).toBe('1 h 30 min');
    expect(durationLabel(61)).toBe('1 h 1 min');
  });
});

describe('whether a longer job still fits its day', () => {
  it('fits when its team is free for the whole job, the job itself not in its own way', () => {
    expect(longerJobProblem(company([booked(1, 1, '10:00', '12:00')]), job('10:00', 240), 1)).toBeNull();
  });

  it('is refused on a closed day, with the reason', () => {
    expect(longerJobProblem(company([], [team(1)], new Map([[MONDAY, 'Bank holiday']])), job('10:00', 120), 1))
      .toBe(`We are closed on ${MONDAY} (Bank holiday): move the job to an open day first`);
  });

  it("is refused past the day's last finish, or its team's", () => {
    expect(longerJobProblem(company([]), job('16:00', 150), 1)).toBe(`A job of 2 h 30 min from 16:00 would finish at 18:30, after the day's last finish (18:00) on ${MONDAY}`);
    expect(longerJobProblem(company([]), job('16:00', 120), 1)).toBeNull();
    const early = team(1, { hours: new Map([[1, hours('09:00', '15:00')]]) });
    expect(longerJobProblem(company([], [early]), job('13:00', 150), 1)).toBe("A job of 2 h 30 min from 13:00 would finish at 15:30, after Team 1's last finish (15:00)");
  });

  it('is refused when its team is off, or does not work that weekday', () => {
    expect(longerJobProblem(company([], [team(1, { daysOff: new Set([MONDAY]) })]), job('10:00', 120), 1)).toBe(`Team 1 is off on ${MONDAY}`);
    expect(longerJobProblem(company([], [team(1, { hours: new Map([[1, { open: false, opens: 0, closes: 0 }]]) })]), job('10:00', 120), 1))
      .toBe('Team 1 does not work on Monday');
  });

  it("names the team's next job it runs into, or is too close to for the travel between them", () => {
    const jobs = [booked(1, 1, '10:00', '12:00'), booked(2, 1, '13:00', '15:00')];
    expect(longerJobProblem(company(jobs), job('10:00', 210), 1)).toBe("A job of 3 h 30 min from 10:00 would finish at 13:30, into Team 1's next job (13:00–15:00)");
    expect(longerJobProblem(company(jobs), job('10:00', 165), 1)).toBe("A job of 2 h 45 min from 10:00 would finish at 12:45, too close to Team 1's next job (13:00–15:00) to travel the 30 minutes between them");
    expect(longerJobProblem(company(jobs), job('10:00', 150), 1)).toBeNull();
  });

  it('names an earlier job of the team as its job, not its next', () => {
    const jobs = [booked(2, 1, '09:00', '11:00'), booked(1, 1, '12:00', '13:00')];
    expect(longerJobProblem(company(jobs), job('11:00', 60), 1)).toBe("A job of 1 h from 11:00 would finish at 12:00, too close to Team 1's job (09:00–11:00) to travel the 30 minutes between them");
    expect(longerJobProblem(company(jobs), job('10:30', 60), 1)).toBe("A job of 1 h from 10:30 would finish at 11:30, into Team 1's job (09:00–11:00)");
  });

  it('with no team yet, needs some team free for it, as a new booking would', () => {
    const jobs = [booked(2, 1, '09:00', '17:00')];
    expect(longerJobProblem(company(jobs, [team(1), team(2)]), job('10:00', 120), null)).toBeNull();
    expect(longerJobProblem(company(jobs, [team(1)]), job('10:00', 120), null)).toBe(`No team is free for a job of 2 h from 10:00 on ${MONDAY}`);
    // An unknown team is read as none yet.
    expect(longerJobProblem(company(jobs, [team(1)]), job('10:00', 120), 9)).toBe(`No team is free for a job of 2 h from 10:00 on ${MONDAY}`);
  });
});
