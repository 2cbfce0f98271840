import type { CreditNote } from '../../openapi/schema';
import type { Database } from '../db/database';
import type { MailOutbox } from '../jobs';
import { creditNoteRepository, type CreditNoteRow } from '../repositories/credit-notes';
import { invoiceRepository } from '../repositories/invoices';
import type { OrderRow } from '../repositories/orders';
import { ledgerRepository } from '../repositories/ledger';
import { toPounds, type Pence } from '../../domain/money/money';
import { creditNoteLabel } from '../../domain/money/invoice-labels';
import { creditNoteMail } from '../mails/invoice-mails';
import { invoiceLineViews } from './invoice-lines';
import { invoiceLines } from './order-lines';
import { addressOf } from '../mails/order-parts';
import { totalsOf, vatByRate, type OrderLine } from '../../domain/money/order-lines';
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

