import type { Readable } from 'node:stream';
import type { VatReturn as VatReturnView } from '../../openapi/schema';
import type { Database } from '../db/database';
import { taxPointDocumentsRepository, type TaxPointDocumentRow } from '../repositories/tax-point-documents';
import { editableRulesRepository } from '../repositories/editable-rules';
import { creditNoteLabel, invoiceLabel } from '../../domain/money/invoice-labels';
import { poundsText, toPence, toPounds, type Pence } from '../../domain/money/money';
import type { OrderLine } from '../../domain/money/order-lines';
import { STANDARD_VAT_PERCENT } from '../../domain/money/pricing';
import { vatQuarter, vatReturn, type VatReturnBoxes } from '../../domain/money/vat-return';
import { londonDaysSpan } from '../../domain/time/london-days';
import { londonDate } from '../../domain/time/london-time';
import { csvCell, csvCursorStream } from './orders-csv';
import { invoiceLineViews } from './invoice-lines';

/**
 * The VAT return of a quarter and the files an accountant imports (issue 38 part 3, decision 095):
 * the VAT invoices whose tax point is in the quarter and the credit notes issued in it, summed for
 * HMRC's boxes (domain/money/vat-return.ts) and listed in Xero's and QuickBooks Online's import
 * columns (docs/accounting-exports.md). The figures are the documents' own, as issued from the
 * orders' ledgers; nothing is recomputed from anything else.
 */
function quarterSpan(start: string) {
  const quarter = vatQuarter(start);
  const span = londonDaysSpan(quarter.from, quarter.to);
  return { quarter, start: span.start!, end: span.end! };
}

export async function getVatReturn(db: Database, start: string): Promise<VatReturnView> {
  const span = quarterSpan(start);
  const sums = await taxPointDocumentsRepository(db).sums(span.start, span.end);
  const result = vatReturn(sums.map((row) => ({ kind: row.kind, count: row.documents, net: row.net, vat: row.vat })));
  const { boxes } = result;
  const whole = (pence: Pence) => Math.trunc(pence / 100);
  return {
    ...span.quarter,
    box1: toPounds(boxes.box1), box2: toPounds(boxes.box2), box3: toPounds(boxes.box3), box4: toPounds(boxes.box4), box5: toPounds(boxes.box5),
    box6: whole(boxes.box6), box7: whole(boxes.box7), box8: whole(boxes.box8), box9: whole(boxes.box9),
    netSales: toPounds(result.netSales),
    invoices: result.invoices,
    creditNotes: result.creditNotes,
  };
}

/** HMRC's names of the boxes, as on the return. */
export const VAT_BOX_NAMES: Record<keyof VatReturnBoxes, string> = {
  box1: 'VAT due on sales',
  box2: 'VAT due on acquisitions from the EU',
  box3: 'Total VAT due',
  box4: 'VAT reclaimed on purchases',
  box5: 'Net VAT to pay (reclaim if negative)',
  box6: 'Total sales before VAT (whole pounds)',
  box7: 'Total purchases before VAT (whole pounds)',
  box8: 'Supplies of goods to the EU (whole pounds)',
  box9: 'Acquisitions of goods from the EU (whole pounds)',
};

/** The boxes as CSV: a line per box, then the period and the sales to the penny. */
export async function vatReturnCsv(db: Database, start: string): Promise<string> {
  const figures = await getVatReturn(db, start);
  const lines = [
    ['Box', 'Description', 'Amount (GBP)'],
    ...(Object.keys(VAT_BOX_NAMES) as Array<keyof VatReturnBoxes>).map((box) => [
      box.slice(3), VAT_BOX_NAMES[box], figures[box].toFixed(2),
    ]),
    ['', 'Period', `${figures.from} to ${figures.to}`],
    ['', 'Sales before VAT to the penny', figures.netSales.toFixed(2)],
    ['', 'VAT invoices', String(figures.invoices)],
    ['', 'Credit notes', String(figures.creditNotes)],
  ];
  return lines.map((cells) => cells.map(csvCell).join(',') + '\r\n').join('');
}

/** Xero's "Import sales invoices" template columns, in its order (docs/accounting-exports.md). */
export const XERO_COLUMNS = [
  '*ContactName', 'EmailAddress', 'POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion', 'POPostalCode', 'POCountry',
  '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'Total', 'InventoryItemCode', '*Description', '*Quantity', '*UnitAmount', 'Discount',
  '*AccountCode', '*TaxType', 'TaxAmount', 'TrackingName1', 'TrackingOption1', 'TrackingName2', 'TrackingOption2', 'Currency', 'BrandingTheme',
] as const;

