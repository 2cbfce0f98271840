import type { OrderDocument } from '../../openapi/schema';
import type { PdfFile } from '../api/document-pdfs';
import { formatMoney } from '../../domain/money/money';
import { formatDateTime } from '../lib/dates';
import { PdfDownloadButton } from './pdf-download-button';
import './order-documents-list.css';

/** "VAT invoice 000043" / "Credit note CN-000002 (credits 000042)". */
const titleOf = (document: OrderDocument) =>
  document.kind === 'invoice' ? `VAT invoice ${document.label}` : `Credit note ${document.label}`;

/**
 * Every VAT invoice and credit note of an order (decision 059), oldest first, each with its PDF:
 * the first invoice, one per later charge, a credit note per credit. For the customer's invoice
 * page and the back office order page alike; `load` fetches one document by its number.
 */
export function OrderDocumentsList({ documents, load }: { documents: readonly OrderDocument[]; load: (document: OrderDocument) => Promise<PdfFile> }) {
  if (documents.length === 0) return null;
  return (
    <ul className="order-documents">
      {documents.map((document) => (
        <li key={`${document.kind}-${document.number}`} className="order-documents__item">
          <span>
            {titleOf(document)}
            {document.credits === null ? '' : ` (credits ${String(document.credits).padStart(6, '0')})`}, issued {formatDateTime(document.issued)}:{' '}
            {formatMoney(document.kind === 'credit_note' ? -document.gross : document.gross)}
          </span>
          <PdfDownloadButton load={() => load(document)} label={`Download ${titleOf(document)} (PDF)`}>PDF</PdfDownloadButton>
        </li>
      ))}
    </ul>
  );
}
