import type { RevenueReport } from '../../openapi/schema';
import type { Database } from '../db/database';
import { revenueRepository } from '../repositories/revenue';

import { toPence, toPounds } from '../../domain/money/money';
import { londonDate } from '../../domain/time/london-time';
import { londonDaysSpan } from '../../domain/time/london-days';

/**
 * Revenue by UK month (issue 26 item 6): what the VAT invoices charged less what the credit notes
 * gave back, the same documents and signs as the accounts export, added in pence.
 */
export async function getRevenueReport(db: Database, year: number): Promise<RevenueReport> {
  const { start, end } = londonDaysSpan(`${year}-01-01`, `${year}-12-31`);
  const months = Array.from({ length: 12 }, (_, index) => ({ month: `${year}-${String(index + 1).padStart(2, '0')}`, invoices: 0, creditNotes: 0, net: 0, vat: 0, gross: 0 }));
  for (const document of await revenueRepository(db).issued(start!, end!)) {
    const month = months[Number(londonDate(document.issued_at).slice(5, 7)) - 1]!;
    const sign = document.kind === 'invoice' ? 1 : -1;
    if (document.kind === 'invoice') month.invoices += 1;
    else month.creditNotes += 1;
    month.net += sign * toPence(document.net);
    month.vat += sign * toPence(document.vat);
    month.gross += sign * toPence(document.gross);
  }
  return { year, months: months.map((month) => ({ ...month, net: toPounds(month.net), vat: toPounds(month.vat), gross: toPounds(month.gross) })) };
}
