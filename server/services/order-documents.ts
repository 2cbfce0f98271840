import type { OrderDocument } from '../../openapi/schema';
import type { Database } from '../db/database';
import { creditNoteRepository, type CreditNoteRow } from '../repositories/credit-notes';
import { invoiceRepository, type InvoiceRow } from '../repositories/invoices';
import { creditNoteLabel, invoiceLabel } from '../../domain/money/invoice-labels';
import { toPounds } from '../../domain/money/money';

/**
 * The list of an order's VAT invoices and credit notes (decision 059), oldest first, an invoice
 * before the credit note issued with it: what the receipt page and the back office order page list
 * for download, each by its number.
 */
export function orderDocuments(invoices: readonly InvoiceRow[], notes: readonly CreditNoteRow[]): OrderDocument[] {
  const documents = [
    ...invoices.map((invoice) => ({ at: new Date(invoice.issued_at).getTime(), rank: 0, document: documentOf('invoice', invoice, null) })),
    ...notes.map((note) => ({ at: new Date(note.issued_at).getTime(), rank: 1, document: documentOf('credit_note', note, note.invoice_number) })),
  ];
  return documents.sort((a, b) => a.at - b.at || a.rank - b.rank || a.document.number - b.document.number).map((entry) => entry.document);
}

/** The documents of one order, read from their tables. */
export async function documentsOfOrder(db: Database, orderId: number): Promise<OrderDocument[]> {
  return orderDocuments(await invoiceRepository(db).allForOrder(orderId), await creditNoteRepository(db).allForOrder(orderId));
}

function documentOf(kind: OrderDocument['kind'], row: InvoiceRow | CreditNoteRow, credits: number | null): OrderDocument {
  return {
    kind,
    number: row.number,
    label: kind === 'invoice' ? invoiceLabel(row.number) : creditNoteLabel(row.number),
    issued: new Date(row.issued_at).toISOString(),
    credits,
    net: toPounds(row.net),
    vat: toPounds(row.vat),
    gross: toPounds(row.gross),
  };
}
