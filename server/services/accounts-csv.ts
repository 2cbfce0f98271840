import type { Readable } from 'node:stream';
import type { Database } from '../db/database';
import { badRequest } from '../lib/http-error';
import { accountsDocumentsRepository, type AccountsDocumentRow } from '../repositories/accounts-documents';
import { creditNoteLabel } from '../../domain/money/invoice-labels';
import { invoiceLabel } from '../../domain/money/invoice-labels';
import { formatLondon } from '../../domain/time/london-time';
import { londonDaysSpan } from '../../domain/time/london-days';
import { poundsText, type Pence } from '../../domain/money/money';
import { vatByRate, type VatAtRate } from '../../domain/money/order-lines';
import { csvCursorStream } from './orders-csv';

const HEADER = ['Document', 'Number', 'Credits invoice', 'Issued', 'Order id', 'Customer', 'VAT rate (%)', 'Net (GBP)', 'VAT (GBP)', 'Gross (GBP)'];

/**
 * The accounts export (issue 23 section 3): every VAT invoice and credit note issued in the UK dates
 * asked, oldest first, a line per document and VAT rate. A credit note's amounts are negative, so
 * each column adds up to what was charged in the period. Streamed like the orders CSV.
 */
export function accountsCsvStream(db: Database, query: { from?: string; to?: string }): Readable {
  if (query.from && query.to && query.from > query.to) throw badRequest('from must not be after to');
  const { start, end } = londonDaysSpan(query.from, query.to);
  return csvCursorStream(db, { cursor: accountsDocumentsRepository(db).cursor({ start, end }), header: HEADER, lines: documentLines });
}

function documentLines(row: AccountsDocumentRow): string[][] {
  const lines = row.lines;
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
