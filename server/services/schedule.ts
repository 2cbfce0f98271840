import type { JobMove, Schedule, ScheduleJob } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { availabilityRepository } from '../repositories/availability-repository';
import { scheduleRepository, type JobRow, type TeamRow } from '../repositories/schedule';
import { assertWithinBookingHorizon } from './booking-horizon';
import { earliestBookableStart } from '../../domain/terms/booking-notice';
import { assertRealLondonTime } from './london-time';
import { addDays } from '../../domain/time/london-days';
import { formatLondon, londonDate, londonLocalToInstant } from '../../domain/time/london-time';
import { companyDay, MIN_JOB_MINUTES, teamProblem, toMinutes, toTime, weekdayOf, type CapacityData, type Hours, type JobTime } from '../../domain/capacity/availability-rules';


/** What the history says for a job without a team. */
export const UNASSIGNED = 'Unassigned';
const DAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** HH:mm in UK time. */
const londonClock = (instant: Date) => formatLondon(instant).slice(11);

export function jobView(row: JobRow): ScheduleJob {
  return {
    id: row.id,
    start: row.due_at.toISOString(),
    duration_minutes: Number(row.duration_minutes),
    customer: row.customer,
    postcode: row.postcode,
    service: row.service,
    status: row.status,
    team_id: row.team_id,
    version: row.version,
    staff_notes: typeof row.staff_notes === 'string' ? (JSON.parse(row.staff_notes) as string[]) : row.staff_notes,
  };
}

/** The board: every active team and the placed jobs of `days` UK days from `from`. */
export async function listSchedule(db: Database, from: string, days = 1): Promise<Schedule> {
  const start = londonLocalToInstant(from, '00:00');
  if (Number.isNaN(start.getTime())) throw badRequest('from must be a date (YYYY-MM-DD)');
  // Midnight of the day after the last one, in UK time: a day with a clock change is 23 or 25 hours.
  const end = londonLocalToInstant(addDays(from, days), '00:00');
  const schedule = scheduleRepository(db);
  const [teams, jobs] = [await schedule.teams(), await schedule.jobsBetween(start, end)];
  return { from, days, teams, jobs: jobs.map(jobView) };
}

/**
 * Gives a job to a team (or back to Unassigned). The order's row and then the team's are locked in
 * this order by every assignment and move, so two administrators assigning at once take turns and
 * the second sees the first's job: "Team B is already booked 10:00–12:00".
 */
export async function assignJob(db: Database, admin: AuthUser, id: number, teamId: number | null, now: Date): Promise<ScheduleJob> {
  return db.transaction(async (tx) => {
    const schedule = scheduleRepository(tx);
    const job = await schedule.job(id, { forUpdate: true });
    if (!job) throw notFound('Order not found');
    if (job.status === 'cancelled') throw conflict('This order is cancelled: it cannot be assigned to a team');
    if (job.team_id === teamId) return jobView(job);
    await lockDays(tx, job.due_at);
    const team = teamId === null ? null : await lockedTeam(tx, teamId);
    if (team) assertTeamFree(await capacityAt(tx, job, job.due_at), team);
    const before = job.team_id === null ? null : await schedule.team(job.team_id);
    await schedule.setTeam(id, teamId);
    await auditRepository(tx).record({
      orderId: id, actorId: admin.id, actor: admin.name, action: 'order.team',
      from: before?.name ?? UNASSIGNED, to: team?.name ?? UNASSIGNED, at: now,
    });
    return jobView((await schedule.job(id))!);
  });
}

/**
 * Moves a job to another UK date and time, free of charge. The customers' rules apply (24 hours'
 * notice and 12 months ahead, as at checkout; the company open for the whole job, not a closure),
 * and a job that has a team keeps it, so the team must be free and working then.
 */
