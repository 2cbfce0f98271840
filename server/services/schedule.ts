import type { JobMove, Schedule, ScheduleJob } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { availabilityRepository } from '../repositories/availability-repository';
import { scheduleRepository, type JobRow, type TeamRow } from '../repositories/schedule';
import { companyDay, teamRefusal, toMinutes, toTime, weekdayOf, type JobToPlace } from '../../domain/capacity/availability-rules';
import { assertWithinBookingHorizon } from './booking-horizon';
import { visitView } from './cleaner-jobs';

import { assertRealLondonTime } from './london-time';
import { postcodeArea } from '../../domain/capacity/travel-gap';
import { isCancelled, isInQueue, statusWord } from '../../domain/orders/order-statuses';
import { BOOKING_NOTICE_MS } from '../../domain/terms/booking-notice';
import { addDays } from '../../domain/time/london-days';
import { earliestStart, formatLondon, londonClock, londonDate, londonLocalToInstant } from '../../domain/time/london-time';


/** What the history says for a job without a team. */
export const UNASSIGNED = 'Unassigned';
const MINUTE = 60_000;
const DAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** HH:mm in UK time. */

export function jobView(row: JobRow): ScheduleJob {
  return {
    id: row.id,
    reference: row.reference,
    start: row.due_at.toISOString(),
    duration_minutes: Number(row.duration_minutes),
    customer: row.customer,
    postcode: row.postcode,
    service: row.service,
    status: row.status,
    team_id: row.team_id,
    version: row.version,
    staff_notes: typeof row.staff_notes === 'string' ? (JSON.parse(row.staff_notes) as string[]) : row.staff_notes,
    visit: visitView({ ...row, checked_out_at: row.visit_checked_out_at }),
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
    if (isCancelled(job.status)) throw conflict('This order is cancelled: it cannot be assigned to a team');
    if (job.team_id === teamId) return jobView(job);
    await lockDays(tx, job.due_at);
    const team = teamId === null ? null : await lockedTeam(tx, teamId);
    if (team) await assertTeamFree(tx, team, job, job.due_at);
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
  const earliest = earliestStart(now, BOOKING_NOTICE_MS);
  if (start < earliest) throw badRequest(`Jobs need 24 hours' notice: please choose ${formatLondon(earliest)} (UK time) or later`);
  assertWithinBookingHorizon(start, now);
  return db.transaction(async (tx) => {
    const schedule = scheduleRepository(tx);
    const job = await schedule.job(id, { forUpdate: true });
    if (!job) throw notFound('Order not found');
    if (!isInQueue(job.status)) throw conflict(`This order is ${statusWord(job.status)}: it cannot be moved`);
    if (job.due_at.getTime() === start.getTime()) return jobView(job);
    await lockDays(tx, job.due_at, start);
    await assertCompanyOpen(tx, job, start);
    if (job.team_id !== null) {
      const team = await lockedTeam(tx, job.team_id);
      await assertTeamFree(tx, team, job, start);
    }
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

/** The job as the capacity rule places it (availability-rules.ts), at `start`. */
function placing(job: JobRow, start: Date): JobToPlace {
  return { date: londonDate(start), time: londonClock(start), minutes: Number(job.duration_minutes), area: postcodeArea(job.postcode), movingOrder: job.id };
}

/** The company is open for the whole job on its UK day (opening_hours), and the day is no closure. */
async function assertCompanyOpen(tx: Database, job: JobRow, start: Date): Promise<void> {
  const place = placing(job, start);
  const data = await availabilityRepository(tx).load(place.date, place.date);
  const day = companyDay(data, place.date);
  if ('closed' in day) {
    throw conflict(data.closures.has(place.date) ? `We are closed on ${place.date}` : `We are closed on ${DAY_NAMES[weekdayOf(place.date)]}`);
  }
  const from = toMinutes(place.time);
  if (from < day.hours.opens || from + place.minutes > day.hours.closes) {
    throw conflict(`Jobs must start and finish within opening hours on ${place.date}: ${toTime(day.hours.opens)}–${toTime(day.hours.closes)}`);
  }
}

/**
 * The team can take the job at `start`, by the rule customers' bookings are held to (decision 041):
 * not on time off, working then, and none of its jobs in the way, travel between them counted.
 * Called with the team's row and the day locked.
 */
async function assertTeamFree(tx: Database, team: TeamRow, job: JobRow, start: Date): Promise<void> {
  const place = placing(job, start);
  const data = await availabilityRepository(tx).load(place.date, place.date);
  const day = companyDay(data, place.date);
  const companyHours = 'closed' in day ? { open: true, opens: 0, closes: 24 * 60 } : day.hours;
  const rules = data.teams.find((candidate) => candidate.id === team.id) ?? { id: team.id, name: team.name, hours: new Map(), daysOff: new Set<string>() };
  const refusal = teamRefusal(data, rules, place, companyHours);
  if (!refusal) return;
  const weekday = DAY_NAMES[weekdayOf(place.date)];
  if (refusal.kind === 'off') throw conflict(`${team.name} is off on ${place.date}`);
  if (refusal.kind === 'notWorking') throw conflict(`${team.name} does not work on ${weekday}`);
  if (refusal.kind === 'hours') throw conflict(`${team.name} works ${toTime(refusal.hours.opens)}–${toTime(refusal.hours.closes)} on ${weekday}`);
  const booked = `${team.name} is already booked ${londonClock(new Date(refusal.job.start))}–${londonClock(new Date(refusal.job.end))}`;
  const overlaps = refusal.job.start < new Date(start).getTime() + place.minutes * MINUTE && start.getTime() < refusal.job.end;
  throw conflict(overlaps ? booked : `${booked} and needs ${refusal.travel} minutes to travel between jobs`);
}

