import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../jobs';
import { HttpError, notFound } from '../lib/http-error';
import { invoiceLabel } from '../../domain/money/invoice-labels';
import { creditNotePdf, invoicePdf } from './invoice-pdf';
import { receiptFor } from './receipts';

/** A document to download: its file name and bytes. */
export interface PdfDocument {
  filename: string;
  pdf: Buffer;
}

type Deps = { db: Database; outbox: MailOutbox; now: Date };

export const NO_CREDIT_NOTE_MESSAGE = 'There is no credit note for this order';

/**
 * The VAT invoice of an order as PDF: for its customer (`viewer`), or for staff (null). The same
 * rules as the page (getReceipt): another customer's order is not found, an unpaid one has none.
 */
export async function invoicePdfFor(deps: Deps, viewer: AuthUser | null, orderId: number): Promise<PdfDocument> {
  const receipt = await receiptFor(deps, viewer, orderId);
  return { filename: `invoice-${invoiceLabel(receipt.number)}.pdf`, pdf: await invoicePdf(receipt) };
}

/** The credit note a refund issued against the order's invoice, as PDF; not found when it has none. */
export async function creditNotePdfFor(deps: Deps, viewer: AuthUser | null, orderId: number): Promise<PdfDocument> {
  const receipt = await receiptFor(deps, viewer, orderId).catch((error: unknown) => {
    // An order never paid has no invoice, so no credit note: not found, as for any order without one.
    if (error instanceof HttpError && error.statusCode === 409) throw notFound(NO_CREDIT_NOTE_MESSAGE);
    throw error;
  });
  if (!receipt.creditNote) throw notFound(NO_CREDIT_NOTE_MESSAGE);
  return { filename: `credit-note-${receipt.creditNote.label}.pdf`, pdf: await creditNotePdf(receipt, receipt.creditNote) };
}
