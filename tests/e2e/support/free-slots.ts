import { createApiClient, ok } from './api-client';

/**
 * A start a team is free for, as the booking form offers it (GET /availability): bookings need a
 * free team (decision 015), and specs running side by side must not take each other's last team,
 * so this picks the time with the most teams free, from `fromDate` (YYYY-MM-DD, UK) on.
 */
export async function freeStart(serviceId: number, fromDate: string, duration?: number): Promise<{ due_date: string; due_time: string }> {
  const { days } = await ok(
    createApiClient().GET('/availability', { params: { query: { service: serviceId, from: fromDate, days: 28, ...(duration ? { duration } : {}) } } }),
  );
  for (const day of days) {
    const best = Math.max(0, ...day.times.map((slot) => slot.free));
    const slot = day.times.find((time) => time.free === best && best > 0);
    if (slot) return { due_date: day.date, due_time: slot.time };
  }
  throw new Error(`no free start in the 28 days from ${fromDate}`);
}

/** The first UK day from `fromDate` on that has a team free at `time`. */
export async function dayFreeAt(serviceId: number, fromDate: string, time: string, duration?: number): Promise<string> {
  const { days } = await ok(
    createApiClient().GET('/availability', { params: { query: { service: serviceId, from: fromDate, days: 28, ...(duration ? { duration } : {}) } } }),
  );
  const day = days.find((candidate) => candidate.times.some((slot) => slot.time === time && slot.free > 0));
  if (!day) throw new Error(`no day with ${time} free in the 28 days from ${fromDate}`);
  return day.date;
}

/** The UK date `days` from now (YYYY-MM-DD). */
export function ukDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000));
}
