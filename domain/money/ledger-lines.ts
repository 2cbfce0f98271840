import type { LedgerLine } from './ledger';
import { isCharge } from './ledger';
import { chargeName, type OrderLine } from './order-lines';

/** The order's charges from its ledger (decision 036), in the order they were added (the rule of lines and VAT: domain/money/order-lines.ts). */
export function orderLines(ledger: readonly LedgerLine[]): OrderLine[] {
  return ledger.filter(isCharge).map((line) => ({
    kind: line.kind as OrderLine['kind'],
    name: chargeName(line),
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: line.amount,
    vatPercent: line.vatPercent ?? 0,
  }));
}

/** The lines an invoice was issued for (invoices issued before lines were kept: their order's). */
export function invoiceLines(ledger: readonly LedgerLine[], invoice: { lines: OrderLine[] | null }): OrderLine[] {
  return invoice.lines ?? orderLines(ledger);
}
