import type { AdminOrder, CheckoutRequest, Item, MyOrder, PaymentMethod, Stats } from '../../openapi/schema';
import { formatLondon, londonDate, londonLocalToInstant } from '../../domain/time/london-time';
import type { TestServer } from './support/test-server';
import { orderName } from '../../domain/orders/order-reference';

/** Shared set-up of the booking, admin and payment suites: a movable clock, orders, checkouts. */

export interface Clock {
  now: () => Date;
  set(iso: string | Date): void;
  advance(ms: number): void;
}

export const HOUR = 3_600_000;

/** 10:00 UK time `days` from today: within opening hours whenever the suite runs (decision 015). */
export const inDaysAtTen = (days: number): Date => londonLocalToInstant(londonDate(new Date(Date.now() + days * 24 * HOUR)), '10:00');

/** The server's clock, fixed where a test puts it (cancellation terms, 24 hours' notice). */
export function createClock(start: string): Clock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (iso) => void (current = new Date(iso)),
    advance: (ms) => void (current = new Date(current.getTime() + ms)),
  };
}

/** `{ due_date, due_time }` naming `instant` in UK local time, as the booking form sends it. */
export function londonDue(instant: Date): Pick<CheckoutRequest, 'due_date' | 'due_time'> {
  const [due_date = '', due_time = ''] = formatLondon(instant).split(' ');
  return { due_date, due_time };
}

export function checkoutBody(
  order: number,
  due: Date,
  payment: PaymentMethod = 'cash',
): CheckoutRequest {
  return {
    order,
    ...londonDue(due),
    address: '221B Baker Street',
    phone: '020 7946 0000',
    city: 'London',
    code_postal: 'NW1 6XE',
    client_note: 'The key is under the mat.',
    payment,
  };
}

export interface Catalogue {
  serviceId: number;
  serviceName: string;
  items: Item[];
}

/** A seeded service with at least two items, read through the API. */
export async function catalogue(server: TestServer, token: string, index = 0): Promise<Catalogue> {
  const { data: services } = await server.api.GET('/home/services');
  const found: Catalogue[] = [];
  for (const service of services ?? []) {
    const { data } = await server.api.GET('/services/get-items/{id}', {
      params: { path: { id: service.id } },
      headers: server.bearer(token),
    });
    if (data && data.items.length >= 2) found.push({ serviceId: service.id, serviceName: data.serviceName, items: data.items });
  }
  const chosen = found[index];
  if (!chosen) throw new Error(`no service #${index} with two items in the seeded catalogue`);
  return chosen;
}

/** Creates an order of the first two items (quantities 2 and 1) and answers its summary. */
export async function placeOrder(server: TestServer, token: string, of: Catalogue, quantities: [number, number] = [2, 1]) {
  const { data, response, error } = await server.api.POST('/services/order/new', {
    body: { service: of.serviceId, items: [{ id: of.items[0]!.id, quantity: quantities[0] }, { id: of.items[1]!.id, quantity: quantities[1] }] },
    headers: server.bearer(token),
  });
  if (response.status !== 201 || !data) throw new Error(`create order: ${response.status} ${JSON.stringify(error)}`);
  return data;
}

/**
 * Creates an order and checks it out (cash, `due` by default a week from the real clock): a booking
 * as customers and administrators see it. A created order alone is a draft, seen by nobody.
 */
export async function bookedOrder(
  server: TestServer,
  token: string,
  of: Catalogue,
  options: { quantities?: [number, number]; due?: Date; payment?: PaymentMethod } = {},
) {
  const order = await placeOrder(server, token, of, options.quantities);
  const due = options.due ?? (await firstFreeStart(server, of.serviceId, order.duration_minutes, new Date(Date.now() + 7 * 86_400_000)));
  const { response, error } = await checkout(server, token, checkoutBody(order.id, due, options.payment));
  if (response.status !== 200) throw new Error(`checkout: ${response.status} ${JSON.stringify(error)}`);
  return order;
}

/**
 * The first start from `from`'s UK day on that a team is free for (GET /availability): bookings
 * need a free team (decision 015), so fixtures that just need "a booking" ask like the form does.
 */
