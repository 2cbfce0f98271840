import { CompiledQuery } from 'kysely';
import type { Database } from '../db/database';
import { handTunedRows } from '../db/hand-tuned';
import type { OrderLine } from '../../domain/money/order-lines';
import { cursorOver, type CursorOf } from './cursors';

/** A VAT invoice or credit note with its tax point: what the VAT return and the accounting exports read. */
export interface TaxPointDocumentRow {
  kind: 'invoice' | 'credit';
  number: number;
  /** The invoice a credit note credits; null for an invoice. */
  invoice_number: number | null;
  /** The invoice's time of supply (its issue before that was kept); a credit note's issue. */
  tax_point: Date;
  order_reference: number | null;
  customer_name: string;
  customer_address: string | null;
  /** Null on invoices issued before lines were kept (027). */
  lines: OrderLine[] | string | null;
  /** Pence (077). */
  net: number;
  vat: number;
  gross: number;
}

/** A quarter's sums by kind of document, in pence (bigint, read as numbers). */
export interface TaxPointSumsRow {
  kind: 'invoice' | 'credit';
  documents: number;
  net: number;
  vat: number;
}

/** The invoices whose tax point is in [$1, $2), the credit notes issued in it: each through its index (migrations 043, 076). */
const IN_PERIOD = {
  invoice: `FROM invoices i WHERE COALESCE(i.supplied_at, i.issued_at) >= $1 AND COALESCE(i.supplied_at, i.issued_at) < $2`,
  credit: `FROM credit_notes c WHERE c.issued_at >= $1 AND c.issued_at < $2`,
};

const INVOICES = `
  SELECT 'invoice' AS kind, i.number, NULL::integer AS invoice_number, COALESCE(i.supplied_at, i.issued_at) AS tax_point,
         (SELECT o.reference FROM orders o WHERE o.id = i.order_id) AS order_reference, i.customer_name, i.customer_address, i.lines, i.net, i.vat, i.gross
    ${IN_PERIOD.invoice}`;

/** The documents of [start, end), by tax point, invoices before credit notes at the same time: SQL for a cursor (params start, end). */
const TAX_POINT_DOCUMENTS = `${INVOICES}
  UNION ALL
  SELECT 'credit', c.number, c.invoice_number, c.issued_at,
         (SELECT o.reference FROM orders o WHERE o.id = c.order_id), c.customer_name, c.customer_address, c.lines, c.net, c.vat, c.gross
    ${IN_PERIOD.credit}
  ORDER BY tax_point, kind DESC, number`;

/** The invoices alone, by tax point. */
const TAX_POINT_INVOICES = `${INVOICES} ORDER BY tax_point, number`;

export function taxPointDocumentsRepository(db: Database) {
  return {
    /** The documents of [start, end) through a cursor in a transaction of the caller's (the Xero export). */
    documentsCursor(start: Date, end: Date, cursor = 'xero_csv'): CursorOf<TaxPointDocumentRow> {
      return cursorOver<TaxPointDocumentRow>(cursor, CompiledQuery.raw(TAX_POINT_DOCUMENTS, [start, end]));
    },

    /** The invoices of [start, end) alone through a cursor in a transaction of the caller's (the QuickBooks export). */
    invoicesCursor(start: Date, end: Date, cursor = 'quickbooks_csv'): CursorOf<TaxPointDocumentRow> {
      return cursorOver<TaxPointDocumentRow>(cursor, CompiledQuery.raw(TAX_POINT_INVOICES, [start, end]));
    },

    /** The invoices' and the credit notes' counts and totals of [start, end), in one statement. */
    async sums(start: Date, end: Date): Promise<TaxPointSumsRow[]> {
      return handTunedRows<TaxPointSumsRow>(
        db,
        `SELECT 'invoice' AS kind, count(*)::integer AS documents, COALESCE(sum(i.net), 0)::bigint AS net, COALESCE(sum(i.vat), 0)::bigint AS vat ${IN_PERIOD.invoice}
         UNION ALL
         SELECT 'credit', count(*)::integer, COALESCE(sum(c.net), 0)::bigint, COALESCE(sum(c.vat), 0)::bigint ${IN_PERIOD.credit}`,
        [start, end],
      );
    },
  };
}
