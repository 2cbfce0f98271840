import type { CreditNote } from '../../openapi/schema';
import type { Database } from '../db/database';
import type { MailOutbox, MailSite } from '../jobs';
import { creditNoteRepository, type CreditNoteRow } from '../repositories/credit-notes';
import { invoiceRepository } from '../repositories/invoices';
import type { OrderRow } from '../repositories/orders';
import { ledgerRepository } from '../repositories/ledger';
import type { Mail } from './mail';
import { formatPounds, toPounds, type Pence } from '../../domain/money/money';
import { invoiceLabel, supplierOf } from '../../domain/money/invoice-labels';
import { invoiceLineViews } from './invoice-lines';
import { invoiceLines } from './order-lines';
import { addressOf, manageLines, receiptUrl } from '../mails/order-parts';
import { formatLondon } from '../../domain/time/london-time';
import { toPence } from '../../domain/money/money';
import { lineText, totalsOf, vatByRate, type OrderLine } from '../../domain/money/order-lines';
import { orderName } from '../../domain/orders/order-reference';

/**
 * Credit notes (issue 23 row 6): a refund of an invoiced order gives back part or all of what the
 * invoice charged, so an accountant needs a document that says so and names the invoice. The credit
 * is spread over the invoice's VAT rates in proportion to what each rate charged (the last rate
 * takes the pennies of rounding), and each rate's VAT is taken once, as on the invoice. One per
 * order, like its invoice; issued in the refund decision's transaction, with the order locked.
 */
export async function issueCreditNote(tx: Database, order: OrderRow, credit: Pence, outbox: MailOutbox, now: Date): Promise<CreditNoteRow | null> {
  if (credit <= 0) return null;
  const notes = creditNoteRepository(tx);
  const existing = await notes.forOrder(order.id);
  if (existing) return existing;
  const invoice = await invoiceRepository(tx).forOrder(order.id);
  if (!invoice) return null;
  const invoiced = vatByRate(invoiceLines(await ledgerRepository(tx).forOrder(order.id), invoice));
  const charged = invoiced.reduce((sum, rate) => sum + rate.gross, 0);
  let left = credit;
  const lines: OrderLine[] = invoiced.map((rate, index) => {
    const amount = index === invoiced.length - 1 ? left : Math.round((credit * rate.gross) / charged);
    left -= amount;
    return { kind: 'credit', name: `Refund on the cancellation of ${orderName(order)}`, quantity: null, unitPrice: null, amount, vatPercent: rate.rate };
  });
  const totals = totalsOf(vatByRate(lines));
  const note = await notes.issue({
    invoice_number: invoice.number, orderId: order.id, issuedAt: now, customer_name: invoice.customer_name,
    customer_address: invoice.customer_address ?? addressOf(order),
    reason: `Refund on the cancellation of ${orderName(order)}`, lines,
    gross: toPounds(totals.gross), vat: toPounds(totals.vat), net: toPounds(totals.net),
  });
  await outbox.add(tx, creditNoteMail(order, note, outbox.site));
  return note;
}

/** "CN-000007": credit notes are numbered apart from invoices, padded alike. */
export const creditNoteLabel = (number: number) => `CN-${invoiceLabel(number)}`;

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
    net: Number(note.net),
    vat: Number(note.vat),
    gross: Number(note.gross),
  };
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
    `Credited: ${formatPounds(toPence(note.gross))} (VAT ${formatPounds(toPence(note.vat))})`,
    '',
    `The invoice and its credit note online: ${receiptUrl(site, order.id)}`,
    ...manageLines(site),
  ].join('\n');
  return { to: order.user_email, subject: `Credit note ${creditNoteLabel(note.number)} for ${orderName(order)}`, text };
}
