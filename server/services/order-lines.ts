import type { OrderItemRow, OrderRow } from '../repositories/orders';
import type { OrderLine as OrderLineView } from '../../openapi/schema';
import { formatPounds, toPence, toPounds, type Pence } from '../../domain/money/money';
import { vatOf, type PricedLine } from '../../domain/money/pricing';

/**
 * What an order costs, line by line, each at the VAT rate in force when it was priced (issue 23
 * row 1): the pricing module's lines (items, bigger rooms, the frequency discount, extras, the
 * Congestion Charge) and the rescheduling fees added later. The VAT invoice, the mails and the order
 * pages print this one list, so what they show adds up to the order's total to the penny.
 */
export interface OrderLine {
  kind: PricedLine['kind'] | 'fee' | 'credit';
  name: string;
  quantity: number | null;
  unitPrice: Pence | null;
  /** VAT inclusive, in pence; negative for a discount. */
  amount: Pence;
  vatPercent: number;
}

/** Net, VAT and gross of the lines at one rate: the VAT is taken once per rate, as on an invoice. */
export interface VatAtRate {
  rate: number;
  net: Pence;
  vat: Pence;
  gross: Pence;
}

export const RESCHEDULING_FEE_NAME = 'Rescheduling fee';

type PricedOrder = Pick<OrderRow, 'total' | 'reschedule_fees' | 'vat' | 'price_lines'>;

export function orderLines(order: PricedOrder, items: readonly OrderItemRow[]): OrderLine[] {
  const fees = toPence(order.reschedule_fees);
  const priced = toPence(order.total) - fees;
  const rate = (line: { vatPercent?: number }) => line.vatPercent ?? rateOf(priced, order.vat);
  const lines: OrderLine[] = order.price_lines?.length
    ? order.price_lines.map((line) => ({
        kind: line.kind,
        name: line.name,
        quantity: line.quantity ?? null,
        unitPrice: line.unitPrice ?? null,
        amount: line.amount,
        vatPercent: rate(line),
      }))
    : // Orders priced before their lines were kept (demo history): their items are their price.
      items.map((item) => ({
        kind: 'item' as const,
        name: item.name,
        quantity: item.quantity,
        unitPrice: toPence(item.unit_price),
        amount: toPence(item.total_price),
        vatPercent: rate({}),
      }));
  if (fees > 0) {
    // A fee is part of the same supply (the job moved), so it bears the job's own rate.
    lines.push({ kind: 'fee', name: RESCHEDULING_FEE_NAME, quantity: null, unitPrice: null, amount: fees, vatPercent: lines[0]?.vatPercent ?? rate({}) });
  }
  return lines;
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

/** The lines an invoice was issued for (invoices issued before lines were kept: their order's). */
export function invoiceLines(order: PricedOrder, items: readonly OrderItemRow[], invoice: { lines: OrderLine[] | null }): OrderLine[] {
  return invoice.lines ?? orderLines(order, items);
}

/** The sum of the lines: what the order costs. */
export const grossOf = (lines: readonly OrderLine[]): Pence => lines.reduce((sum, line) => sum + line.amount, 0);

/** Net, VAT and gross per VAT rate, highest rate first; their sums are the invoice's totals. */
export function vatByRate(lines: readonly OrderLine[]): VatAtRate[] {
  const gross = new Map<number, Pence>();
  for (const line of lines) gross.set(line.vatPercent, (gross.get(line.vatPercent) ?? 0) + line.amount);
  return [...gross.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, amount]) => {
      const vat = vatOf(amount, rate);
      return { rate, net: amount - vat, vat, gross: amount };
    });
}

export function totalsOf(rates: readonly VatAtRate[]): { net: Pence; vat: Pence; gross: Pence } {
  return rates.reduce((sum, rate) => ({ net: sum.net + rate.net, vat: sum.vat + rate.vat, gross: sum.gross + rate.gross }), { net: 0, vat: 0, gross: 0 });
}

/**
 * The rate an order priced before rates were kept on its lines was priced at: the whole percent
 * whose VAT of its price is the VAT it stored (20 when it stored none, the only rate used then).
 */
function rateOf(price: Pence, storedVat: number | null): number {
  if (storedVat === null || price <= 0) return LEGACY_VAT_PERCENT;
  const vat = toPence(storedVat);
  let best = LEGACY_VAT_PERCENT;
  for (let percent = 0; percent < 100; percent++) {
    if (Math.abs(vatOf(price, percent) - vat) < Math.abs(vatOf(price, best) - vat)) best = percent;
  }
  return best;
}

/** The rate every order was priced at before pricing_settings could change it (migration 009). */
const LEGACY_VAT_PERCENT = 20;
