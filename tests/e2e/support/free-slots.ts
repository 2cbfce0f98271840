import type { CheckoutRequest } from '../../../openapi/schema';
import { SLOT_TAKEN_MESSAGE } from '../../../domain/capacity/availability-text';
import { createApiClient, ok, type ApiClient } from './api-client';

type Due = Pick<CheckoutRequest, 'due_date' | 'due_time'>;

/** The free starts (a team free for the whole job) of the 28 UK days from `fromDate`, as the form offers them. */
async function freeStarts(serviceId: number, fromDate: string, duration?: number, time?: string, api: ApiClient = createApiClient()): Promise<Due[]> {
  const { days } = await ok(
    api.GET('/availability', { params: { query: { service: serviceId, from: fromDate, days: 28, ...(duration ? { duration } : {}) } } }),
  );
  return days.flatMap((day) => day.times.filter((slot) => slot.free > 0 && (!time || slot.time === time)).map((slot) => ({ due_date: day.date, due_time: slot.time })));
}

/**
 * A start a team is free for (GET /availability; decision 015). Specs running side by side share
 * the server's 3 teams, so each picks one of the free starts at random rather than all the first.
 */
export async function freeStart(serviceId: number, fromDate: string, duration?: number, api?: ApiClient): Promise<Due> {
  const starts = await freeStarts(serviceId, fromDate, duration, undefined, api);
  if (starts.length === 0) throw new Error(`no free start in the 28 days from ${fromDate}`);
  return starts[Math.floor(Math.random() * starts.length)]!;
}

/** A free start on the UK day `date` itself (at `time` when given). */
async function freeStartOn(serviceId: number, date: string, duration?: number, time?: string, api?: ApiClient): Promise<Due> {
  const starts = (await freeStarts(serviceId, date, duration, time, api)).filter((start) => start.due_date === date);
  if (starts.length === 0) throw new Error(`no free start${time ? ` at ${time}` : ''} on ${date}`);
  return starts[Math.floor(Math.random() * starts.length)]!;
}

/** A UK day from `fromDate` on that has a team free at `time` (one of them, at random: see freeStart). */
export async function dayFreeAt(serviceId: number, fromDate: string, time: string, duration?: number, api?: ApiClient): Promise<string> {
  const days = [...new Set((await freeStarts(serviceId, fromDate, duration, time, api)).map((start) => start.due_date))];
  if (days.length === 0) throw new Error(`no day with ${time} free in the 28 days from ${fromDate}`);
  return days[Math.floor(Math.random() * Math.min(days.length, 7))]!;
}

/**
 * Checks an order out as a customer does: at a free start (at `time` when given), and when someone
 * else took that team first (409), at another one. Answers the time booked. `api` (the customer's
 * client) names the server, so a spec with a server of its own books there.
 */
export async function checkoutAtFreeTime(
  api: ApiClient,
  order: { id: number; duration_minutes?: number },
  details: Omit<CheckoutRequest, 'order' | 'due_date' | 'due_time'> & {
    serviceId: number;
    /** The first UK day to look at (YYYY-MM-DD)… */
    from: string;
    /** …or the only one. */
    onThatDay?: boolean;
    /** A UK time to book at: on whichever day has it free, or on `from` itself with `onThatDay`. */
    time?: string;
    idempotencyKey?: string;
  },
): Promise<Due> {
  const { serviceId, from, onThatDay, time, idempotencyKey, ...body } = details;
  for (let attempt = 1; ; attempt += 1) {
    // `onThatDay` wins over `time`: a spec that names the day reads that day's lists afterwards.
    const due = onThatDay
      ? await freeStartOn(serviceId, from, order.duration_minutes, time, api)
      : time
        ? { due_date: await dayFreeAt(serviceId, from, time, order.duration_minutes, api), due_time: time }
        : await freeStart(serviceId, from, order.duration_minutes, api);
    const answer = await api.POST('/services/order/checkout', {
      ...(idempotencyKey ? { params: { header: { 'Idempotency-Key': `${idempotencyKey}-${attempt}` } } } : {}),
      body: { order: order.id, ...due, ...body },
    });
    if (answer.response.ok) return due;
    const message = (answer.error as { message?: string } | undefined)?.message;
    if (answer.response.status !== 409 || message !== SLOT_TAKEN_MESSAGE || attempt === 5) {
      throw new Error(`${answer.response.url} answered ${answer.response.status}: ${JSON.stringify(answer.error)}`);
    }
  }
}

/**
 * The first UK day from 20 + (`seed` mod 280) days ahead on which the company is open and every
 * team is free all day. Recurring series and other specs book days ahead too, so a test that counts
 * free teams books on a day checked to hold no job yet; a unique `seed` (an order id, a random
 * number) keeps tests running side by side on different days, and a retry finds the next empty one.
 */
export async function emptyDay(seed: number, api: ApiClient = createApiClient()): Promise<string> {
  const [service] = await ok(api.GET('/home/services'));
  for (let step = 0; step < 60; step += 1) {
    const day = ukDay(20 + ((seed + step) % 280));
    const { teams, days } = await ok(api.GET('/availability', { params: { query: { service: service!.id, from: day, days: 1 } } }));
    const [found] = days;
    if (found?.status === 'open' && found.times.every((slot) => slot.free === teams)) return day;
  }
  throw new Error(`No day without jobs found from ${ukDay(20 + (seed % 280))}`);
}

/** The UK date `days` from now (YYYY-MM-DD). */
export function ukDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000));
}
