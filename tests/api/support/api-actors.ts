import { randomUUID } from 'node:crypto';
import { confirmationToken } from './confirmation-link';
import { waitForMail } from './mail-wait';
import type { AdminOrder, BookingSeries, CheckoutRequest, NewOrderRequest, OrderSummary, PaymentMethod, Service, ServiceItems, UserInfo } from '../../../openapi/schema';
import { openDay } from '../../support/default-closures';

/**
 * Plain-HTTP helpers for the hardening suites (authorisation matrix, fuzzing, faults, bench): they
 * talk to a real listening server by URL, so the same code drives an in-process test server, a
 * child process that gets SIGKILLed, or a benchmark target. Every answer can be handed to a
 * contract validator through `onAnswer`.
 */

export interface Answer {
  status: number;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  body: any;
  text: string;
  headers: Headers;
  /** What the contract validator said about this answer (null: it matches the contract). */
  contractProblem?: string | null;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is (malformed JSON, another content type); wins over `body`. */
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type AnswerListener = (request: { method: string; path: string }, answer: Answer) => string | null | void;

export interface Api {
  baseUrl: string;
  /** The server's outbox folder, where new customers' confirmation links are read (newCustomer). */
  outboxDir?: string;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
}

/** `path` is the contract path with its values filled in, without the `/api` prefix. */
export function createApi(baseUrl: string, onAnswer?: AnswerListener, outboxDir?: string): Api {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    baseUrl: root,
    ...(outboxDir ? { outboxDir } : {}),
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
      const response = await fetch(`${root}/api${path}`, { method, headers, body, signal: options.signal ?? null });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      const answer: Answer = { status: response.status, body: parsed, text, headers: response.headers };
      answer.contractProblem = onAnswer?.({ method, path }, answer) ?? null;
      return answer;
    },
  };
}

export interface Session {
  id: number;
  name: string;
  email: string;
  password: string;
  roles: string[];
  token: string;
}

export function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`);
}

export async function login(api: Api, email: string, password: string): Promise<Session> {
  const answer = await api.call('POST', '/auth/login', { body: { username: email, password } });
  expectStatus(answer, 200, `login ${email}`);
  const info = answer.body as UserInfo;
  return { id: info.id, name: info.name, email: info.email, roles: info.roles, token: info.token, password };
}

/**
 * A new customer with a unique email, signed in as a person is: registered, then the link mailed
 * to the address followed (read from `api.outboxDir`, decision 029).
 */
export async function newCustomer(api: Api, label = 'Customer'): Promise<Session> {
  const unique = randomUUID().slice(0, 8);
  const email = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique}@example.co.uk`;
  const password = `correct-horse-${unique}`;
  const name = `${label} ${unique}`;
  if (!api.outboxDir) throw new Error('newCustomer needs the server\'s outbox folder: createApi(baseUrl, listener, outboxDir)');
  expectStatus(await api.call('POST', '/auth/register', { body: { name, email, password } }), 201, `register ${email}`);
  const token = confirmationToken(await waitForMail(api.outboxDir, email));
  const answer = await api.call('POST', `/auth/confirm-email/${token}`, { body: { password } });
  expectStatus(answer, 200, `confirm ${email}`);
  const info = answer.body as UserInfo;
  return { id: info.id, name: info.name, email: info.email, roles: info.roles, token: info.token, password };
}

export interface Catalogue {
  serviceId: number;
  itemIds: number[];
}

/** The first service that has items, and its item ids (the seeded catalogue). */
export async function firstCatalogue(api: Api, token: string): Promise<Catalogue> {
  const services = await api.call('GET', '/home/services');
  expectStatus(services, 200, 'list services');
  for (const service of services.body as Service[]) {
    const items = await api.call('GET', `/services/get-items/${service.id}`, { token });
    if (items.status === 200 && (items.body as ServiceItems).items.length > 0) {
      return { serviceId: service.id, itemIds: (items.body as ServiceItems).items.map((item) => item.id) };
    }
  }
  throw new Error('No service with items: is the catalogue seeded?');
}

