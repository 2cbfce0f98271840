import type { BusinessReport, RevenueFigures } from '../../openapi/schema';
import type { Database } from '../db/database';
import { badRequest } from '../lib/http-error';
import { businessReportRepository, type RevenueRow } from '../repositories/business-report';
import { revenueRepository, type RevenueFiguresRow } from '../repositories/revenue';
import { toPounds } from '../../domain/money/money';
import { daysBetween, londonDaysSpan } from '../../domain/time/london-days';

/** The longest period asked at once: three years of months, and a bound on the rows read. */
const MAX_DAYS = 3 * 366;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * The owner's report (issue 26 item 6, decision 049) of the UK dates `from` to `to`. Revenue is the
 * VAT invoices issued less the credit notes, like the accounts export, so a month here is the sum of
 * its documents there; its total and months are the dashboard's one revenue statement (decision
 * 072), its services and teams the same documents broken down; cancellations, busy times and repeat customers count the placed orders due
 * in the period. Five statements, one after the other.
 */
export async function getBusinessReport(db: Database, from: string, to: string): Promise<BusinessReport> {
  if (from > to) throw badRequest('from must not be after to');
  if (daysBetween(from, to) >= MAX_DAYS) throw badRequest('The period can be at most 3 years');
  const { start, end } = londonDaysSpan(from, to);
  const repository = businessReportRepository(db);
  // One statement at a time: db may be a transaction's single client, and pg deprecates
  // overlapping queries on it (the api tests fail on its warning: tests/api/support/pg-warning-guard.ts).
  const period = await revenueRepository(db).figures(from, to);
  const revenue = await repository.revenueBreakdowns(start!, end!);
  const visits = await repository.visits(start!, end!);
  const refunds = await repository.refunds(start!, end!);
  const customers = await repository.customers(start!, end!);

  const byName = (dimension: RevenueRow['dimension']) =>
    revenue
      .filter((row) => row.dimension === dimension)
      .map((row) => ({ name: row.key ?? '', ...figures(row) }))
      .sort((a, b) => b.gross - a.gross || a.name.localeCompare(b.name));
  const total = period.find((row) => row.dimension === 'total');
  const visitTotal = visits.find((row) => row.dimension === 'total') ?? { orders: 0, cancelled: 0 };
  const top = typeof customers.top === 'string' ? (JSON.parse(customers.top) as Exclude<typeof customers.top, string>) : customers.top;

  return {
    from,
    to,
    totals: { invoices: total?.invoices ?? 0, creditNotes: total?.credit_notes ?? 0, ...(total ? figures(total) : { net: 0, vat: 0, gross: 0 }) },
    months: revenueMonths(period, from, to),
    services: byName('service'),
    teams: byName('team'),
    cancellations: {
      orders: visitTotal.orders,
      cancelled: visitTotal.cancelled,
      rate: share(visitTotal.cancelled, visitTotal.orders),
      refunds: refunds.refunds,
      refunded: toPounds(Number(refunds.refunded)),
    },
    // Cancelled visits kept no one busy: only the others count towards the busy times.
    weekdays: WEEKDAYS.map((day, index) => {
      const row = visits.find((r) => r.dimension === 'weekday' && r.key === index + 1);
      return { day, visits: row ? row.orders - row.cancelled : 0 };
    }),
    hours: visits
      .filter((row) => row.dimension === 'hour' && row.orders > row.cancelled)
      .map((row) => ({ hour: row.key!, visits: row.orders - row.cancelled }))
      .sort((a, b) => a.hour - b.hour),
    customers: { customers: customers.customers, repeat: customers.repeat, share: share(customers.repeat, customers.customers), top: top ?? [] },
  };
}

/** Every UK month from `from` to `to` with its documents' sums, a month without any as zeros. */
export function revenueMonths(revenue: readonly RevenueFiguresRow[], from: string, to: string): BusinessReport['months'] {
  return monthsBetween(from, to).map((month) => {
    const row = revenue.find((r) => r.dimension === 'month' && r.key === month);
    return { month, invoices: row?.invoices ?? 0, creditNotes: row?.credit_notes ?? 0, ...(row ? figures(row) : { net: 0, vat: 0, gross: 0 }) };
  });
}

/** The database's sums (pence) as the report answers them (pounds). */
function figures(row: Pick<RevenueFiguresRow, 'net' | 'vat' | 'gross'>): RevenueFigures {
  return { net: toPounds(row.net), vat: toPounds(row.vat), gross: toPounds(row.gross) };
}

/** A part of a whole, to four decimals (0 of nothing is 0). */
function share(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}

/** Every YYYY-MM from the month of `from` to the month of `to`. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const text = `${year}-${String(month).padStart(2, '0')}`;
    months.push(text);
    if (text >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}
