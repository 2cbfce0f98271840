import type { AdminTeam, ClosureVisit, NewTimeOff, TeamInput } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { MailOutbox } from '../queue';
import { coverTimeOff, previewTimeOff } from './time-off-cover';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { availabilityRepository } from '../repositories/availability-repository';
import { editableRulesRepository } from '../repositories/editable-rules';
import { teamsRepository } from '../repositories/teams';
import { toMinutes } from '../../domain/capacity/availability-rules';
import { assertEditableDays } from './editable-days';
import { londonDate } from '../../domain/time/london-time';
import { DEFAULT_HOURS } from './pricing-settings';
import { addDays, WEEKDAY_NAMES } from '../../domain/time/london-days';


/** A long absence is several entries; one this long is a typing slip. */
export const MAX_TIME_OFF_DAYS = 366;

/**
 * The teams editor (issue 15, /teams; decision 022). Availability reads the same rows on every
 * request (nothing is cached), so a change counts for customers on every instance at once. Writes
 * that change who is free on a day take that day's lock, as a checkout's claim does (decision 015):
 * a checkout in flight either committed first or reads the change.
 */
export async function listTeams(db: Database, now: Date): Promise<AdminTeam[]> {
  return teamsRepository(db).list(londonDate(now));
}

export async function createTeam(db: Database, input: TeamInput, now: Date): Promise<AdminTeam> {
  const team = checkedTeam(input);
  return db.transaction(async (tx) => {
    const teams = teamsRepository(tx);
    await assertWithinOpeningHours(tx, team);
    if (await teams.nameTaken(team.name)) throw conflict(`A team named ${team.name} already exists`);
    const id = await teams.create(team);
    await teams.setHours(id, team.hours);
    return (await teams.list(londonDate(now), id))[0]!;
  });
}

export async function updateTeam(db: Database, id: number, input: TeamInput, now: Date): Promise<AdminTeam> {
  const team = checkedTeam(input);
  return db.transaction(async (tx) => {
    const teams = teamsRepository(tx);
    if (!(await teams.lock(id))) throw notFound('Team not found');
    await assertWithinOpeningHours(tx, team);
    if (await teams.nameTaken(team.name, id)) throw conflict(`A team named ${team.name} already exists`);
    // An inactive team has no lane on the board and no place in availability: its jobs would vanish.
    const jobs = team.active ? 0 : await teams.jobsFrom(id, now);
    if (jobs > 0) throw conflict(`${team.name} has ${jobs === 1 ? '1 job' : `${jobs} jobs`} booked from now on: move ${jobs === 1 ? 'it' : 'them'} to another team on the schedule first`);
    await teams.update(id, team);
    await teams.setHours(id, team.hours);
    return (await teams.list(londonDate(now), id))[0]!;
  });
}

/** The time off trimmed and checked beyond its schema: in order, on days that can be edited, not too long. */
export function checkedTimeOff(input: NewTimeOff, now: Date): Required<NewTimeOff> {
  const off = { starts_on: input.starts_on, ends_on: input.ends_on, reason: (input.reason ?? '').trim() };
  if (off.ends_on < off.starts_on) throw badRequest('Time off must end on or after its first day');
  assertEditableDays(off.starts_on, off.ends_on, now, 'Time off');
  if (addDays(off.starts_on, MAX_TIME_OFF_DAYS - 1) < off.ends_on) throw badRequest(`Time off can be at most ${MAX_TIME_OFF_DAYS} days at once`);
  return off;
}

/** What the time off would do to the team's visits (decision 057), before it is given. */
export async function listTimeOffVisits(db: Database, id: number, input: NewTimeOff, now: Date): Promise<ClosureVisit[]> {
  const off = checkedTimeOff(input, now);
  return db.transaction(async (tx) => {
    if (!(await teamsRepository(tx).lock(id))) throw notFound('Team not found');
    return previewTimeOff(tx, id, off.starts_on, off.ends_on, now);
  });
}

/** Gives the time off and, in the same transaction, moves or sets aside the team's visits then (decision 057). */
export async function addTimeOff(
  deps: { db: Database; outbox: MailOutbox; secret: string; admin: AuthUser },
  id: number,
  input: NewTimeOff,
  now: Date,
): Promise<AdminTeam> {
  const off = checkedTimeOff(input, now);
  return deps.db.transaction(async (tx) => {
    const teams = teamsRepository(tx);
    if (!(await teams.lock(id))) throw notFound('Team not found');
    const overlap = await teams.overlappingTimeOff(id, off.starts_on, off.ends_on);
    if (overlap) throw conflict(`This team is already off from ${overlap.starts_on} to ${overlap.ends_on}`);
    await lockDays(tx, off.starts_on, off.ends_on);
    await teams.addTimeOff(id, off);
    const visits = await coverTimeOff(tx, { outbox: deps.outbox, secret: deps.secret, now, admin: deps.admin }, id, off.starts_on, off.ends_on);
    return { ...(await teams.list(londonDate(now), id))[0]!, visits };
  });
}

export async function removeTimeOff(db: Database, id: number, timeOffId: number, now: Date): Promise<AdminTeam> {
  return db.transaction(async (tx) => {
    const teams = teamsRepository(tx);
    if (!(await teams.lock(id)) || !(await teams.removeTimeOff(id, timeOffId))) throw notFound('Time off not found');
    return (await teams.list(londonDate(now), id))[0]!;
  });
}

/** The input trimmed and checked beyond its schema: each weekday once, hours that end after they start. */
function checkedTeam(input: TeamInput): TeamInput {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) throw badRequest('Give the team a name');
  const weekdays = new Set(input.hours.map((day) => day.weekday));
  if (weekdays.size !== 7) throw badRequest('Give the hours of each weekday once');
  for (const day of input.hours) {
    if (toMinutes(day.opens) >= toMinutes(day.closes)) throw badRequest(`${WEEKDAY_NAMES[day.weekday]}: the hours must end after they start`);
  }
  return { name, active: input.active, hours: [...input.hours].sort((a, b) => a.weekday - b.weekday) };
}

/**
 * A working day must lie within the company's opening hours of that weekday (pricing settings):
 * hours outside them are never offered, so saving them only misleads whoever reads the team
 * (issue 24). The times are checked whether or not the company opens that weekday, so closing a
 * day for a while does not make every team uneditable. A later change to the opening hours is not
 * refused for the teams: availability takes the narrower of the two anyway.
 */
async function assertWithinOpeningHours(tx: Database, team: TeamInput): Promise<void> {
  const opening = await editableRulesRepository(tx).openingHours();
  for (const day of team.hours) {
    if (!day.works) continue;
    const company = opening.find((row) => row.weekday === day.weekday) ?? DEFAULT_HOURS;
    if (toMinutes(day.opens) < toMinutes(company.opens) || toMinutes(day.closes) > toMinutes(company.closes)) {
      throw badRequest(`${WEEKDAY_NAMES[day.weekday]}: the team's hours ${day.opens}–${day.closes} must lie within the opening hours ${company.opens}–${company.closes}`);
    }
  }
}

/** Takes the availability day lock of each day, in order (as every claimant does: no deadlock). */
async function lockDays(tx: Database, from: string, to: string): Promise<void> {
  const days = availabilityRepository(tx);
  for (let day = from; day <= to; day = addDays(day, 1)) await days.lockDay(day);
}
