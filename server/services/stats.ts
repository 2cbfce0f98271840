import type { Stats, WeeklyStat } from '../../openapi/schema';
import type { Database } from '../db/database';
import { IN_QUEUE_STATUSES } from '../../domain/orders/order-statuses';
import { toPounds } from '../../domain/money/money';
import { statsRepository } from '../repositories/stats';
import { revenueRepository } from '../repositories/revenue';
import { addDays, londonDaysSpan, londonWeek } from '../../domain/time/london-days';


/**
 * The dashboard's tiles:
 * - revenue: the VAT invoices issued less the credit notes, ever, VAT included (decision 072): the
 *   same figure as the owner's report and the accounts export, so a cancelled order counts the fee
 *   it kept, a staff charge or credit counts, and a refund's credit note takes its part off;
 * - refunded ("Total Refound"): sum of accepted refunds, each the order's total less its fee;
 * - users: accounts without ROLE_ADMIN; completed / inqueue (awaiting_validation +
 *   payment_validated) / cancelled: numbers of orders in those statuses.
 * Drafts (orders not checked out, decision 007) count nowhere.
 */
export async function getStats(db: Database): Promise<Stats> {
  // Orders from the few rows of order_counters and customers from customer_count (kept by
  // triggers, 006 and 016), never a scan; accepted refunds through their status index; revenue from
  // the per-day roll-up of the documents (066) through the one revenue statement.
  const row = await statsRepository(db).counts(IN_QUEUE_STATUSES);
  const revenue = (await revenueRepository(db).figures(null, null)).find((figures) => figures.dimension === 'total');
  return {
    revenue: toPounds(revenue?.gross ?? 0),
    refunded: toPounds(row?.refunded ?? 0),
    users: row?.users ?? 0,
    completed: row?.completed ?? 0,
    inqueue: row?.inqueue ?? 0,
    cancelled: row?.cancelled ?? 0,
  };
}

export const WEEKS_SHOWN = 12;

/** The Monday (YYYY-MM-DD) of the UK week (Monday to Sunday) holding `now`, as the order filters count weeks. */
export function weekStart(now: Date): string {
  return londonWeek(now).from;
}

/**
 * The last 12 UK weeks (Monday to Sunday, the current week last): the orders placed in each week,
 * and the week's revenue (the documents issued in it, less credit notes, VAT included: decision 072,
 * the dashboard's and the report's one statement). Weeks without either are zeros.
 */
export async function getWeeklyStats(db: Database, now: Date): Promise<WeeklyStat[]> {
  const weeks = Array.from({ length: WEEKS_SHOWN }, (_, index) => addDays(weekStart(now), (index - WEEKS_SHOWN + 1) * 7));
  const last = addDays(weeks.at(-1)!, 6);
  const { start, end } = londonDaysSpan(weeks[0], last);
  const orders = await statsRepository(db).ordersPerWeek(start, end);
  const revenue = await revenueRepository(db).figures(weeks[0]!, last);
  return weeks.map((week) => {
    const figures = revenue.find((row) => row.dimension === 'week' && row.key === week);
    return {
      week,
      revenue: toPounds(figures?.gross ?? 0),
      orders: orders.find((row) => row.week === week)?.orders ?? 0,
    };
  });
}
