import type { OrderDocument, Receipt } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox, MailSite } from '../queue';
import { conflict, notFound } from '../lib/http-error';
import { creditNoteRepository, type CreditNoteRow } from '../repositories/credit-notes';
import { invoiceRepository, type InvoiceRow } from '../repositories/invoices';
import { creditNoteView } from './credit-notes';
import { orderDocuments } from './order-documents';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { ledgerRepository } from '../repositories/ledger';
import { isCharge, type LedgerLine } from '../../domain/money/ledger';
import { toPounds } from '../../domain/money/money';
import { supplierOf } from '../../domain/money/invoice-labels';
import { COMPLETED_STATUS } from '../../domain/orders/order-statuses';
import { totalsOf, vatByRate } from '../../domain/money/order-lines';
import { invoiceLineViews } from './invoice-lines';
import { suppliedAt, timeOfSupply } from '../../domain/money/time-of-supply';
import { invoiceLines, orderLines } from '../../domain/money/ledger-lines';
import { addressOf } from '../mails/order-parts';
import { vatInvoiceMail } from '../mails/invoice-mails';


export const NOT_PAID_MESSAGE = 'There is no VAT invoice for this order until it is paid';

/**
 * A VAT invoice per paid order (issue 14 section 3; docs/decisions/018). An order is paid when the
 * provider confirmed its card payment, or when a cash job is completed (the cash is taken on the
 * day). Its number is taken once, in the transaction holding the order's lock, from a counter row:
 * sequential and gap-free however many are issued at once. The VAT invoice mail is written in that
 * same transaction, so it goes out exactly once per invoice.
 */
export function isPaid(order: Pick<OrderRow, 'paid_amount' | 'payment_method' | 'status'>): boolean {
  return order.paid_amount !== null || (order.payment_method === 'cash' && order.status === COMPLETED_STATUS);
}

/**
 * Call inside a transaction, with the order locked (FOR UPDATE): its invoice, issued now (and
 * mailed, unless `mail` is false: the payment receipt carries it then) when it has none yet.
 */
export async function issueInvoice(tx: Database, order: OrderRow, outbox: MailOutbox, now: Date, mail = true): Promise<InvoiceRow> {
  const invoices = invoiceRepository(tx);
  const existing = await invoices.forOrder(order.id);
  if (existing) return existing;
  const ledger = await ledgerRepository(tx).forOrder(order.id);
  // The invoice is for what the order costs now, line by line; its totals are those lines' sums.
  const charges = ledger.filter(isCharge);
  const lines = orderLines(charges);
  const totals = totalsOf(vatByRate(lines));
  const invoice = await invoices.issue({
    orderId: order.id, issuedAt: now, customerName: order.user_name, lines, ledgerIds: charges.map((line) => line.id),
    suppliedAt: timeOfSupply(order, now), customerAddress: addressOf(order),
    gross: totals.gross, vat: totals.vat, net: totals.net,
  });
  if (mail) await outbox.add(tx, vatInvoiceMail(order, ledger, invoice, outbox.site));
  return invoice;
}

/**
 * Call inside a transaction, with the order locked: a paid order without a VAT invoice gets it now (a
 * cash job just completed: the cash is taken on the day, decision 042). Until then the job was not
 * revenue; from now it is, in the dashboard, the owner's report and the accounts export alike
 * (decision 072), not only once someone opens its receipt.
 */
export async function invoiceIfPaid(tx: Database, order: OrderRow, outbox: MailOutbox, now: Date): Promise<void> {
  if (isPaid(order)) await issueInvoice(tx, order, outbox, now);
}

/** The customer's own receipt: issued on first sight for a paid order that has none yet (a cash job completed). */
export async function getReceipt(deps: { db: Database; outbox: MailOutbox; now: Date }, user: AuthUser, orderId: number): Promise<Receipt> {
  return receiptFor(deps, user, orderId);
}

/**
 * The receipt of an order for its customer, or for staff (`viewer` null): any order. `number`: which
 * of its invoices (decision 059); the first, issued when it was paid, by default. Not one of the
 * order's: not found.
 */
export async function receiptFor(deps: { db: Database; outbox: MailOutbox; now: Date }, viewer: AuthUser | null, orderId: number, number?: number): Promise<Receipt> {
  const orders = orderRepository(deps.db);
  const order = await orders.find(orderId);
  if (!order || (viewer !== null && order.user_id !== viewer.id)) throw notFound('Order not found');
  if (!isPaid(order)) throw conflict(NOT_PAID_MESSAGE);
  const invoices = await invoiceRepository(deps.db).allForOrder(orderId);
  if (invoices.length === 0) {
    invoices.push(await deps.db.transaction(async (tx) => {
      const locked = await orderRepository(tx).find(orderId, { forUpdate: true });
      if (!locked) throw notFound('Order not found');
      return issueInvoice(tx, locked, deps.outbox, deps.now);
    }));
  }
  const invoice = number === undefined ? invoices[0]! : invoices.find((one) => one.number === number);
  if (!invoice) throw notFound(NO_SUCH_INVOICE_MESSAGE);
  const notes = await creditNoteRepository(deps.db).allForOrder(orderId);
  const credit = notes.find((note) => note.invoice_number === invoice.number) ?? null;
  return receiptView(order, await ledgerRepository(deps.db).forOrder(orderId), invoice, deps.outbox.site, credit, orderDocuments(invoices, notes));
}

export const NO_SUCH_INVOICE_MESSAGE = 'This order has no VAT invoice with that number';

export function receiptView(
  order: OrderRow, ledger: readonly LedgerLine[], invoice: InvoiceRow, site: MailSite, credit: CreditNoteRow | null, documents: OrderDocument[],
): Receipt {
  const lines = invoiceLines(ledger, invoice);
  const rates = vatByRate(lines);
  const supplier = supplierOf(site);
  return {
    number: invoice.number,
    issued: new Date(invoice.issued_at).toISOString(),
    supplied: suppliedAt(invoice).toISOString(),
    order_id: order.id,
    reference: order.reference!,
    company: supplier.name,
    supplierAddress: supplier.address,
    vatNumber: supplier.vatNumber,
    customer: invoice.customer_name,
    address: invoice.customer_address ?? addressOf(order),
    service: order.service_name,
    due: order.due_at ? new Date(order.due_at).toISOString() : null,
    payment: order.payment_method,
    lines: invoiceLineViews(lines),
    vatRates: rates.map((rate) => ({ rate: rate.rate, net: toPounds(rate.net), vat: toPounds(rate.vat), gross: toPounds(rate.gross) })),
    net: toPounds(invoice.net),
    vat: toPounds(invoice.vat),
    gross: toPounds(invoice.gross),
    creditNote: credit ? creditNoteView(credit, invoice.customer_address ?? addressOf(order)) : null,
    documents,
  };
}


