import PDFDocument from 'pdfkit';
import type { CreditNote, InvoiceLine, Receipt, VatAtRate } from '../../openapi/schema';

import { formatMoney } from '../../domain/money/money';
import { invoiceLabel } from '../../domain/money/invoice-labels';
import { formatLondon } from '../../domain/time/london-time';
import { orderReference } from '../../domain/orders/order-reference';

/** How the invoice says it was paid, by the order's payment method. */
const PAID_BY: Record<NonNullable<Receipt['payment']>, string> = { card: 'by card', cash: 'in cash on the day', direct_debit: 'by Direct Debit' };

/**
 * VAT invoices and credit notes as PDF (decision 042: pdfkit). Drawn from the same view the invoice
 * page shows (getReceipt), so the PDF and the page can never disagree on a figure. pdfkit's built-in
 * Helvetica is encoded WinAnsi, which has "£": no font file to ship. Times are UK (YYYY-MM-DD HH:mm).
 */
export function invoicePdf(receipt: Receipt): Promise<Buffer> {
  return render(`VAT invoice ${invoiceLabel(receipt.number)}`, receipt.company, (doc) => {
    heading(doc, 'VAT invoice', [
      ['Invoice number', invoiceLabel(receipt.number)],
      ['Date of issue', uk(receipt.issued)],
      ['Time of supply (tax point)', uk(receipt.supplied)],
      ['Order', orderReference(receipt)],
    ]);
    parties(doc, receipt, receipt.customer, receipt.address);
    doc.font('Helvetica').fontSize(10).text(`${receipt.service}${receipt.due ? `, ${uk(receipt.due)} (UK time)` : ''}`);
    doc.moveDown();
    table(doc, receipt.lines, receipt.vatRates, { net: receipt.net, vat: receipt.vat, gross: receipt.gross }, 'Total');
    doc.moveDown();
    doc.font('Helvetica').fontSize(9).text(`Prices include VAT. Payment: ${receipt.payment ? PAID_BY[receipt.payment] : 'none recorded'}.`);
    if (receipt.creditNote) doc.text(`Credited by credit note ${receipt.creditNote.label} issued ${uk(receipt.creditNote.issued)}.`);
  });
}

export function creditNotePdf(receipt: Receipt, note: CreditNote): Promise<Buffer> {
  return render(`Credit note ${note.label}`, receipt.company, (doc) => {
    heading(doc, 'Credit note', [
      ['Credit note number', note.label],
      ['Date of issue', uk(note.issued)],
      ['Credits VAT invoice', `${invoiceLabel(note.invoice)} of ${uk(receipt.issued)}`],
      ['Order', orderReference(receipt)],
    ]);
    parties(doc, receipt, note.customer, note.address);
    doc.font('Helvetica-Bold').fontSize(10).text('Reason');
    doc.font('Helvetica').text(note.reason);
    doc.moveDown();
    table(doc, note.lines, note.vatRates, { net: note.net, vat: note.vat, gross: note.gross }, 'Total credited');
  });
}

type Doc = PDFKit.PDFDocument;

const LEFT = 50;
const WIDTH = 495;
/** Description, quantity, unit price before VAT, VAT rate, net, VAT, amount: their x and width. */
const COLUMNS = [
  { x: LEFT, width: 175, align: 'left' },
  { x: 225, width: 30, align: 'right' },
  { x: 260, width: 60, align: 'right' },
  { x: 325, width: 40, align: 'right' },
  { x: 370, width: 55, align: 'right' },
  { x: 430, width: 50, align: 'right' },
  { x: 485, width: 60, align: 'right' },
] as const;

const uk = (instant: string) => formatLondon(instant);
/** The receipt's figures are the API's (pounds). */
const pounds = formatMoney;

function render(title: string, author: string, draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, info: { Title: title, Author: author }, lang: 'en-GB' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

function heading(doc: Doc, title: string, facts: Array<[string, string]>) {
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.5);
  doc.fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, LEFT, y, { width: 160 });
    doc.font('Helvetica').text(value, LEFT + 170, y, { width: WIDTH - 170 });
  }
  doc.moveDown();
}

function parties(doc: Doc, receipt: Receipt, customer: string, address: string) {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).text('Supplier', LEFT, y, { width: 230 });
  doc.font('Helvetica').text(receipt.company, { width: 230 }).text(receipt.supplierAddress, { width: 230 }).text(`VAT registration number ${receipt.vatNumber}`, { width: 230 });
  const supplierEnd = doc.y;
  doc.font('Helvetica-Bold').text('Customer', LEFT + 265, y, { width: 230 });
  doc.font('Helvetica').text(customer, { width: 230 }).text(address || '-', { width: 230 });
  doc.x = LEFT;
  doc.y = Math.max(supplierEnd, doc.y);
  doc.moveDown();
}

function row(doc: Doc, cells: readonly string[], bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  let bottom = y;
  cells.forEach((cell, index) => {
    const column = COLUMNS[index]!;
    doc.text(cell, column.x, y, { width: column.width, align: column.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = LEFT;
  doc.y = bottom + 3;
}

function rule(doc: Doc) {
  doc.moveTo(LEFT, doc.y).lineTo(LEFT + WIDTH, doc.y).lineWidth(0.5).stroke();
  doc.y += 3;
}

function table(doc: Doc, lines: readonly InvoiceLine[], rates: readonly VatAtRate[], totals: { net: number; vat: number; gross: number }, totalLabel: string) {
  row(doc, ['Description', 'Qty', 'Unit price excl. VAT', 'VAT rate', 'Net', 'VAT', 'Amount incl. VAT'], true);
  rule(doc);
  for (const line of lines) {
    row(doc, [line.name, line.quantity === null ? '' : String(line.quantity), line.unitNet === null ? '' : pounds(line.unitNet), `${line.vatRate}%`, pounds(line.net), pounds(line.vat), pounds(line.amount)]);
  }
  rule(doc);
  for (const rate of rates) row(doc, [`VAT at ${rate.rate}%`, '', '', `${rate.rate}%`, pounds(rate.net), pounds(rate.vat), pounds(rate.gross)]);
  rule(doc);
  row(doc, [totalLabel, '', '', '', pounds(totals.net), pounds(totals.vat), pounds(totals.gross)], true);
}
