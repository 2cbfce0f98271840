import type { RevenueReport } from '../../openapi/schema';
import type { Database } from '../db/database';
import { revenueRepository } from '../repositories/revenue';
import { revenueMonths } from './business-report';

/**
 * Revenue by UK month of one year (issue 26 item 6): the business report's months (invoices less
 * credit notes, decision 049) from January to December, from the one revenue statement (decision 072).
 */
export async function getRevenueReport(db: Database, year: number): Promise<RevenueReport> {
  const [from, to] = [`${year}-01-01`, `${year}-12-31`];
  return { year, months: revenueMonths(await revenueRepository(db).figures(from, to), from, to) };
}
