import type { CheckoutPriceChange } from '../../openapi/schema';
import type { OrderItemRow, OrderRow, StoredPriceLine } from '../repositories/orders';
import { HttpError } from '../lib/http-error';
import { formatPounds, toPence, toPounds, type Pence } from './money';
import { grossOf, orderLines, totalsOf, vatByRate } from './order-lines';
import { CONGESTION_CHARGE_NAME, linesInPounds } from './pricing';

/**
 * The price of a job at the address it is checked out to (issue 23 row 3, decision 037): the
 * order's own lines, with the Congestion Charge the address's postcode decides, whatever postcode
 * (if any) was quoted. A charge the quote already held keeps its amount; one the address adds is
 * today's charge, at the job's VAT rate. Nothing else is re-priced: the quote's price holds.
 */
export interface CongestionAtAddress {
  inZone: boolean;
  /** Today's charge (pricing_settings), in pence. */
  charge: Pence;
}

export interface AddressPrice {
  lines: StoredPriceLine[];
  total: Pence;
  vat: Pence;
  /** The order's price before this address. */
  previous: Pence;
}

type PricedOrder = Pick<OrderRow, 'total' | 'reschedule_fees' | 'vat' | 'price_lines'>;

export function priceAtAddress(order: PricedOrder, items: readonly OrderItemRow[], zone: CongestionAtAddress): AddressPrice {
  const before = orderLines(order, items);
  const held = before.find((line) => line.kind === 'congestion');
  const kept = before.filter((line) => line.kind !== 'congestion');
  const jobRate = kept[0]?.vatPercent ?? held?.vatPercent ?? 20;
  const lines = zone.inZone
    ? [...kept, { kind: 'congestion' as const, name: CONGESTION_CHARGE_NAME, quantity: null, unitPrice: null, amount: held?.amount ?? zone.charge, vatPercent: held?.vatPercent ?? jobRate }]
    : kept;
  const stored: StoredPriceLine[] = lines.map(({ kind, name, quantity, unitPrice, amount, vatPercent }) => ({
    kind: kind as StoredPriceLine['kind'],
    name,
    ...(quantity === null ? {} : { quantity }),
    ...(unitPrice === null ? {} : { unitPrice }),
    amount,
    vatPercent,
  }));
  return { lines: stored, total: grossOf(lines), vat: totalsOf(vatByRate(lines)).vat, previous: toPence(order.total) };
}

export const priceChangedMessage = (postcode: string, price: AddressPrice): string =>
  `The price for ${postcode.toUpperCase()} is ${formatPounds(price.total)}, not ${formatPounds(price.previous)}: please confirm the new total before paying`;

/**
 * The checkout goes ahead at the order's price when the address keeps it, or at the total the
 * customer confirmed when it is exactly the address's; otherwise it is refused with the new figures.
 * Returns whether the order's price changes.
 */
export function assertPriceAgreed(price: AddressPrice, postcode: string, confirmedTotal: number | undefined): boolean {
  const changed = price.total !== price.previous;
  const agreed = confirmedTotal === undefined ? !changed : toPence(confirmedTotal) === price.total;
  if (agreed) return changed;
  const details: { priceChanged: CheckoutPriceChange } = {
    priceChanged: { previousTotal: toPounds(price.previous), total: toPounds(price.total), vat: toPounds(price.vat), lines: linesInPounds(price.lines.map((line) => ({ ...line, vatPercent: line.vatPercent ?? 0 }))) },
  };
  throw new HttpError(409, priceChangedMessage(postcode, price), details);
}
