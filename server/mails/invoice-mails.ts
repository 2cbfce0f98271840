import type { MailSite } from '../queue';
import type { CreditNoteRow } from '../repositories/credit-notes';
import type { InvoiceRow } from '../repositories/invoices';
import type { OrderRow } from '../repositories/orders';
import type { Mail } from '../queue/mail';
import { invoiceLines } from '../../domain/money/ledger-lines';
import { suppliedAt } from '../../domain/money/time-of-supply';
import type { LedgerLine } from '../../domain/money/ledger';
import { formatPounds } from '../../domain/money/money';
import { creditNoteLabel, invoiceLabel, supplierOf } from '../../domain/money/invoice-labels';
import { grossOf, lineText, totalsOf, vatByRate } from '../../domain/money/order-lines';
import { orderName } from '../../domain/orders/order-reference';
import { formatLondon } from '../../domain/time/london-time';
import { addressOf, manageLines, receiptUrl } from './order-parts';

/** What the VAT invoice and credit note mails say (decisions 018, 042): pure functions of their data. */

/** The invoice as lines of text: its own mail, or the end of the payment receipt. */
export function vatInvoiceLines(order: OrderRow, ledger: readonly LedgerLine[], invoice: InvoiceRow, site: MailSite): string[] {
  const lines = invoiceLines(ledger, invoice);
  const rates = vatByRate(lines);
  const totals = totalsOf(rates);
  const supplier = supplierOf(site);
  return [
    `VAT invoice ${invoiceLabel(invoice.number)} for ${orderName(order)}`,
    `Issued: ${formatLondon(invoice.issued_at)} (UK time)`,
    `Time of supply: ${formatLondon(suppliedAt(invoice))} (UK time)`,
    `${supplier.name}, ${supplier.address}, VAT registration number ${supplier.vatNumber}`,
    `Customer: ${invoice.customer_name}`,
    `Address: ${invoice.customer_address ?? addressOf(order)}`,
    '',
    `${order.service_name}${order.due_at ? ` on ${formatLondon(order.due_at)} (UK time)` : ''}`,
    ...lines.map((line) => `  - ${lineText(line)} (VAT ${line.vatPercent}%)`),
    '',
    ...rates.map((rate) => `At ${rate.rate}% VAT: net ${formatPounds(rate.net)}, VAT ${formatPounds(rate.vat)}, gross ${formatPounds(rate.gross)}`),
    `Net: ${formatPounds(totals.net)}`,
    `VAT: ${formatPounds(totals.vat)}`,
    `Gross: ${formatPounds(grossOf(lines))}`,
    '',
    `The invoice online: ${receiptUrl(site, order.id)}`,
  ];
}

export function vatInvoiceMail(order: OrderRow, ledger: readonly LedgerLine[], invoice: InvoiceRow, site: MailSite): Mail {
  const text = [`Hello ${order.user_name},`, '', ...vatInvoiceLines(order, ledger, invoice, site), ...manageLines(site)].join('\n');
  return { to: order.user_email, subject: `VAT invoice ${invoiceLabel(invoice.number)} for ${orderName(order)}`, text };
}

export function creditNoteMail(order: OrderRow, note: CreditNoteRow, site: MailSite): Mail {
  const rates = vatByRate(note.lines);
  const text = [
    `Hello ${order.user_name},`,
    '',
    `Credit note ${creditNoteLabel(note.number)} for VAT invoice ${invoiceLabel(note.invoice_number)} (${orderName(order)})`,
    `Issued: ${formatLondon(note.issued_at)} (UK time)`,
    `${supplierOf(site).name}, ${supplierOf(site).address}, VAT registration number ${site.vatNumber}`,
    `Customer: ${note.customer_name}`,
    '',
    ...note.lines.map((line) => `  - ${lineText(line)} (VAT ${line.vatPercent}%)`),
    '',
    ...rates.map((rate) => `At ${rate.rate}% VAT: net ${formatPounds(rate.net)}, VAT ${formatPounds(rate.vat)}, gross ${formatPounds(rate.gross)}`),
    `Credited: ${formatPounds(note.gross)} (VAT ${formatPounds(note.vat)})`,
    '',
    `The invoice and its credit note online: ${receiptUrl(site, order.id)}`,
    ...manageLines(site),
  ].join('\n');
  return { to: order.user_email, subject: `Credit note ${creditNoteLabel(note.number)} for ${orderName(order)}`, text };
}
