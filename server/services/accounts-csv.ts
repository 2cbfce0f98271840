import type { Readable } from 'node:stream';
import type { Database } from '../db/database';
import { badRequest } from '../lib/http-error';
import { creditNoteLabel } from '../../domain/money/invoice-labels';
import { invoiceLabel } from '../../domain/money/invoice-labels';
import { formatLondon } from '../../domain/time/london-time';
import { londonDaysSpan } from '../../domain/time/london-days';
import { poundsText, type Pence } from '../../domain/money/money';
import { vatByRate, type OrderLine, type VatAtRate } from '../../domain/money/order-lines';
import { csvCursorStream } from './orders-csv';

const HEADER = ['Document', 'Number', 'Credits invoice', 'Issued', 'Order id', 'Customer', 'VAT rate (%)', 'Net (GBP)', 'VAT (GBP)', 'Gross (GBP)'];

interface DocumentRow {
  kind: 'invoice' | 'credit';
  number: number;
  invoice_number: number | null;
  issued_at: Date;
  /** The order's reference (what the customer and staff call it, decision 073), null for none. */
  order_reference: number | null;
  customer_name: string;
  lines: OrderLine[] | null;
  /** Pence (077). */
  net: number;
  vat: number;
  gross: number;
}

const DOCUMENTS = `
  SELECT 'invoice' AS kind, number, NULL::integer AS invoice_number, issued_at, (SELECT o.reference FROM orders o WHERE o.id = order_id) AS order_reference, customer_name, lines, net, vat, gross
    FROM invoices WHERE ($1::timestamptz IS NULL OR issued_at >= $1) AND ($2::timestamptz IS NULL OR issued_at < $2)
  UNION ALL
  SELECT 'credit', number, invoice_number, issued_at, (SELECT o.reference FROM orders o WHERE o.id = order_id), customer_name, lines, net, vat, gross
    FROM credit_notes WHERE ($1::timestamptz IS NULL OR issued_at >= $1) AND ($2::timestamptz IS NULL OR issued_at < $2)
  ORDER BY issued_at, kind DESC, number`;

/**
 * The accounts export (issue 23 section 3): every VAT invoice and credit note issued in the UK dates
 * asked, oldest first, a line per document and VAT rate. A credit note's amounts are negative, so
 * each column adds up to what was charged in the period. Streamed like the orders CSV.
 */
export function accountsCsvStream(db: Database, query: { from?: string; to?: string }): Readable {
  if (query.from && query.to && query.from > query.to) throw badRequest('from must not be after to');
  const { start, end } = londonDaysSpan(query.from, query.to);
  return csvCursorStream<DocumentRow>(db, { cursor: 'accounts_csv', sql: DOCUMENTS, params: [start ?? null, end ?? null], header: HEADER, lines: documentLines });
}

function documentLines(row: DocumentRow): string[][] {
  const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as OrderLine[]) : row.lines;
  // Invoices issued before lines were kept: their stored totals, rate not recorded.
  const rates: Array<Omit<VatAtRate, 'rate'> & { rate: number | null }> = lines
    ? vatByRate(lines)
    : [{ rate: null, net: row.net, vat: row.vat, gross: row.gross }];
  const sign = row.kind === 'credit' ? -1 : 1;
  const amount = (pence: Pence) => poundsText(sign * pence);
  return rates.map((rate) => [
    row.kind === 'invoice' ? 'VAT invoice' : 'Credit note',
    row.kind === 'invoice' ? invoiceLabel(row.number) : creditNoteLabel(row.number),
    row.invoice_number === null ? '' : invoiceLabel(row.invoice_number),
    formatLondon(new Date(row.issued_at)),
    row.order_reference === null ? '' : String(row.order_reference),
    row.customer_name,
    rate.rate === null ? '' : String(rate.rate),
    amount(rate.net),
    amount(rate.vat),
    amount(rate.gross),
  ]);
}
