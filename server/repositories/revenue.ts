import type { Database } from '../db/database';

/** A VAT invoice or a credit note, as the revenue report adds them up (pounds, as stored). */
export interface IssuedDocument {
  kind: 'invoice' | 'credit';
  issued_at: Date;
  net: string | number;
  vat: string | number;
  gross: string | number;
}

export function revenueRepository(db: Database) {
  return {
    /** Every invoice and credit note issued in [start, end). */
    async issued(start: Date, end: Date): Promise<IssuedDocument[]> {
      return db.query<IssuedDocument>(
        `SELECT 'invoice' AS kind, issued_at, net, vat, gross FROM invoices WHERE issued_at >= $1 AND issued_at < $2
         UNION ALL
         SELECT 'credit' AS kind, issued_at, net, vat, gross FROM credit_notes WHERE issued_at >= $1 AND issued_at < $2`,
        [start, end],
      );
    },
  };
}
