import type { AddressPrice as AddressPriceAnswer, CheckoutPriceChange } from '../../openapi/schema';
import type { Database } from '../db/database';
import type { StoredPriceLine } from '../repositories/orders';
import type { LedgerLine } from '../../domain/money/ledger';
import { HttpError, notFound } from '../lib/http-error';
import { readAddressPrice } from '../repositories/address-price';
import { notCoveredMessage, serviceDistrict } from './service-area';
import { formatPounds, toPence, toPounds, type Pence } from '../../domain/money/money';
import { orderLines } from '../../domain/money/ledger-lines';
import { grossOf, totalsOf, vatByRate } from '../../domain/money/order-lines';
import { CONGESTION_CHARGE_NAME, linesInPounds } from '../../domain/money/pricing';


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
  /** Today's VAT rate (pricing_settings): the charge's rate when the order has no line to take it from. */
  vatPercent: number;
}

export interface AddressPrice {
  lines: StoredPriceLine[];
  total: Pence;
  vat: Pence;
  /** The order's price before this address. */
  previous: Pence;
  /** The ledger line the address adds (the charge, or its reversal), when it changes the price. */
  added: { name: string; amount: Pence; vatPercent: number } | null;
}

/** The ledger keeps what was quoted; an address outside the zone reverses a quoted charge. */
export const CONGESTION_NOT_DUE_NAME = 'Congestion Charge not due at this address';

export function priceAtAddress(ledger: readonly LedgerLine[], zone: CongestionAtAddress): AddressPrice {
  const before = orderLines(ledger);
  const held = before.filter((line) => line.kind === 'congestion').reduce((sum, line) => sum + line.amount, 0);
  const jobRate = before[0]?.vatPercent ?? zone.vatPercent;
  // Lines are appended, never changed (decision 036): the address adds the charge, or reverses one quoted.
  const added = zone.inZone && held === 0
    ? { name: CONGESTION_CHARGE_NAME, amount: zone.charge, vatPercent: jobRate }
    : !zone.inZone && held !== 0
      ? { name: CONGESTION_NOT_DUE_NAME, amount: -held, vatPercent: before.find((line) => line.kind === 'congestion')?.vatPercent ?? jobRate }
      : null;
  const lines = added ? [...before, { kind: 'congestion' as const, quantity: null, unitPrice: null, ...added }] : before;
  const stored: StoredPriceLine[] = lines.map(({ kind, name, quantity, unitPrice, amount, vatPercent }) => ({
    kind: kind as StoredPriceLine['kind'],
    name,
    ...(quantity === null ? {} : { quantity }),
    ...(unitPrice === null ? {} : { unitPrice }),
    amount,
    vatPercent,
  }));
  return { lines: stored, total: grossOf(lines), vat: totalsOf(vatByRate(lines)).vat, previous: grossOf(before), added };
}

/** The figures a customer is shown of an address's price (pounds). */
const priceChangeOf = (price: AddressPrice): CheckoutPriceChange => ({
  previousTotal: toPounds(price.previous),
  total: toPounds(price.total),
  vat: toPounds(price.vat),
  lines: linesInPounds(price.lines.map((line) => ({ ...line, vatPercent: line.vatPercent ?? 0 }))),
});

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
  const details: { priceChanged: CheckoutPriceChange } = { priceChanged: priceChangeOf(price) };
  throw new HttpError(409, priceChangedMessage(postcode, price), details);
}

/**
 * GET /services/order/{id}/address-price (issue 36 row 4, decision 086): what a checkout at this
 * postcode would say, asked as it is typed: "We don't cover M1 yet", or the order's price there by
 * `priceAtAddress`, the checkout's own rule. Nothing is stored.
 */
export async function addressPrice(db: Database, userId: number, orderId: number, postcode: string): Promise<AddressPriceAnswer> {
  const district = serviceDistrict(postcode);
  const read = await readAddressPrice(db, userId, orderId, district);
  if (!read) throw notFound('Order not found');
  const asked = postcode.trim().toUpperCase();
  if (!read.served) return { postcode: asked, served: false, message: notCoveredMessage(district), price: null };
  const price = priceAtAddress(read.ledger, read.congestion);
  return { postcode: asked, served: true, message: null, price: priceChangeOf(price) };
}
