/**
 * One job's own length (issue 36 row 2, decision 084): how it is written, and whether a longer one
 * still fits its day. Staff set it on the order page; the capacity rule (availability-rules.ts)
 * then counts it like any booked job's length.
 */
import { checkStart, companyDay, teamRefusal, toMinutes, toTime, weekdayOf, type CapacityData, type JobToPlace } from './availability-rules';
import { londonClock, londonLocalToInstant } from '../time/london-time';
import { WEEKDAY_NAMES } from '../time/london-days';

/** "1 h 30 min", "45 min", "2 h". */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * Why the job (`job.movingOrder`, at its own date and time) cannot take `job.minutes`, in words
 * staff act on; null when it fits. Its team (`teamId`; null: none yet) must stay free for the whole
 * job, travel to and from its neighbours counted, within its hours and the company's; a job of no
 * team needs some team free for it, as a new booking would.
 */
export function longerJobProblem(data: CapacityData, job: JobToPlace & { movingOrder: number }, teamId: number | null): string | null {
  const day = companyDay(data, job.date);
  if ('closed' in day) return `We are closed on ${job.date} (${day.closed}): move the job to an open day first`;
  const start = toMinutes(job.time);
  const finish = toTime(start + job.minutes);
  const what = `A job of ${durationLabel(job.minutes)} from ${job.time} would finish at ${finish}`;
  if (start + job.minutes > day.hours.closes) return `${what}, after the day's last finish (${toTime(day.hours.closes)}) on ${job.date}`;
  const team = teamId === null ? undefined : data.teams.find((candidate) => candidate.id === teamId);
  if (!team) {
    const check = checkStart(data, job.date, job.time, job.minutes, job.movingOrder, job.area);
    return check.kind === 'free' ? null : `No team is free for a job of ${durationLabel(job.minutes)} from ${job.time} on ${job.date}`;
  }
  const refusal = teamRefusal(data, team, job, day.hours);
  if (refusal === null) return null;
  if (refusal.kind === 'off') return `${team.name} is off on ${job.date}`;
  if (refusal.kind === 'notWorking') return `${team.name} does not work on ${WEEKDAY_NAMES[weekdayOf(job.date)]}`;
  if (refusal.kind === 'hours') return `${what}, after ${team.name}'s last finish (${toTime(Math.min(refusal.hours.closes, day.hours.closes))})`;
  const from = londonLocalToInstant(job.date, job.time).getTime();
  const which = refusal.job.start > from ? 'next job' : 'job';
  const other = `${team.name}'s ${which} (${londonClock(new Date(refusal.job.start))}–${londonClock(new Date(refusal.job.end))})`;
  const overlaps = refusal.job.start < from + job.minutes * 60_000 && from < refusal.job.end;
  return overlaps ? `${what}, into ${other}` : `${what}, too close to ${other} to travel the ${refusal.travel} minutes between them`;
}
