/**
 * The capacity rule, the one home of it (decision 015): a start time is free when a team is free
 * for the whole job — the company is open that day and at those times, the team works then and is
 * not on time off, and none of its jobs overlaps once the travel gap between them is counted
 * (travel-gap.ts, decision 041) — and a job holds one team. Jobs nobody is
 * assigned to (older bookings, the schedule's "Unassigned" lane) take one team each from the count.
 * Pure: the data and the clock come in, so the endpoint, checkout and the tests share it.
 */
import { CLOSED } from './availability-text';
import { clockChangeProblem, londonLocalToInstant } from '../time/london-time';
import { travelGap, type TravelMinutes } from './travel-gap';
import { addDays, weekdayOf } from '../time/london-days';

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
  hours: ReadonlyMap<number, Hours>;
  /** UK dates (YYYY-MM-DD) the team is off. */
  daysOff: ReadonlySet<string>;
}

export interface BookedJob {
  orderId: number;
  teamId: number | null;
  start: number;
  end: number;
  /** The postcode area of its address (travel-gap.ts); null when it has none. */
  area: string | null;
}

export interface CapacityData {
  /** Read-only: the server hands the same teams to every checkout of a day (availability-repository). */
  teams: readonly Team[];
  openingHours: Map<number, Hours>;
  /** UK date → reason ('' when none was given). */
  closures: Map<string, string>;
  /** UK date → the jobs starting that day (jobs lie within opening hours, so within one day). */
  jobsByDay: Map<string, BookedJob[]>;
  /** The gap a team needs between two jobs (the back office's setting). */
  travel: TravelMinutes;
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

/** Sunday 0 to Saturday 6: domain/time/london-days.ts, the one home of calendar days. */
export { weekdayOf };

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

/** Why one team cannot take a job (the schedule board says it in these words, decision 019). */
export type TeamRefusal =
  | { kind: 'off' }
  | { kind: 'notWorking' }
  | { kind: 'hours'; hours: Hours }
  /** The team's `job` is in the way, counting `travel` minutes between the two. */
  | { kind: 'busy'; job: BookedJob; travel: number };

/** A job to place: `date` and `time` (UK), its length, and the postcode area of its address. */
export interface JobToPlace {
  date: string;
  time: string;
  minutes: number;
  /** The postcode area (travel-gap.ts); null when not known yet: the longer travel gap counts. */
  area: string | null;
  /** A job being moved does not stand in its own way. */
  movingOrder?: number;
}

/** Whether a booked job and the one to place are too close: overlapping, or closer than the travel between them. */
function inTheWay(data: CapacityData, booked: BookedJob, start: number, end: number, area: string | null): number | null {
  const gap = travelGap(data.travel, booked.area, area) * 60_000;
  return booked.start < end + gap && start < booked.end + gap ? gap / 60_000 : null;
}

/**
 * Whether `team` can take the job (the company being open then is checked by the caller): it is not
 * off, works then (its own hours within the company's), and none of its jobs is in the way.
 */
export function teamRefusal(data: CapacityData, team: Team, job: JobToPlace, companyHours: Hours): TeamRefusal | null {
  return refusal(data, team, placementOf(job), companyHours, jobsByTeam(data, job).get(team.id) ?? []);
}

/** The job's day, weekday, start (minute of the UK day and instant) and end: worked out once for every team's check. */
interface Placement {
  job: JobToPlace;
  weekday: number;
  startMinute: number;
  length: number;
  start: number;
  end: number;
}

function placementOf(job: JobToPlace): Placement {
  const length = Math.max(job.minutes, MIN_JOB_MINUTES);
  const start = londonLocalToInstant(job.date, job.time).getTime();
  return { job, weekday: weekdayOf(job.date), startMinute: toMinutes(job.time), length, start, end: start + length * 60_000 };
}

/** teamRefusal with the team's jobs of the day given (start order, the moving job left out). */
function refusal(data: CapacityData, team: Team, placed: Placement, companyHours: Hours, theirs: readonly BookedJob[]): TeamRefusal | null {
  if (team.daysOff.has(placed.job.date)) return { kind: 'off' };
  const own = team.hours.get(placed.weekday) ?? companyHours;
  if (!own.open) return { kind: 'notWorking' };
  // A team works within the company's hours, whatever its own say.
  if (placed.startMinute < Math.max(own.opens, companyHours.opens) || placed.startMinute + placed.length > Math.min(own.closes, companyHours.closes)) {
    return { kind: 'hours', hours: own };
  }
  for (const booked of theirs) {
    const travel = inTheWay(data, booked, placed.start, placed.end, placed.job.area);
    if (travel !== null) return { kind: 'busy', job: booked, travel };
  }
  return null;
}

/**
 * The day's jobs of each team (null: none yet), in start order, the moving job left out: made once
 * for a check of every team (a busy day is 1,500 jobs for 250 teams: one pass, not 250).
 */
function jobsByTeam(data: CapacityData, job: JobToPlace): Map<number | null, BookedJob[]> {
  const byTeam = new Map<number | null, BookedJob[]>();
  for (const booked of data.jobsByDay.get(job.date) ?? []) {
    if (booked.orderId === job.movingOrder) continue;
    const list = byTeam.get(booked.teamId);
    if (list) list.push(booked);
    else byTeam.set(booked.teamId, [booked]);
  }
  for (const list of byTeam.values()) list.sort((a, b) => a.start - b.start);
  return byTeam;
}

/**
 * The teams free for a job of `minutes` starting at `time` on `date` (UK), best first, or why none
 * is. A job being moved (`movingOrder`) does not stand in its own way; `area` is the postcode area
 * of the job's address (null: not known yet, the longer travel gap counts).
 */
export function checkStart(data: CapacityData, date: string, time: string, minutes: number, movingOrder?: number, area: string | null = null): StartCheck {
  const job: JobToPlace = { date, time, minutes, area, ...(movingOrder === undefined ? {} : { movingOrder }) };
  const day = companyDay(data, date);
  if ('closed' in day) return { kind: 'closed', reason: day.closed };
  const startMinute = toMinutes(time);
  const length = Math.max(job.minutes, MIN_JOB_MINUTES);
  if (startMinute < day.hours.opens || startMinute + length > day.hours.closes) {
    return { kind: 'outsideHours', opens: day.hours.opens, lastStart: day.hours.closes - length };
  }
  // After the hours: outside them, the hours are the better answer (01:30 is no start either way).
  const problem = clockChangeProblem(date, time);
  if (problem) return { kind: 'clockChange', problem };
  const placed = placementOf(job);
  const byTeam = jobsByTeam(data, job);
  const free = data.teams.filter((team) => refusal(data, team, placed, day.hours, byTeam.get(team.id) ?? []) === null);
  // A job nobody has yet takes a team, which needs its travel too.
  const unassigned = (byTeam.get(null) ?? []).filter((booked) => inTheWay(data, booked, placed.start, placed.end, job.area) !== null).length;
  const usable = free.slice(0, Math.max(0, free.length - unassigned)).map((team) => team.id);
  return usable.length > 0 ? { kind: 'free', teams: usable } : { kind: 'full' };
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
export function dayTimes(data: CapacityData, date: string, minutes: number, window: Window, area: string | null = null): DayTimes {
  const day = companyDay(data, date);
  if ('closed' in day) return { date, closed: day.closed, times: [] };
  const length = Math.max(minutes, MIN_JOB_MINUTES);
  const times: DayTimes['times'] = [];
  const first = Math.ceil(day.hours.opens / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
  for (let minute = first; minute + length <= day.hours.closes; minute += SLOT_STEP_MINUTES) {
    const time = toTime(minute);
    const at = londonLocalToInstant(date, time);
    if (at < window.earliest || at > window.latest) continue;
    const check = checkStart(data, date, time, length, undefined, area);
    if (check.kind === 'clockChange') continue;
    times.push({ time, free: check.kind === 'free' ? check.teams.length : 0 });
  }
  return { date, closed: null, times };
}

/** The UK dates from `from`, `days` of them. */
export function datesFrom(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => addDays(from, index));
}
