import type { CreditNote } from '../../openapi/schema';
import type { CreditNoteRow } from '../repositories/credit-notes';
import { toPounds } from '../../domain/money/money';
import { creditNoteLabel } from '../../domain/money/invoice-labels';
import { invoiceLineViews } from './invoice-lines';
import { vatByRate } from '../../domain/money/order-lines';

/**
 * Credit notes (issue 23 row 6) are issued by later-documents.ts (decision 059), one per invoice a
 * credit reduces; this is how one is shown.
 */
/** `address`: the invoice's, for credit notes issued before their own was kept (036). */
export function creditNoteView(note: CreditNoteRow, address: string): CreditNote {
  const rates = vatByRate(note.lines);
  return {
    number: note.number,
    label: creditNoteLabel(note.number),
    invoice: note.invoice_number,
    issued: new Date(note.issued_at).toISOString(),
    customer: note.customer_name,
    address: note.customer_address ?? address,
    reason: note.reason,
    lines: invoiceLineViews(note.lines),
    vatRates: rates.map((rate) => ({ rate: rate.rate, net: toPounds(rate.net), vat: toPounds(rate.vat), gross: toPounds(rate.gross) })),
    net: toPounds(note.net),
    vat: toPounds(note.vat),
    gross: toPounds(note.gross),
  };
}

