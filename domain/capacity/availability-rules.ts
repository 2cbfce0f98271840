/**
 * The capacity rule, the one home of it (decision 015): a start time is free when a team is free
 * for the whole job — the company is open that day and at those times, the team works then and is
 * not on time off, and none of its jobs overlaps — and a job holds one team. Jobs nobody is
 * assigned to (older bookings, the schedule's "Unassigned" lane) take one team each from the count.
 * Pure: the data and the clock come in, so the endpoint, checkout and the tests share it.
 */
import { CLOSED } from './availability-text';
import { addDays } from '../time/london-days';
import { clockChangeProblem, londonLocalToInstant } from '../time/london-time';

/** Start times are offered every half hour (typed times between them are judged by the same rule). */
export const SLOT_STEP_MINUTES = 30;
/** A job with items of no duration still takes a team this long. */
export const MIN_JOB_MINUTES = 30;

export interface Hours {
  open: boolean;
  /** Minutes after local midnight (UK wall clock). */
  opens: number;
  closes: number;
}

export interface Team {
  id: number;
  name: string;
  /** Working hours per weekday (0 = Sunday); a missing weekday: the company's opening hours. */
  hours: Map<number, Hours>;
  /** UK dates (YYYY-MM-DD) the team is off. */
  daysOff: Set<string>;
}

export interface BookedJob {
  orderId: number;
  teamId: number | null;
  start: number;
  end: number;
}

export interface CapacityData {
  teams: Team[];
  openingHours: Map<number, Hours>;
  /** UK date → reason ('' when none was given). */
  closures: Map<string, string>;
  /** UK date → the jobs starting that day (jobs lie within opening hours, so within one day). */
  jobsByDay: Map<string, BookedJob[]>;
}

/** The bookable window: from the notice (24 h) to the horizon (12 months). */
export interface Window {
  earliest: Date;
  latest: Date;
}

export type StartCheck =
  | { kind: 'free'; teams: number[] }
  | { kind: 'closed'; reason: string }
  | { kind: 'outsideHours'; opens: number; lastStart: number }
  /** A time the clocks skip or show twice that day (../time/london-time.ts): never a start. */
  | { kind: 'clockChange'; problem: string }
  | { kind: 'full' };

export function weekdayOf(date: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function toMinutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

export function toTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The company's day: null when it is shut (a closure or a closed weekday), with the reason shown. */
export function companyDay(data: CapacityData, date: string): { hours: Hours } | { closed: string } {
  const closure = data.closures.get(date);
  if (closure !== undefined) return { closed: closure || CLOSED };
  const hours = data.openingHours.get(weekdayOf(date));
  if (!hours || !hours.open) return { closed: CLOSED };
  return { hours };
}

/**
 * The teams free for a job of `minutes` starting at `time` on `date` (UK), best first. A job being
 * moved (`movingOrder`) does not stand in its own way.
 */
export function checkStart(data: CapacityData, date: string, time: string, minutes: number, movingOrder?: number): StartCheck {
  const day = companyDay(data, date);
  if ('closed' in day) return { kind: 'closed', reason: day.closed };
  const startMinute = toMinutes(time);
  const length = Math.max(minutes, MIN_JOB_MINUTES);
  if (startMinute < day.hours.opens || startMinute + length > day.hours.closes) {
    return { kind: 'outsideHours', opens: day.hours.opens, lastStart: day.hours.closes - length };
  }
  // After the hours: outside them, the hours are the better answer (01:30 is no start either way).
  const problem = clockChangeProblem(date, time);
  if (problem) return { kind: 'clockChange', problem };
  const job: JobTime = { date, startMinute, length, start: londonLocalToInstant(date, time).getTime(), movingOrder };
  const free = data.teams.filter((team) => teamProblem(data, day.hours, team, job) === null);
  const unassigned = (data.jobsByDay.get(date) ?? []).filter((other) => other.teamId === null && other.orderId !== movingOrder && overlaps(other, job)).length;
  const usable = free.slice(0, Math.max(0, free.length - unassigned)).map((team) => team.id);
  return usable.length > 0 ? { kind: 'free', teams: usable } : { kind: 'full' };
}

/** A job's time on its UK date: start minute and length (wall clock), and its start instant (ms). */
export interface JobTime {
  date: string;
  startMinute: number;
  length: number;
  start: number;
  /** The job being moved, which does not stand in its own way. */
  movingOrder?: number | undefined;
}

export type TeamProblem =
  | { kind: 'off' }
  | { kind: 'notWorking' }
  /** Outside the team's own hours that weekday (or the company's, whichever are narrower). */
  | { kind: 'outsideHours'; hours: Hours }
  | { kind: 'busy'; job: BookedJob };

const overlaps = (job: BookedJob, time: JobTime) => job.start < time.start + time.length * 60_000 && time.start < job.end;

/**
 * Why `team` cannot take a job at `time` on a day the company is open with `companyHours`, or null
 * when it can: the availability list, the checkout's claim and the back office's moves and
 * assignments all ask this one question.
 */
export function teamProblem(data: CapacityData, companyHours: Hours, team: Team, time: JobTime): TeamProblem | null {
  if (team.daysOff.has(time.date)) return { kind: 'off' };
  const own = team.hours.get(weekdayOf(time.date)) ?? companyHours;
  if (!own.open) return { kind: 'notWorking' };
  // A team works within the company's hours, whatever its own say.
  if (time.startMinute < Math.max(own.opens, companyHours.opens) || time.startMinute + time.length > Math.min(own.closes, companyHours.closes)) {
    return { kind: 'outsideHours', hours: own };
  }
  const busy = (data.jobsByDay.get(time.date) ?? []).find((job) => job.teamId === team.id && job.orderId !== time.movingOrder && overlaps(job, time));
  return busy ? { kind: 'busy', job: busy } : null;
}

export interface DayTimes {
  date: string;
  /** Set when the company is shut that day: "Closed" or the closure's reason. */
  closed: string | null;
  times: { time: string; free: number }[];
}

/**
 * Every half-hour start of `date` that the job fits in (opening hours) and that lies in the
 * bookable window, with how many teams are free for it (0: fully booked).
 */
export function dayTimes(data: CapacityData, date: string, minutes: number, window: Window): DayTimes {
  const day = companyDay(data, date);
  if ('closed' in day) return { date, closed: day.closed, times: [] };
  const length = Math.max(minutes, MIN_JOB_MINUTES);
  const times: DayTimes['times'] = [];
  const first = Math.ceil(day.hours.opens / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
  for (let minute = first; minute + length <= day.hours.closes; minute += SLOT_STEP_MINUTES) {
    const time = toTime(minute);
    const at = londonLocalToInstant(date, time);
    if (at < window.earliest || at > window.latest) continue;
    const check = checkStart(data, date, time, length);
    if (check.kind === 'clockChange') continue;
    times.push({ time, free: check.kind === 'free' ? check.teams.length : 0 });
  }
  return { date, closed: null, times };
}

/** The UK dates from `from`, `days` of them. */
export function datesFrom(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => addDays(from, index));
}
