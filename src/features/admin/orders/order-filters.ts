import type { OrderListQuery } from '../../../api/list-orders';
import { londonToday, londonWeek } from '../../../../domain/time/london-days';
import { PAYMENT_METHOD_LABELS } from '../../../../domain/orders/status-labels';

type Query = Omit<OrderListQuery, 'limit' | 'page' | 'sort' | 'order'>;
type OrderStatus = NonNullable<Query['status']>;
type PaymentMethod = NonNullable<Query['payment_method']>;

/**
 * The orders table's filters as the page's URL holds them (`/orders?q=smith&when=today`), so a view
 * can be bookmarked and Back/Forward walk through views. `when` keeps a shortcut relative: a bookmark
 * of "Today" shows the day it is opened, in the UK. The server checks every value again.
 */
export interface OrderFilterState {
  q: string;
  status: OrderStatus | null;
  service: number | null;
  payment: PaymentMethod | null;
  unassigned: boolean;
  when: 'today' | 'week' | null;
  from: string;
  to: string;
}

/** The payment methods, as the filter offers them. */
export const PAYMENT_OPTIONS: readonly { id: PaymentMethod; label: string }[] = (['cash', 'card', 'direct_debit'] as const).map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] }));
const PAYMENTS: readonly string[] = PAYMENT_OPTIONS.map((option) => option.id);
// Statuses come from the server's list (GET /admin/order-status/list); an unknown one is its 400.
const STATUS = /^[a-z_]{1,40}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(value: string | null, allowed: readonly string[]): T | null => (value !== null && allowed.includes(value) ? (value as T) : null);

/** The filters a URL names; a value that makes no sense (hand-edited, stale) is left out. */
export function filtersFromUrl(params: URLSearchParams): OrderFilterState {
  const service = Number(params.get('service'));
  const when = params.get('when');
  const date = (name: string) => (DATE.test(params.get(name) ?? '') ? params.get(name)! : '');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    status: STATUS.test(params.get('status') ?? '') ? (params.get('status') as OrderStatus) : null,
    service: Number.isInteger(service) && service > 0 ? service : null,
    payment: oneOf<PaymentMethod>(params.get('payment'), PAYMENTS),
    unassigned: params.get('unassigned') === 'true',
    when: when === 'today' || when === 'week' ? when : null,
    from: date('from'),
    to: date('to'),
  };
}

/** The URL's search part for these filters (only what is set, in a fixed order). */
export function filtersToUrl(filters: OrderFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.service !== null) params.set('service', String(filters.service));
  if (filters.payment) params.set('payment', filters.payment);
  if (filters.unassigned) params.set('unassigned', 'true');
  if (filters.when) params.set('when', filters.when);
  else {
    if (filters.from) params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
  }
  return params;
}

/** The job dates the filters cover: a shortcut's UK day or week at `now`, else the dates typed. */
export function dateRange(filters: OrderFilterState, now: Date): { from: string; to: string } {
  if (filters.when === 'today') return londonToday(now);
  if (filters.when === 'week') return londonWeek(now);
  return { from: filters.from, to: filters.to };
}

/** The list call's filters (GET /admin/orders/ and its CSV). */
export function filtersToQuery(filters: OrderFilterState, now: Date): Query {
  const { from, to } = dateRange(filters, now);
  // Dates typed the wrong way round are the same range.
  const [due_from, due_to] = from && to && from > to ? [to, from] : [from, to];
  return {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.service !== null ? { service: filters.service } : {}),
    ...(filters.payment ? { payment_method: filters.payment } : {}),
    ...(filters.unassigned ? { unassigned: true } : {}),
    ...(due_from ? { due_from } : {}),
    ...(due_to ? { due_to } : {}),
  };
}

export const hasFilters = (filters: OrderFilterState) => filtersToUrl(filters).toString() !== '';
