import type { Database } from '../db/database';
import { handTunedRows } from '../db/hand-tuned';

/** Signed sums of documents (invoices less credit notes), in pence (077; bigint, read as numbers). */
export interface DocumentSums {
  invoices: number;
  credit_notes: number;
  net: number;
  vat: number;
  gross: number;
}

export interface RevenueFiguresRow extends DocumentSums {
  /** Which breakdown the row belongs to: the whole period, a UK month (YYYY-MM) or a UK week (its Monday). */
  dimension: 'total' | 'month' | 'week';
  key: string | null;
}

/**
 * Revenue (issue 33 row 3, decision 072): the VAT invoices issued less the credit notes, of the UK
 * dates `from` to `to` (inclusive; either open when null), in all, by UK month and by UK week
 * (Monday to Sunday), in ONE statement over the per-day roll-up the documents' triggers keep
 * (migration 066). The dashboard, the owner's report, the revenue report and so the accounts export
 * (the same documents, listed) read their revenue here and nowhere else.
 */
export function revenueRepository(db: Database) {
  return {
    async figures(from: string | null, to: string | null): Promise<RevenueFiguresRow[]> {
      return handTunedRows<RevenueFiguresRow>(
        db,
        `SELECT CASE GROUPING(month, week) WHEN 3 THEN 'total' WHEN 1 THEN 'month' ELSE 'week' END AS dimension,
                COALESCE(month, week) AS key,
                COALESCE(sum(invoices), 0)::integer AS invoices, COALESCE(sum(credit_notes), 0)::integer AS credit_notes,
                COALESCE(sum(net), 0)::bigint AS net, COALESCE(sum(vat), 0)::bigint AS vat, COALESCE(sum(gross), 0)::bigint AS gross
           FROM (SELECT to_char(day, 'YYYY-MM') AS month, to_char(date_trunc('week', day), 'YYYY-MM-DD') AS week, invoices, credit_notes, net, vat, gross
                   FROM revenue_days WHERE ($1::date IS NULL OR day >= $1::date) AND ($2::date IS NULL OR day <= $2::date)) AS days
          GROUP BY GROUPING SETS ((), (month), (week))`,
        [from, to],
      );
    },
  };
}
