/**
 * Who takes a team's visits when the team is given time off (decision 057): each visit, earliest
 * first, goes to the first team the capacity rule finds free for it (checkStart, with the visit not
 * standing in its own way), and then holds that team, so two visits never land on one team at once;
 * a visit no team is free for gets null (it is set aside and its customer mailed, as on a closed day).
 * Pure: the capacity data is read by the caller, with the team's new days off in it.
 */
import { checkStart, type CapacityData } from './availability-rules';
import { londonClock, londonDate } from '../time/london-time';
import { addDays } from '../time/london-days';

/** The capacity data with `teamId` off from `from` to `to` (UK days, inclusive), whether or not it is stored yet. */
export function withTimeOff(data: CapacityData, teamId: number, from: string, to: string): CapacityData {
  const teams = data.teams.map((team) => {
    if (team.id !== teamId) return team;
    const daysOff = new Set(team.daysOff);
    for (let day = from; day <= to; day = addDays(day, 1)) daysOff.add(day);
    return { ...team, daysOff };
  });
  return { ...data, teams };
}

/** Order id → the team it moves to, or null when none is free; visits not in `data` get null. */
export function coverVisits(data: CapacityData, orderIds: readonly number[]): Map<number, number | null> {
  const jobsByDay = new Map([...data.jobsByDay].map(([day, jobs]) => [day, jobs.map((job) => ({ ...job }))]));
  const placed: CapacityData = { ...data, jobsByDay };
  const cover = new Map<number, number | null>();
  for (const orderId of orderIds) {
    const job = [...jobsByDay.values()].flat().find((booked) => booked.orderId === orderId);
    if (!job) {
      cover.set(orderId, null);
      continue;
    }
    const date = londonDate(job.start);
    const time = londonClock(new Date(job.start));
    const check = checkStart(placed, date, time, Math.round((job.end - job.start) / 60_000), orderId, job.area);
    const teamId = check.kind === 'free' ? check.teams[0]! : null;
    // The visit now holds its new team (or, set aside, keeps its place where it was).
    if (teamId !== null) job.teamId = teamId;
    cover.set(orderId, teamId);
  }
  return cover;
}
