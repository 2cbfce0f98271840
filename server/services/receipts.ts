import type { Receipt } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox, MailSite } from '../jobs';
import { conflict, notFound } from '../lib/http-error';
import { creditNoteRepository, type CreditNoteRow } from '../repositories/credit-notes';
import { invoiceRepository, type InvoiceRow } from '../repositories/invoices';
import { creditNoteView } from './credit-notes';
import { orderRepository, type OrderItemRow, type OrderRow } from '../repositories/orders';
import { formatLondon } from '../../domain/time/london-time';
import type { Mail } from './mail';
import { formatPounds, toPounds } from '../../domain/money/money';
import { COMPANY_NAME, invoiceLabel } from '../../domain/money/invoice-labels';
import { grossOf, lineText, lineView, totalsOf, vatByRate } from '../../domain/money/order-lines';
import { invoiceLines, orderLines } from './order-lines';
import { addressOf, manageLines, receiptUrl } from './order-mails';


export const NOT_PAID_MESSAGE = 'There is no VAT invoice for this order until it is paid';

/**
 * A VAT invoice per paid order (issue 14 section 3; docs/decisions/018). An order is paid when the
 * provider confirmed its card payment, or when a cash job is completed (the cash is taken on the
 * day). Its number is taken once, in the transaction holding the order's lock, from a counter row:
 * sequential and gap-free however many are issued at once. The VAT invoice mail is written in that
 * same transaction, so it goes out exactly once per invoice.
 */
export function isPaid(order: Pick<OrderRow, 'paid_amount' | 'payment_method' | 'status'>): boolean {
  return order.paid_amount !== null || (order.payment_method === 'cash' && order.status === 'completed');
}

/**
 * Call inside a transaction, with the order locked (FOR UPDATE): its invoice, issued now (and
 * mailed, unless `mail` is false: the payment receipt carries it then) when it has none yet.
 */
export async function issueInvoice(tx: Database, order: OrderRow, outbox: MailOutbox, now: Date, mail = true): Promise<InvoiceRow> {
  const invoices = invoiceRepository(tx);
  const existing = await invoices.forOrder(order.id);
  if (existing) return existing;
  const items = await orderRepository(tx).items(order.id);
  // The invoice is for what the order costs now, line by line; its totals are those lines' sums.
  const lines = orderLines(order, items);
  const totals = totalsOf(vatByRate(lines));
  const invoice = await invoices.issue({
    orderId: order.id, issuedAt: now, customerName: order.user_name, lines,
    gross: toPounds(totals.gross), vat: toPounds(totals.vat), net: toPounds(totals.net),
  });
  if (mail) await outbox.add(tx, vatInvoiceMail(order, items, invoice, outbox.site));
  return invoice;
}

/** The customer's own receipt: issued on first sight for a paid order that has none yet (a cash job completed). */
export async function getReceipt(deps: { db: Database; outbox: MailOutbox; now: Date }, user: AuthUser, orderId: number): Promise<Receipt> {
  const orders = orderRepository(deps.db);
  const order = await orders.find(orderId);
  if (!order || order.user_id !== user.id) throw notFound('Order not found');
  if (!isPaid(order)) throw conflict(NOT_PAID_MESSAGE);
  const invoice =
    (await invoiceRepository(deps.db).forOrder(orderId)) ??
    (await deps.db.transaction(async (tx) => {
      const locked = await orderRepository(tx).find(orderId, { forUpdate: true });
      if (!locked) throw notFound('Order not found');
      return issueInvoice(tx, locked, deps.outbox, deps.now);
    }));
  const credit = await creditNoteRepository(deps.db).forOrder(orderId);
  return receiptView(order, await orders.items(orderId), invoice, deps.outbox.site, credit);
}

export function receiptView(order: OrderRow, items: OrderItemRow[], invoice: InvoiceRow, site: MailSite, credit: CreditNoteRow | null = null): Receipt {
  const lines = invoiceLines(order, items, invoice);
  const rates = vatByRate(lines);
  return {
    number: invoice.number,
    issued: new Date(invoice.issued_at).toISOString(),
    order_id: order.id,
    company: COMPANY_NAME,
    vatNumber: site.vatNumber,
    customer: invoice.customer_name,
    address: addressOf(order),
    service: order.service_name,
    due: order.due_at ? new Date(order.due_at).toISOString() : null,
    payment: order.payment_method,
    lines: lines.map(lineView),
    vatRates: rates.map((rate) => ({ rate: rate.rate, net: toPounds(rate.net), vat: toPounds(rate.vat), gross: toPounds(rate.gross) })),
    net: invoice.net,
    vat: invoice.vat,
    gross: invoice.gross,
    creditNote: credit ? creditNoteView(credit) : null,
  };
}

/** The invoice as lines of text: its own mail, or the end of the payment receipt. */
export function vatInvoiceLines(order: OrderRow, items: OrderItemRow[], invoice: InvoiceRow, site: MailSite): string[] {
  const lines = invoiceLines(order, items, invoice);
  const rates = vatByRate(lines);
  const totals = totalsOf(rates);
  return [
    `VAT invoice ${invoiceLabel(invoice.number)} for order #${order.id}`,
    `Issued: ${formatLondon(invoice.issued_at)} (UK time)`,
    `${COMPANY_NAME}, VAT registration number ${site.vatNumber}`,
    `Customer: ${invoice.customer_name}`,
    `Address: ${addressOf(order)}`,
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

export function vatInvoiceMail(order: OrderRow, items: OrderItemRow[], invoice: InvoiceRow, site: MailSite): Mail {
  const text = [`Hello ${order.user_name},`, '', ...vatInvoiceLines(order, items, invoice, site), ...manageLines(site)].join('\n');
  return { to: order.user_email, subject: `VAT invoice ${invoiceLabel(invoice.number)} for order #${order.id}`, text };
}
