import type { Page } from '@playwright/test';
import type { ScheduleJob } from '../../../openapi/schema';
import { londonDate } from '../../../domain/time/london-time';
import type { SignedInCustomer } from './admin-data';
import { createApiClient, ok, type ApiClient } from './api-client';
import { emptyDay } from './free-slots';
import { orderNameOf } from './booking-ui';

/**
 * Schedule board test data through the real API. Each test books its jobs on an empty day of its
 * own (emptyDay, seeded by a fresh order id), so tests running side by side never share a team's time.
 */

/** A draft order of `customer`; checkout() places it. */
export async function draftOrder({ token }: SignedInCustomer): Promise<number> {
  const api = createApiClient(token);
  const [service] = await ok(api.GET('/home/services'));
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: service!.id } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: service!.id, items: [{ id: items[0]!.id, quantity: 2 }, { id: items[1]!.id, quantity: 1 }] } }));
  return order.id;
}

export async function checkout({ token }: SignedInCustomer, id: number, day: string, time: string): Promise<void> {
  await ok(
    createApiClient(token).POST('/services/order/checkout', {
      body: { order: id, due_date: day, due_time: time, address: '221B Baker Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash' },
    }),
  );
}

/**
 * Jobs booked on one fresh day at the given UK times: the day and the order ids. Checkout gives
 * each a free team (decision 015); with `unassignWith` (an administrator's client) they are then
 * taken back to Unassigned, as an administrator does before planning the day by hand.
 */
export async function jobsOnAFreshDay(customer: SignedInCustomer, times: string[], unassignWith?: ApiClient): Promise<{ day: string; ids: number[]; numbers: string[] }> {
  const ids = await Promise.all(times.map(() => draftOrder(customer)));
  const day = await emptyDay(ids[0]!, createApiClient(customer.token));
  for (const [i, id] of ids.entries()) await checkout(customer, id, day, times[i]!);
  if (unassignWith) {
    for (const id of ids) await ok(unassignWith.PUT('/admin/schedule/jobs/{id}/team', { params: { path: { id } }, body: { team: null } }));
  }
  // "#<reference>": what the board's cards and their controls call each job (decision 073).
  const numbers: string[] = [];
  for (const id of ids) numbers.push((await orderNameOf(createApiClient(customer.token), id)).replace(/^order /, ''));
  return { day, ids, numbers };
}

export async function boardJob(api: ApiClient, day: string, id: number): Promise<ScheduleJob> {
  const board = await ok(api.GET('/admin/schedule', { params: { query: { from: day } } }));
  const job = board.jobs.find((row) => row.id === id);
  if (!job) throw new Error(`order ${id} is not on the board of ${day}`);
  return job;
}

export async function teamId(api: ApiClient, name: string): Promise<number> {
  const board = await ok(api.GET('/admin/schedule', { params: { query: { from: londonDate(new Date()) } } }));
  return board.teams.find((team) => team.name === name)!.id;
}

/** "10:00–11:30" in UK time, as the card and the clash message say it. */
export function ukSpan(job: ScheduleJob): string {
  const clock = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const start = new Date(job.start);
  return `${clock(start)}–${clock(new Date(start.getTime() + job.duration_minutes * 60_000))}`;
}

export const lane = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(`) });
/** The card of an order ("#<reference>", the number people read): the list item holding its Assign button. */
export const card = (page: Page, number: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Assign order ${number}`, exact: true }) });
