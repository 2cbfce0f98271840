import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { creditNoteRepository, type CreditNoteRow } from '../repositories/credit-notes';
import { invoiceRepository, type InvoiceRow } from '../repositories/invoices';
import { ledgerRepository } from '../repositories/ledger';
import { orderRepository } from '../repositories/orders';
import { isCharge, type LedgerLine } from '../../domain/money/ledger';
import type { Pence } from '../../domain/money/money';
import { grossOf, totalsOf, vatByRate, type OrderLine } from '../../domain/money/order-lines';
import { splitCreditOverInvoices, type CreditAtRate } from '../../domain/money/credit-split';
import { addressOf } from '../mails/order-parts';
import { creditNoteMail, vatInvoiceMail } from '../mails/invoice-mails';
import { invoiceLines, orderLines } from '../../domain/money/ledger-lines';
import { timeOfSupply } from '../../domain/money/time-of-supply';

/**
 * Every charge of an invoiced order is on exactly one document (decision 059). Call in the
 * transaction that added charge lines, with the order locked (FOR UPDATE, or the ledger's own
 * update of its row): the lines no invoice or credit note covers yet are documented now. If they
 * add up to a charge, a VAT invoice lists exactly them; to a credit, credit notes give it back from
 * the newest invoices first, never more than an invoice billed. An order not invoiced yet gets
 * nothing here: its first invoice, issued when it is paid, covers every line then. Two requests at
 * once queue on the order's lock, so each sees the other's document and issues only its own, with
 * the next number of the counter (no gap, no duplicate).
 */
export async function documentLaterCharges(tx: Database, orderId: number, outbox: MailOutbox, now: Date, reason?: string): Promise<void> {
  const invoices = await invoiceRepository(tx).allForOrder(orderId);
  if (invoices.length === 0) return;
  const notes = await creditNoteRepository(tx).allForOrder(orderId);
  const covered = new Set([...invoices, ...notes].flatMap((document) => document.ledger_ids));
  const ledger = await ledgerRepository(tx).forOrder(orderId);
  const fresh = ledger.filter((line) => isCharge(line) && !covered.has(line.id));
  const sum = grossOf(orderLines(fresh));
  if (sum === 0) return;
  const order = (await orderRepository(tx).find(orderId))!;
  if (sum > 0) {
    const lines = orderLines(fresh);
    const totals = totalsOf(vatByRate(lines));
    const invoice = await invoiceRepository(tx).issue({
      orderId, issuedAt: now, customerName: order.user_name, lines, ledgerIds: fresh.map((line) => line.id),
      // Paid for later than the checkout's payment: that payment is not this charge's tax point.
      suppliedAt: timeOfSupply({ paid_at: null, completed_at: order.completed_at }, now), customerAddress: addressOf(order),
      gross: totals.gross, vat: totals.vat, net: totals.net,
    });
    await outbox.add(tx, vatInvoiceMail(order, ledger, invoice, outbox.site));
    return;
  }
  const text = reason ?? fresh.find((line) => line.reason)?.reason ?? 'Credit';
  const parts = splitCreditOverInvoices(creditByRate(fresh), invoices.map((invoice) => ({ number: invoice.number, left: uncredited(invoice, notes) })));
  for (const part of parts) {
    const invoice = invoices.find((one) => one.number === part.invoice)!;
    const lines: OrderLine[] = part.lines.map((line) => ({ kind: 'credit', name: text, quantity: null, unitPrice: null, amount: line.amount, vatPercent: line.rate }));
    const totals = totalsOf(vatByRate(lines));
    const note = await creditNoteRepository(tx).issue({
      invoice_number: invoice.number, orderId, issuedAt: now, customer_name: invoice.customer_name,
      customer_address: invoice.customer_address ?? addressOf(order), reason: text, lines, ledger_ids: fresh.map((line) => line.id),
      gross: totals.gross, vat: totals.vat, net: totals.net,
    });
    await outbox.add(tx, creditNoteMail(order, note, outbox.site));
  }
}

/** What an invoice billed and its credit notes have not given back yet (pence). */
function uncredited(invoice: InvoiceRow, notes: readonly CreditNoteRow[]): Pence {
  return notes.filter((note) => note.invoice_number === invoice.number).reduce((left, note) => left - note.gross, invoice.gross);
}

/** The credit of some lines, per VAT rate (positive: given back); a rate the lines charge on balance is left out. */
function creditByRate(lines: readonly LedgerLine[]): CreditAtRate[] {
  return vatByRate(lines).filter((rate) => rate.gross < 0).map((rate) => ({ rate: rate.rate, amount: -rate.gross }));
}

/**
 * What the order's documents billed and did not credit yet, per VAT rate (pence): the rates a
 * cancellation's credit is spread over, so each credit line is at a rate an invoice charged.
 */
export async function creditableByRate(tx: Database, orderId: number): Promise<CreditAtRate[]> {
  const invoices = await invoiceRepository(tx).allForOrder(orderId);
  if (invoices.length === 0) return [];
  const ledger = await ledgerRepository(tx).forOrder(orderId);
  const notes = await creditNoteRepository(tx).allForOrder(orderId);
  const billed = vatByRate([...invoices.flatMap((invoice) => invoiceLines(ledger, invoice)), ...notes.flatMap((note) => note.lines.map((line) => ({ ...line, amount: -line.amount })))]);
  return billed.map((rate) => ({ rate: rate.rate, amount: rate.gross }));
}
