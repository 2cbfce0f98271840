import { addDays, mondayOf } from '../../../../domain/time/london-days';
import { londonClock, londonDate } from '../../../../domain/time/london-time';
import type { Schedule, ScheduleJob } from '../../../../openapi/schema';

/**
 * The board's arithmetic, pure: which UK days a view shows, which lane and day a job sits in, and
 * its words (UK clock times whatever the browser's zone, "1 h 30 min"). No React, no clock.
 */
export type BoardView = 'day' | 'week';

export interface Lane {
  /** Null is the Unassigned lane. */
  teamId: number | null;
  name: string;
}

export const UNASSIGNED_LANE = 'Unassigned';

/**
 * Cards a cell shows before "Show N more": a busy week (2,000 jobs) would otherwise put every card,
 * each with its menu, drag source and buttons, on the page at once — seconds of rendering before
 * anything can be clicked (docs/decisions/026, budget 12). The lane's heading still counts them all.
 */
export const CARDS_SHOWN: Record<BoardView, number> = { day: 24, week: 6 };
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** The calendar day `n` days after `day` (YYYY-MM-DD): domain/time's, one home (decision 077). */
export { addDays };

/** The Monday of `day`'s week (a week view runs Monday to Sunday, as UK calendars do): domain/time's. */
export { mondayOf };

/** The first day and the number of days a view of `day` shows. */
export function rangeOf(view: BoardView, day: string): { from: string; days: number } {
  return view === 'week' ? { from: mondayOf(day), days: 7 } : { from: day, days: 1 };
}

export const isDay = (text: string | null): text is string => text !== null && /^\d{4}-\d\d-\d\d$/.test(text) && !Number.isNaN(noon(text).getTime());

/** "Monday 30 November 2026" */
export const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(noon(day));
/** "Mon 30 Nov" */
export const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(noon(day));

/** One lane per team in board order, then Unassigned. */
export function lanesOf(schedule: Pick<Schedule, 'teams'>): Lane[] {
  return [...schedule.teams.map((team) => ({ teamId: team.id, name: team.name })), { teamId: null, name: UNASSIGNED_LANE }];
}

export function daysOf(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i));
}

/** The jobs of one lane on one UK day, earliest first (the server answers them so). */
export function jobsIn(jobs: readonly ScheduleJob[], lane: Lane, day: string): ScheduleJob[] {
  return jobs.filter((job) => job.team_id === lane.teamId && londonDate(job.start) === day);
}

/** Every lane's jobs by day, in one pass: a week of 2,000 jobs is grouped once, not per cell. */
export function groupJobs(jobs: readonly ScheduleJob[]): Map<string, ScheduleJob[]> {
  const cells = new Map<string, ScheduleJob[]>();
  for (const job of jobs) {
    const key = cellKey(job.team_id, londonDate(job.start));
    const cell = cells.get(key);
    if (cell) cell.push(job);
    else cells.set(key, [job]);
  }
  return cells;
}
export const cellKey = (teamId: number | null, day: string) => `${teamId ?? 'none'}|${day}`;

/** "10:00–11:30", UK time. */
export function timeSpan(job: Pick<ScheduleJob, 'start' | 'duration_minutes'>): string {
  const end = new Date(new Date(job.start).getTime() + job.duration_minutes * 60_000);
  return `${londonClock(job.start)}–${londonClock(end)}`;
}

/** "1 h 30 min", "45 min", "2 h": one wording with the order page and the history (domain/capacity/job-length.ts). */
export { durationLabel } from '../../../../domain/capacity/job-length';
