import type { Availability } from '../../openapi/schema';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { availabilityRepository } from '../repositories/availability-repository';
import { checkStart, datesFrom, dayTimes, MIN_JOB_MINUTES, toTime, type CapacityData, type Window } from '../../domain/capacity/availability-rules';

import { postcodeArea } from '../../domain/capacity/travel-gap';
import { SLOT_TAKEN_MESSAGE } from '../../domain/capacity/availability-text';
import { latestBookableStart } from '../../domain/terms/booking-horizon';
import { earliestBookableStart } from '../../domain/terms/booking-notice';
import { londonDate, londonLocalToInstant } from '../../domain/time/london-time';


/** The 409 a checkout gets when the last free team went to someone else first (issue 14). */
export { SLOT_TAKEN_MESSAGE };

/** Online bookings need 24 hours' notice (R-PAY-1) and reach 12 months ahead. */
export function bookableWindow(now: Date): Window {
  return { earliest: earliestBookableStart(now), latest: latestBookableStart(now) };
}

export interface AvailabilityQuery {
  service: number;
  from?: string;
  days?: number;
  duration?: number;
  /** The job's postcode, when known: the travel gap within its area counts (decision 041). */
  postcode?: string;
}

/** GET /api/availability: per UK day, the half-hour starts with the number of free teams. */
export async function availabilityFor(db: Database, query: AvailabilityQuery, now: Date): Promise<Availability> {
  const repository = availabilityRepository(db);
  const serviceMinutes = await repository.serviceMinutes(query.service);
  if (serviceMinutes === null) throw notFound('Service not found');
  const minutes = Math.max(query.duration ?? serviceMinutes, MIN_JOB_MINUTES);
  const dates = datesFrom(query.from ?? londonDate(now), query.days ?? 14);
  const data = await repository.load(dates[0]!, dates.at(-1)!);
  const window = bookableWindow(now);
  return {
    teams: data.teams.length,
    duration_minutes: minutes,
    days: dates.map((date) => {
      const day = dayTimes(data, date, minutes, window, postcodeArea(query.postcode));
      if (day.closed !== null) return { date, status: 'closed', reason: day.closed, times: [] };
      return { date, status: day.times.some((slot) => slot.free > 0) ? 'open' : 'full', times: day.times };
    }),
  };
}

/**
 * Claims a team for the order's job at `date` `time` (UK), inside the caller's transaction — a
 * reschedule's (the checkout claims in its own statements, services/checkout.ts). The day is held
 * shared, what can be in the job's way read, and the first free team whose times the claim can lock
 * and whose jobs are still the read's is taken (decision 132): of two claims on the last free team
 * the second waits for the first and then, reading again, gets the 409. A booking being moved keeps
 * its team when that team is free then, and never competes with its own old time. Writes the team
 * and the job's length onto the order and answers them.
 */
export async function claimTeam(tx: Database, orderId: number, date: string, time: string): Promise<{ teamId: number; teamName: string; minutes: number }> {
  const repository = availabilityRepository(tx);
  const { minutes, teamId: current, postcode } = await repository.orderJob(orderId);
  await repository.lockDayShared(date);
  const start = londonLocalToInstant(date, time);
  const { data, jobs } = await repository.loadNear(date, start, minutes);
  const teams = teamsToClaim(data, { orderId, date, time, minutes, current, postcode });
  // Waits for the first candidate rather than passing it by: a move is rare, and a transaction
  // run again for it would repeat its other statements.
  const teamId = await repository.claimTeamTimes({ date, start, minutes, candidates: teams.map((team) => team.teamId), jobs, wait: true });
  await repository.assign(orderId, teamId, minutes);
  return teams.find((team) => team.teamId === teamId)!;
}

/** The most teams a claim tries (decision 132): past them, it reads the day again. */
export const CLAIM_CANDIDATES = 8;

/**
 * The capacity rule's answer for one job: the teams that can take it, best first (its own team
 * first when free then), at most CLAIM_CANDIDATES, or the 400 or 409 a customer reads. A claim
 * (claimTeamTimes) takes the first it can.
 */
export function teamsToClaim(
  data: CapacityData,
  job: { orderId: number; date: string; time: string; minutes: number; current: number | null; postcode: string | null },
): Array<{ teamId: number; teamName: string; minutes: number }> {
  const { orderId, date, time, minutes, current } = job;
  const check = checkStart(data, date, time, minutes, orderId, postcodeArea(job.postcode));
  if (check.kind === 'closed') throw badRequest(`We are closed on ${date} (${check.reason}): please choose another day`);
  if (check.kind === 'outsideHours') {
    if (check.lastStart < check.opens) throw badRequest(`This job takes longer than our opening hours on ${date}: please choose another day`);
    throw badRequest(`This job of ${minutes} minutes can start between ${toTime(check.opens)} and ${toTime(check.lastStart)} (UK time) on ${date}`);
  }
  if (check.kind === 'clockChange') throw badRequest(check.problem);
  if (check.kind === 'full') throw conflict(SLOT_TAKEN_MESSAGE);
  const ordered = current !== null && check.teams.includes(current) ? [current, ...check.teams.filter((id) => id !== current)] : check.teams;
  return ordered.slice(0, CLAIM_CANDIDATES).map((teamId) => ({ teamId, teamName: data.teams.find((team) => team.id === teamId)?.name ?? `Team ${teamId}`, minutes }));
}

/** The team the capacity rule gives the job (teamsToClaim's first), for a change made under the day's own lock. */
export function chooseTeam(
  data: CapacityData,
  job: { orderId: number; date: string; time: string; minutes: number; current: number | null; postcode: string | null },
): { teamId: number; teamName: string; minutes: number } {
  return teamsToClaim(data, job)[0]!;
}
