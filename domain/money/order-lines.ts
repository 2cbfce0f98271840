import type { OrderLine as OrderLineView } from '../../openapi/schema';
import { formatPounds, toPounds, type Pence } from './money';
import { vatByRate, type ChargeKind, type VatAtRate } from './ledger';

/**
 * What an order costs, line by line, each at the VAT rate in force when it was priced (issue 23
 * row 1): the pricing module's lines (items, bigger rooms, the frequency discount, extras, the
 * Congestion Charge) and the rescheduling fees added later. The VAT invoice, the mails and the order
 * pages print this one list, so what they show adds up to the order's total to the penny.
 */
export interface OrderLine {
  kind: ChargeKind | 'credit';
  name: string;
  quantity: number | null;
  unitPrice: Pence | null;
  /** VAT inclusive, in pence; negative for a discount. */
  amount: Pence;
  vatPercent: number;
}

export const RESCHEDULING_FEE_NAME = 'Rescheduling fee';
/** The name of a staff member's charge or credit (decision 036). */
export const ADJUSTMENT_NAME = 'Adjustment';

/**
 * The name a charge is printed under: a staff member's charge or credit carries the reason they gave
 * ("Adjustment (Oven cleaned on request)"), so the customer's invoice, credit note and mails say why
 * (issue 33 row 5, decision 072). Every other line is its own name.
 */
export function chargeName(line: { kind: string; name: string; reason: string | null }): string {
  return line.kind === 'adjustment' && line.name === ADJUSTMENT_NAME && line.reason ? `${line.name} (${line.reason})` : line.name;
}

/** A line as the API answers it (pounds). */
export function lineView(line: OrderLine): OrderLineView {
  return {
    kind: line.kind,
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice === null ? null : toPounds(line.unitPrice),
    vatRate: line.vatPercent,
    amount: toPounds(line.amount),
  };
}

/** "Bedroom x 2: £50.00", "Congestion Charge: £11.50", "Weekly discount (15%): -£8.25". */
export function lineText(line: OrderLine): string {
  return `${line.name}${line.quantity === null ? '' : ` x ${line.quantity}`}: ${formatPounds(line.amount)}`;
}

/** The sum of the lines: what the order costs. */
export const grossOf = (lines: readonly OrderLine[]): Pence => lines.reduce((sum, line) => sum + line.amount, 0);

export { vatByRate, type VatAtRate };

export function totalsOf(rates: readonly VatAtRate[]): { net: Pence; vat: Pence; gross: Pence } {
  return rates.reduce((sum, rate) => ({ net: sum.net + rate.net, vat: sum.vat + rate.vat, gross: sum.gross + rate.gross }), { net: 0, vat: 0, gross: 0 });
}
