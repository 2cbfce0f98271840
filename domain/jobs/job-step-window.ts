import { addDays } from '../time/london-days';
import { formatLondon, londonClock, londonDate, londonLocalToInstant } from '../time/london-time';

/**
 * When a cleaner may record a step of a job's day (issue 33 row 8, decision 073): "On my way" from
 * 2 hours before the job's start, check in and check out from 1 hour before, every step until the
 * end of the job's UK day (midnight, UK time). The server refuses a step outside it (409, this
 * sentence); /my-jobs shows from when each button is there instead of offering it early.
 */
export type JobStep = 'on_my_way' | 'check_in' | 'check_out';

/** How many hours before the job's start each step opens. */
export const STEP_OPENS_HOURS_BEFORE: Readonly<Record<JobStep, number>> = { on_my_way: 2, check_in: 1, check_out: 1 };

/** The step as the cleaner's buttons name it. */
export const JOB_STEP_NAMES: Readonly<Record<JobStep, string>> = { on_my_way: 'On my way', check_in: 'Check in', check_out: 'Check out' };

const HOUR_MS = 3_600_000;

export interface JobStepWindow {
  /** The first instant the step is accepted. */
  from: Date;
  /** The first instant it is no longer accepted: the midnight (UK) that ends the job's day. */
  until: Date;
}

export function jobStepWindow(step: JobStep, start: Date): JobStepWindow {
  return {
    from: new Date(start.getTime() - STEP_OPENS_HOURS_BEFORE[step] * HOUR_MS),
    until: londonLocalToInstant(addDays(londonDate(start), 1), '00:00'),
  };
}

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

/** Why `step` cannot be recorded at `now` for a job starting at `start`; null when it can. */
export function jobStepRefusal(step: JobStep, start: Date, now: Date): string | null {
  const { from, until } = jobStepWindow(step, start);
  if (now.getTime() < from.getTime()) {
    return `Too early: ${JOB_STEP_NAMES[step]} opens at ${formatLondon(from)} (UK time), ${hours(STEP_OPENS_HOURS_BEFORE[step])} before the job starts`;
  }
  if (now.getTime() >= until.getTime()) return `Too late: this job was on ${londonDate(start)}, and its steps are recorded on that day only`;
  return null;
}

/** True while `step` is accepted. */
export const jobStepOpen = (step: JobStep, start: Date, now: Date): boolean => jobStepRefusal(step, start, now) === null;

/** What a card shows before a step opens: "Check in from 08:00" (with the date when it opens on another day). */
export function jobStepOpensText(step: JobStep, start: Date): string {
  const { from } = jobStepWindow(step, start);
  return `${JOB_STEP_NAMES[step]} from ${londonDate(from) === londonDate(start) ? londonClock(from) : formatLondon(from)}`;
}
