import type { OrderItemRow, OrderRow } from '../repositories/orders';
import { toPence, type Pence } from '../../domain/money/money';
import { RESCHEDULING_FEE_NAME, type OrderLine } from '../../domain/money/order-lines';
import { vatOf } from '../../domain/money/pricing';

type PricedOrder = Pick<OrderRow, 'total' | 'reschedule_fees' | 'vat' | 'price_lines'>;

/** An order's lines from its stored rows (the rule of lines and VAT: domain/money/order-lines.ts). */
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

/** The lines an invoice was issued for (invoices issued before lines were kept: their order's). */
export function invoiceLines(order: PricedOrder, items: readonly OrderItemRow[], invoice: { lines: OrderLine[] | null }): OrderLine[] {
  return invoice.lines ?? orderLines(order, items);
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
