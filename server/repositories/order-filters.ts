import { badRequest } from '../lib/http-error';
import { londonDaysSpan } from '../../domain/time/london-days';
import { containsPattern, type Conditions } from './paging';
import { userRowMatchesSql, usersMatchingSql } from './user-search';
import type { OrderStatus, PaymentMethod } from '../../openapi/schema';

/**
 * What the back office can narrow a list of orders to (docs/decisions/017-order-search.md). The one
 * home of the filter → SQL rule: the table's pages, their total and the CSV export all read
 * `addOrderFilters`, so an export holds exactly the rows the table pages through.
 */
export interface OrderFilters {
  status?: OrderStatus;
  /** Customer name, email, postcode or order id (`42` or `#42`). */
  q?: string;
  /** The job's UK date (YYYY-MM-DD), inclusive at both ends. */
  due_from?: string;
  due_to?: string;
  service?: number;
  payment_method?: PaymentMethod;
  /** true: only orders no team is assigned to; false: only assigned ones. */
  unassigned?: boolean;
}

const MAX_ORDER_ID = 2_147_483_647;

/** The text a postcode of orders `alias` is compared as: capitals, no spaces ("sw1a 1aa" and "SW1A1AA" match). */
const postcodeSql = (alias: string) => `upper(replace(${alias}.code_postal, ' ', ''))`;

/** A phone number as compared: its digits ("07700 900123" and "07700900123" match; 026_search_fold.sql). */
const phoneSql = (alias: string) => `regexp_replace(${alias}.phone, '[^0-9]', '', 'g')`;

/** Fewer digits than this are no phone search (they would match most orders). */
const PHONE_SEARCH_DIGITS = 4;

/**
 * Adds the filters to `conditions`; every condition is on the orders row (`o`) alone, so a count
 * needs no join and the by-service LATERAL read can take them as they are. A search is the union
 * of the ids each index finds (trigram GIN on names, emails and postcodes; the primary key for an
 * id): one OR across two tables would leave PostgreSQL no index to use.
 */
export function addOrderFilters(conditions: Conditions, filters: OrderFilters): Conditions {
  if (filters.due_from && filters.due_to && filters.due_from > filters.due_to) {
    throw badRequest('due_from must not be after due_to');
  }
  if (filters.status) conditions.add('o.status = $?', filters.status);
  const { start, end } = londonDaysSpan(filters.due_from, filters.due_to);
  if (start) conditions.add('o.due_at >= $?', start);
  if (end) conditions.add('o.due_at < $?', end);
  if (filters.service !== undefined) conditions.add('o.service_id = $?', filters.service);
  if (filters.payment_method) conditions.add('o.payment_method = $?', filters.payment_method);
  if (filters.unassigned !== undefined) conditions.add(filters.unassigned ? 'o.team_id IS NULL' : 'o.team_id IS NOT NULL');
  const q = filters.q?.trim();
  if (q) addSearch(conditions, q);
  return conditions;
}

function addSearch(conditions: Conditions, q: string): void {
  const hits = searchHitsSql(q);
  conditions.add(`o.id IN (SELECT h.id FROM (${hits.sql}) h)`, ...hits.values);
}

/**
 * The placed orders a search text finds, as rows (id, user_id, created_at), each once: the union of
 * what each index finds — the customer's name or email (user-search.ts: accents ignored, an address
 * by its start) then their orders through (user_id, created_at, id), read from the index alone; a
 * postcode, a phone number, an order id or reference (037, decision 043). The one home of what a
 * search matches: the filter above asks it for ids, and a search alone pages straight from these
 * rows (orders.ts, decision 064), never reading the matches' rows from the table.
 */
export function searchHitsSql(q: string): { sql: string; parts: string[]; values: unknown[] } {
  const postcode = q.replace(/\s+/g, '').toUpperCase();
  const idText = /^#?(\d{1,10})$/.exec(q)?.[1];
  const id = idText !== undefined && Number(idText) <= MAX_ORDER_ID ? Number(idText) : null;
  const digits = q.replace(/[\s()+-]/g, '');
  const users = usersMatchingSql(q);
  const hit = (alias: string, where: string) => `SELECT ${alias}.id, ${alias}.user_id, ${alias}.created_at FROM orders ${alias} WHERE ${alias}.checked_out_at IS NOT NULL AND ${where}`;
  const parts = [hit('s', `s.user_id IN (${users.sql})`), hit('p', `${postcodeSql('p')} LIKE $?`)];
  const values: unknown[] = [...users.values, containsPattern(postcode)];
  if (/^\d+$/.test(digits) && digits.length >= PHONE_SEARCH_DIGITS) {
    parts.push(hit('t', `${phoneSql('t')} LIKE $?`));
    values.push(containsPattern(digits));
  }
  if (id !== null) {
    parts.push(hit('i', 'i.id = $?'), hit('r', 'r.reference = $?'));
    values.push(id, id);
  }
  return { sql: parts.join(' UNION '), parts, values };
}

/**
 * The same rule as a condition on one placed order `o` (decision 092): a search that matches more
 * than can be counted cheaply walks an index of the orders in the list's order, tests each order it
 * meets with this and stops at the page. Its customer is looked up by primary key.
 */
export function searchRowMatchesSql(q: string): { sql: string; values: unknown[] } {
  const postcode = q.replace(/\s+/g, '').toUpperCase();
  const idText = /^#?(\d{1,10})$/.exec(q)?.[1];
  const id = idText !== undefined && Number(idText) <= MAX_ORDER_ID ? Number(idText) : null;
  const digits = q.replace(/[\s()+-]/g, '');
  const user = userRowMatchesSql('su', q);
  // A scalar subquery, not EXISTS: PostgreSQL may turn an EXISTS into a hashed set of every matching
  // customer first (all of them, for a fragment every address shares); this one is asked per order met.
  const parts = [`COALESCE((SELECT ${user.sql} FROM users su WHERE su.id = o.user_id), false)`, `${postcodeSql('o')} LIKE $?`];
  const values: unknown[] = [...user.values, containsPattern(postcode)];
  if (/^\d+$/.test(digits) && digits.length >= PHONE_SEARCH_DIGITS) {
    parts.push(`${phoneSql('o')} LIKE $?`);
    values.push(containsPattern(digits));
  }
  if (id !== null) {
    parts.push('o.id = $?', 'o.reference = $?');
    values.push(id, id);
  }
  return { sql: `(${parts.join(' OR ')})`, values };
}

/**
 * Whether the order counters (by status and payment method, 006_paging.sql and 060) give this
 * list's total; else it is counted. A payment method alone matches half of every order: counted
 * row by row that was 660 ms at ten million (issue 27, docs/decisions/064).
 */
export function countedByCounters(filters: OrderFilters): boolean {
  return !filters.q?.trim() && !filters.due_from && !filters.due_to && filters.service === undefined
    && filters.unassigned === undefined;
}