export function newOrderBody(catalogue: Catalogue, quantity = 2): NewOrderRequest {
  return { service: catalogue.serviceId, items: catalogue.itemIds.slice(0, 2).map((id) => ({ id, quantity })) };
}

export async function createOrder(api: Api, session: Session, catalogue: Catalogue): Promise<OrderSummary> {
  const answer = await api.call('POST', '/services/order/new', { token: session.token, body: newOrderBody(catalogue) });
  expectStatus(answer, 201, 'create order');
  return answer.body as OrderSummary;
}

let checkouts = 0;

/**
 * A checkout a week or more ahead (well past the 24 hours' notice), each at its own two-hour start
 * between 07:00 and 17:00 UK time (six a day), so no test runs out of free teams (decision 015).
 */
export function checkoutBody(orderId: number, payment: PaymentMethod = 'cash', daysAhead = 7): CheckoutRequest {
  const n = checkouts++;
  // Six a day, on the days a fresh database keeps open (decision 087: bank holidays are closed).
  const due = openDay(new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10), Math.floor(n / 6));
  return {
    order: orderId, due_date: due, due_time: `${String(7 + (n % 6) * 2).padStart(2, '0')}:00`, address: '10 Downing Street', phone: '020 7946 0000',
    city: 'London', code_postal: 'NW1 6XE', client_note: '', payment,
  };
}

export async function checkedOutOrder(api: Api, session: Session, catalogue: Catalogue): Promise<number> {
  const order = await createOrder(api, session, catalogue);
  expectStatus(await api.call('POST', '/services/order/checkout', { token: session.token, body: checkoutBody(order.id) }), 200, 'checkout');
  return order.id;
}

/** A checked-out order of `session` with a pending cancellation request. */
export async function orderWithPendingRefund(api: Api, session: Session, catalogue: Catalogue): Promise<number> {
  const id = await checkedOutOrder(api, session, catalogue);
  const answer = await api.call('POST', `/services/refund-request/${id}`, { token: session.token, body: { reason: 'Plans changed' } });
  expectStatus(answer, 201, 'request refund');
  return id;
}

export async function adminOrder(api: Api, admin: Session, id: number): Promise<AdminOrder> {
  // Lists are paged (at most 100 rows a page): look through the pages.
  for (let page = 1; ; page += 1) {
    const answer = await api.call('GET', `/admin/orders/?limit=100&page=${page}`, { token: admin.token });
    expectStatus(answer, 200, 'list orders');
    const rows = answer.body as AdminOrder[];
    const row = rows.find((order) => order.id === id);
    if (row) return row;
    if (rows.length < 100) throw new Error(`order ${id} is not in the admin list`);
  }
}

/** A Weekly booking of `session` (quoted Weekly, checked out a week ahead): its series and visits. */
export async function weeklySeries(api: Api, session: Session, catalogue: Catalogue): Promise<BookingSeries> {
  const items = newOrderBody(catalogue).items;
  const quote = await api.call('POST', '/quotes', { body: { service: catalogue.serviceId, items, frequency: 'weekly', extras: [], postcode: 'NW1 6XE' } });
  expectStatus(quote, 201, 'weekly quote');
  const order = await api.call('POST', '/services/order/new', { token: session.token, body: { service: catalogue.serviceId, items, quote: (quote.body as { id: string }).id } });
  expectStatus(order, 201, 'create weekly order');
  const id = (order.body as OrderSummary).id;
  expectStatus(await api.call('POST', '/services/order/checkout', { token: session.token, body: checkoutBody(id) }), 200, 'weekly checkout');
  const series = await api.call('GET', '/services/series', { token: session.token });
  expectStatus(series, 200, 'list series');
  const found = (series.body as BookingSeries[]).find((candidate) => candidate.visits.some((visit) => visit.id === id));
  if (!found) throw new Error(`order ${id} made no series`);
  return found;
}