export async function moveJob(db: Database, admin: AuthUser, id: number, move: JobMove, now: Date): Promise<ScheduleJob> {
  assertRealLondonTime(move.due_date, move.due_time);
  const start = londonLocalToInstant(move.due_date, move.due_time);
  const earliest = earliestBookableStart(now);
  if (start < earliest) throw badRequest(`Jobs need 24 hours' notice: please choose ${formatLondon(earliest)} (UK time) or later`);
  assertWithinBookingHorizon(start, now);
  return db.transaction(async (tx) => {
    const schedule = scheduleRepository(tx);
    const job = await schedule.job(id, { forUpdate: true });
    if (!job) throw notFound('Order not found');
    if (job.status === 'cancelled') throw conflict('This order is cancelled: it cannot be moved');
    if (job.status === 'completed') throw conflict('This order is completed: it cannot be moved');
    if (job.due_at.getTime() === start.getTime()) return jobView(job);
    await lockDays(tx, job.due_at, start);
    const capacity = await capacityAt(tx, job, start);
    assertCompanyOpen(capacity);
    if (job.team_id !== null) assertTeamFree(capacity, await lockedTeam(tx, job.team_id));
    await schedule.setStart(id, start);
    await auditRepository(tx).record({
      orderId: id, actorId: admin.id, actor: admin.name, action: 'order.moved',
      from: formatLondon(job.due_at), to: formatLondon(start), at: now,
    });
    return jobView((await schedule.job(id))!);
  });
}

/**
 * Takes the UK days' locks that checkouts and reschedules take to claim a team (decision 015), so an
 * administrator's change and a customer's booking on the same day never both see a team free.
 * Ascending, so two changes spanning the same two days cannot deadlock.
 */
async function lockDays(tx: Database, ...instants: Date[]): Promise<void> {
  const days = [...new Set(instants.map((instant) => londonDate(instant)))].sort();
  for (const day of days) await availabilityRepository(tx).lockDay(day);
}

async function lockedTeam(tx: Database, teamId: number): Promise<TeamRow> {
  const team = await scheduleRepository(tx).team(teamId, { forUpdate: true });
  if (!team) throw notFound('Team not found');
  return team;
}

/** What the capacity rule (domain/capacity/availability-rules.ts) reads for a job at `start`. */
async function capacityAt(tx: Database, job: JobRow, start: Date): Promise<{ data: CapacityData; time: JobTime }> {
  const day = londonDate(start);
  const data = await availabilityRepository(tx).load(day, day);
  const time: JobTime = { date: day, startMinute: toMinutes(londonClock(start)), length: Math.max(Number(job.duration_minutes), MIN_JOB_MINUTES), start: start.getTime(), movingOrder: job.id };
  return { data, time };
}

/** The company is open for the whole job on its UK day (opening hours), and the day is no closure. */
function assertCompanyOpen({ data, time }: { data: CapacityData; time: JobTime }): void {
  const company = companyDay(data, time.date);
  if ('closed' in company) throw conflict(data.closures.has(time.date) ? `We are closed on ${time.date}` : `We are closed on ${DAY_NAMES[weekdayOf(time.date)]}`);
  const { opens, closes } = company.hours;
  if (time.startMinute < opens || time.startMinute + time.length > closes) {
    throw conflict(`Jobs must start and finish within opening hours on ${time.date}: ${toTime(opens)}–${toTime(closes)}`);
  }
}

/**
 * Staff may place a team's job outside the company's hours (a job booked before the hours changed
 * keeps its team); the company's hours are `assertCompanyOpen`'s, so the team is judged by its own.
 */
const ANY_HOURS: Hours = { open: true, opens: 0, closes: 24 * 60 };

/**
 * The team can take the job (the capacity rule's `teamProblem`): not on time off, working then (its
 * own hours, when it has any for that weekday), and no other job of its overlapping. Called with
 * the team's row locked and the day's lock taken, so the answer holds until the change commits.
 */
function assertTeamFree({ data, time }: { data: CapacityData; time: JobTime }, team: TeamRow): void {
  // The rule's list and lockedTeam both read active teams only.
  const rules = data.teams.find((candidate) => candidate.id === team.id);
  if (!rules) throw notFound('Team not found');
  const problem = teamProblem(data, ANY_HOURS, rules, time);
  const weekday = DAY_NAMES[weekdayOf(time.date)];
  if (!problem) return;
  if (problem.kind === 'off') throw conflict(`${team.name} is off on ${time.date}`);
  if (problem.kind === 'notWorking') throw conflict(`${team.name} does not work on ${weekday}`);
  if (problem.kind === 'outsideHours') throw conflict(`${team.name} works ${toTime(problem.hours.opens)}–${toTime(problem.hours.closes)} on ${weekday}`);
  throw conflict(`${team.name} is already booked ${londonClock(new Date(problem.job.start))}–${londonClock(new Date(problem.job.end))}`);
}