/** QuickBooks Online's invoice import columns (non-US companies), in its sample file's order. */
export const QUICKBOOKS_COLUMNS = [
  '*InvoiceNo', '*Customer', '*InvoiceDate', '*DueDate', 'Terms', 'Location', 'Memo', 'Item(Product/Service)', 'ItemDescription',
  'ItemQuantity', 'ItemRate', '*ItemAmount', '*ItemTaxCode', 'ItemTaxAmount', 'Currency', 'Service Date',
] as const;

/** Xero's default UK chart of accounts: 200 Sales. */
export const XERO_SALES_ACCOUNT = '200';

/** Xero's UK tax rate names for sales. */
export const xeroTaxType = (rate: number) => (rate === 0 ? 'Zero Rated Income' : `${rate}% (VAT on Income)`);

/** QuickBooks Online's UK VAT codes for sales: standard, reduced, zero. */
export const quickBooksTaxCode = (rate: number) => `${rate.toFixed(1)}% ${rate === 0 ? 'Z' : rate < 20 ? 'R' : 'S'}`;

/** DD/MM/YYYY, the UK date of an instant, as both packages read UK dates. */
const ukDay = (instant: Date) => londonDate(instant).split('-').reverse().join('/');

interface ExportLine {
  description: string;
  quantity: number;
  /** Pence, VAT inclusive, per unit. */
  unit: Pence;
  amount: Pence;
  vat: Pence;
  rate: number;
}

/** A document's lines as printed (invoiceLineViews: quantity × unit price = amount, VAT shared per rate). */
function exportLines(row: TaxPointDocumentRow, legacyRate: number): ExportLine[] {
  const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as OrderLine[]) : row.lines;
  if (!lines) {
    const label = row.kind === 'invoice' ? `VAT invoice ${invoiceLabel(row.number)}` : `Credit note ${creditNoteLabel(row.number)}`;
    return [{ description: label, quantity: 1, unit: row.gross, amount: row.gross, vat: row.vat, rate: legacyRate }];
  }
  return invoiceLineViews(lines).map((line) => {
    const quantity = line.quantity ?? 1;
    const amount = toPence(line.amount);
    return { description: line.name, quantity, unit: line.quantity === null ? amount : toPence(line.unitPrice!), amount, vat: toPence(line.vat), rate: line.vatRate };
  });
}

async function legacyRate(db: Database): Promise<number> {
  const settings = await editableRulesRepository(db).settings();
  return Number(settings?.vat_percent ?? STANDARD_VAT_PERCENT);
}

/**
 * The quarter's invoices and credit notes in Xero's sales invoice import template: a line per
 * document line, VAT inclusive; a credit note's unit amounts and tax negative, which Xero imports as
 * a credit note. The invoice date is the tax point, so Xero's VAT return of the quarter is this one.
 */
export async function xeroCsvStream(db: Database, start: string): Promise<Readable> {
  const span = quarterSpan(start);
  const rate = await legacyRate(db);
  return csvCursorStream(db, {
    cursor: taxPointDocumentsRepository(db).documentsCursor(span.start, span.end), header: [...XERO_COLUMNS],
    lines: (row) => {
      const sign = row.kind === 'credit' ? -1 : 1;
      const day = ukDay(new Date(row.tax_point));
      const order = row.order_reference === null ? '' : `Order ${row.order_reference}`;
      const reference = row.kind === 'credit' ? [order, `credits ${invoiceLabel(row.invoice_number!)}`].filter(Boolean).join(', ') : order;
      return exportLines(row, rate).map((line) => [
        row.customer_name, '', row.customer_address ?? '', '', '', '', '', '', '', '',
        row.kind === 'invoice' ? invoiceLabel(row.number) : creditNoteLabel(row.number), reference, day, day, '', '',
        line.description, String(line.quantity), poundsText(sign * line.unit), '',
        XERO_SALES_ACCOUNT, xeroTaxType(line.rate), poundsText(sign * line.vat), '', '', '', '', 'GBP', '',
      ]);
    },
  });
}

/**
 * The quarter's VAT invoices in QuickBooks Online's invoice import columns. Its CSV import takes no
 * credit notes (credit memos): they are in the Xero file and on the VAT return, and are entered in
 * QuickBooks by hand (docs/accounting-exports.md).
 */
export async function quickBooksCsvStream(db: Database, start: string): Promise<Readable> {
  const span = quarterSpan(start);
  const rate = await legacyRate(db);
  return csvCursorStream(db, {
    cursor: taxPointDocumentsRepository(db).invoicesCursor(span.start, span.end), header: [...QUICKBOOKS_COLUMNS],
    lines: (row) => {
      const day = ukDay(new Date(row.tax_point));
      return exportLines(row, rate).map((line) => [
        invoiceLabel(row.number), row.customer_name, day, day, '', '', row.order_reference === null ? '' : `Order ${row.order_reference}`, '',
        line.description, String(line.quantity), poundsText(line.unit), poundsText(line.amount), quickBooksTaxCode(line.rate), poundsText(line.vat), 'GBP', day,
      ]);
    },
  });
}