export async function firstFreeStart(server: TestServer, serviceId: number, minutes: number | undefined, from: Date): Promise<Date> {
  const { data } = await server.api.GET('/availability', {
    params: { query: { service: serviceId, from: londonDate(from), days: 28, ...(minutes ? { duration: minutes } : {}) } },
  });
  for (const day of data?.days ?? []) {
    const slot = day.times.find((time) => time.free > 0);
    if (slot) return londonLocalToInstant(day.date, slot.time);
  }
  throw new Error(`no free start in the 28 days from ${londonDate(from)}`);
}

export async function checkout(server: TestServer, token: string, body: CheckoutRequest, key?: string) {
  return server.api.POST('/services/order/checkout', {
    body,
    headers: { ...server.bearer(token), ...(key ? { 'Idempotency-Key': key } : {}) },
  });
}

export async function myOrder(server: TestServer, token: string, id: number): Promise<MyOrder> {
  // Lists are paged (at most 100 rows a page): look through the pages.
  for (let page = 1; ; page += 1) {
    const { data } = await server.api.GET('/services/order/get', { params: { query: { page, limit: 100 } }, headers: server.bearer(token) });
    const order = data?.find((row) => row.id === id);
    if (order) return order;
    if (!data || data.length < 100) throw new Error(`order ${id} is not in My orders`);
  }
}

/** "order #12": how mails and screens name an order to its customer (decision 051), from the reference My orders gives it. */
export async function orderNameOf(server: TestServer, token: string, id: number): Promise<string> {
  return orderName(await myOrder(server, token, id));
}

export async function adminOrderRow(server: TestServer, adminToken: string, id: number): Promise<AdminOrder> {
  for (let page = 1; ; page += 1) {
    const { data } = await server.api.GET('/admin/orders/', { params: { query: { page, limit: 100 } }, headers: server.bearer(adminToken) });
    const order = data?.find((row) => row.id === id);
    if (order) return order;
    if (!data || data.length < 100) throw new Error(`order ${id} is not in the admin list`);
  }
}

export async function stats(server: TestServer, adminToken: string): Promise<Stats> {
  const { data } = await server.api.GET('/admin/counter', { headers: server.bearer(adminToken) });
  if (!data) throw new Error('stats unavailable');
  return data;
}

/** A raw JSON call, for bodies the typed client would not let us write (wrong types, extra fields). */
export async function send(server: TestServer, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/** Pounds → pence, to compare money exactly. */
export const pence = (pounds: number) => Math.round(pounds * 100);

/**
 * The customer presses Pay on the test provider's page (the `shippingInfo` of a card checkout):
 * the provider's signed notification marks the order paid. Answers the page's redirect.
 */
export async function payOnTestPage(server: TestServer, shippingInfo: string): Promise<Response> {
  const response = await fetch(new URL(`${shippingInfo}/pay`, server.baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  if (response.status !== 303) throw new Error(`pay: ${response.status} ${await response.text()}`);
  return response;
}

/** A card order of `token`'s, checked out for `due` and paid on the test page. */
export async function paidCardOrder(server: TestServer, token: string, of: Catalogue, due: Date) {
  const order = await placeOrder(server, token, of, [3, 1]);
  const { data, response } = await checkout(server, token, checkoutBody(order.id, due, 'card'));
  if (response.status !== 200 || !data?.shippingInfo) throw new Error(`card checkout: ${response.status}`);
  await payOnTestPage(server, data.shippingInfo);
  return order;
}

/**
 * A checked-out order whose job has started: checkouts need 24 hours' notice, so the job's start
 * is moved to `startedAt` in the database, as time passing would.
 */
export async function startedOrder(server: TestServer, token: string, of: Catalogue, now: Date, quantities: [number, number] = [2, 1]) {
  const order = await placeOrder(server, token, of, quantities);
  // Booked a week ahead at 10:00 UK (within opening hours), then time passes to an hour into the job.
  const weekAhead = londonLocalToInstant(londonDate(new Date(now.getTime() + 7 * 24 * HOUR)), '10:00');
  const { response } = await checkout(server, token, checkoutBody(order.id, weekAhead));
  if (response.status !== 200) throw new Error(`checkout: ${response.status}`);
  await server.db.query('UPDATE orders SET due_at = $2 WHERE id = $1', [order.id, new Date(now.getTime() - HOUR)]);
  return order;
}
