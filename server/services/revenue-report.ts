import type { RevenueReport } from '../../openapi/schema';
import type { Database } from '../db/database';
import { businessReportRepository } from '../repositories/business-report';
import { revenueMonths } from './business-report';
import { londonDaysSpan } from '../../domain/time/london-days';

/**
 * Revenue by UK month of one year (issue 26 item 6): the business report's months (invoices less
 * credit notes, decision 049) from January to December, added up by the same statement.
 */
export async function getRevenueReport(db: Database, year: number): Promise<RevenueReport> {
  const [from, to] = [`${year}-01-01`, `${year}-12-31`];
  const { start, end } = londonDaysSpan(from, to);
  return { year, months: revenueMonths(await businessReportRepository(db).revenue(start!, end!), from, to) };
}
