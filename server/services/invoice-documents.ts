import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { HttpError, notFound } from '../lib/http-error';
import { invoiceLabel } from '../../domain/money/invoice-labels';
import { creditNotePdf, invoicePdf } from './invoice-pdf';
import { receiptFor } from './receipts';
import { creditNoteRepository } from '../repositories/credit-notes';
import { creditNoteView } from './credit-notes';

/** A document to download: its file name and bytes. */
export interface PdfDocument {
  filename: string;
  pdf: Buffer;
}

type Deps = { db: Database; outbox: MailOutbox; now: Date };

export const NO_CREDIT_NOTE_MESSAGE = 'There is no credit note for this order';

/**
 * A VAT invoice of an order as PDF: for its customer (`viewer`), or for staff (null). The same rules
 * as the page (getReceipt): another customer's order is not found, an unpaid one has none.
 * `number`: which of its invoices (decision 059), the first by default.
 */
export async function invoicePdfFor(deps: Deps, viewer: AuthUser | null, orderId: number, number?: number): Promise<PdfDocument> {
  const receipt = await receiptFor(deps, viewer, orderId, number);
  return { filename: `invoice-${invoiceLabel(receipt.number)}.pdf`, pdf: await invoicePdf(receipt) };
}

/**
 * A credit note of the order, as PDF, drawn with the invoice it credits; not found when it has none
 * (or none with that `number`). The first by default.
 */
export async function creditNotePdfFor(deps: Deps, viewer: AuthUser | null, orderId: number, number?: number): Promise<PdfDocument> {
  const first = await receiptFor(deps, viewer, orderId).catch((error: unknown) => {
    // An order never paid has no invoice, so no credit note: not found, as for any order without one.
    if (error instanceof HttpError && error.statusCode === 409) throw notFound(NO_CREDIT_NOTE_MESSAGE);
    throw error;
  });
  const listed = first.documents.find((document) => document.kind === 'credit_note' && (number === undefined || document.number === number));
  if (!listed) throw notFound(NO_CREDIT_NOTE_MESSAGE);
  const receipt = listed.credits === first.number ? first : await receiptFor(deps, viewer, orderId, listed.credits!);
  const note = (await creditNoteRepository(deps.db).allForOrder(orderId)).find((row) => row.number === listed.number)!;
  const view = creditNoteView(note, receipt.address);
  return { filename: `credit-note-${view.label}.pdf`, pdf: await creditNotePdf(receipt, view) };
}
