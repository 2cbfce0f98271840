import type { QuoteLine } from '../../openapi/schema';
import { percentOf, toPounds, type Pence } from './money';


/**
 * THE pricing rule (docs/decisions/014-pricing-and-quotes.md): quotes and orders are priced here and
 * nowhere else, from rules the database holds (009_pricing.sql, read by repositories/price-rules.ts).
 * Every price is VAT inclusive (UK retail), counted in whole pence:
 *   items (price × quantity) + priced options − the frequency's discount on the discountable lines
 *   + extras + the Congestion Charge when the postcode's district is in the zone = total;
 *   VAT = the VAT part of the total, rounded to the penny; net = total − VAT (so net + VAT = total).
 */
export interface PriceRules {
  serviceId: number;
  serviceName: string;
  items: Array<{ id: number; name: string; price: Pence; discountable: boolean }>;
  frequencies: Array<{ code: string; name: string; discountPercent: number }>;
  extras: Array<{ id: number; name: string; price: Pence; kind: 'extra' | 'option'; discountable: boolean }>;
  congestionDistricts: ReadonlySet<string>;
  congestionCharge: Pence;
  vatPercent: number;
}

export interface PriceChoices {
  items: Array<{ id: number; quantity: number }>;
  frequency: string;
  extras: Array<{ id: number; quantity: number }>;
  postcode: string | null;
}

export interface PricedLine {
  kind: QuoteLine['kind'];
  name: string;
  quantity?: number;
  unitPrice?: Pence;
  amount: Pence;
  /** The VAT rate in force when the line was priced: stored with it, so an invoice never re-rates it. */
  vatPercent: number;
}

export interface PricedJob {
  lines: PricedLine[];
  total: Pence;
  vat: Pence;
  net: Pence;
}

export const CONGESTION_CHARGE_NAME = 'Congestion Charge';

/** "WC2N" of "wc2n 5du" or "WC2N5DU": the outward code, the postcode less its last three characters. */
export function postcodeDistrict(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return compact.slice(0, -3);
}

export function isInCongestionZone(rules: Pick<PriceRules, 'congestionDistricts'>, postcode: string | null): boolean {
  return postcode !== null && rules.congestionDistricts.has(postcodeDistrict(postcode));
}

/**
 * The UK standard VAT rate, the one place it is written outside the database: the default of the
 * settings' `vat_percent` (migration 009), used only where no rate was stored (a settings row or an
 * order line read before it existed). Every price reads the rate from the settings (decision 077).
 */
export const STANDARD_VAT_PERCENT = 20;

/**
 * The VAT rate the settings hold (`pricing_settings.vat_percent`, read as text or a number); the
 * standard rate only when no settings were read (no row yet, or the page still loading): the one
 * fallback (decision 096), so a rate set in the back office is the rate of every new line.
 */
export function settingsVatPercent(stored: string | number | null | undefined): number {
  return stored === null || stored === undefined ? STANDARD_VAT_PERCENT : Number(stored);
}

/** The VAT part of a VAT-inclusive amount, to the nearest penny: gross × rate / (100 + rate). */
export function vatOf(gross: Pence, vatPercent: number): Pence {
  return Math.round((gross * vatPercent) / (100 + vatPercent));
}

/** Why the rules cannot price these choices (one the rules do not offer, or one listed twice), naming it; null when they can. */
export function choicesProblem(rules: PriceRules, choices: PriceChoices): string | null {
  const repeated = repeatedChoice('Item', choices.items) ?? repeatedChoice('Extra', choices.extras);
  if (repeated) return repeated;
  if (!rules.frequencies.some((candidate) => candidate.code === choices.frequency)) return `Unknown frequency "${choices.frequency}"`;
  const item = choices.items.find(({ id }) => !rules.items.some((candidate) => candidate.id === id));
  if (item) return `Item ${item.id} is not part of ${rules.serviceName}`;
  const extra = choices.extras.find(({ id }) => !rules.extras.some((candidate) => candidate.id === id));
  if (extra) return `Extra ${extra.id} is not offered`;
  return null;
}

/** Prices a job. Choices must pass `choicesProblem` first: pricing others is a programming error. */
export function priceJob(rules: PriceRules, choices: PriceChoices): PricedJob {
  const problem = choicesProblem(rules, choices);
  if (problem) throw new Error(problem);
  const frequency = rules.frequencies.find((candidate) => candidate.code === choices.frequency)!;

  const lines: PricedLine[] = [];
  const vatPercent = rules.vatPercent;
  let discountable = 0;
  for (const { id, quantity } of choices.items) {
    const item = rules.items.find((candidate) => candidate.id === id)!;
    const amount = item.price * quantity;
    lines.push({ kind: 'item', name: item.name, quantity, unitPrice: item.price, amount, vatPercent });
    if (item.discountable) discountable += amount;
  }
  const extras = choices.extras.map(({ id, quantity }) => {
    const extra = rules.extras.find((candidate) => candidate.id === id)!;
    return { extra, quantity, amount: extra.price * quantity };
  });
  for (const { extra, amount } of extras) if (extra.discountable) discountable += amount;
  // Options (bigger rooms) are part of the clean: listed with the items, before the discount; the
  // terms' flat extras after it.
  for (const { extra, quantity, amount } of extras.filter(({ extra }) => extra.kind === 'option')) {
    lines.push({ kind: 'option', name: extra.name, quantity, unitPrice: extra.price, amount, vatPercent });
  }
  const discount = percentOf(discountable, frequency.discountPercent);
  if (discount > 0) lines.push({ kind: 'discount', name: `${frequency.name} discount (${frequency.discountPercent}%)`, amount: -discount, vatPercent });
  for (const { extra, quantity, amount } of extras.filter(({ extra }) => extra.kind === 'extra')) {
    lines.push({ kind: 'extra', name: extra.name, quantity, unitPrice: extra.price, amount, vatPercent });
  }
  if (isInCongestionZone(rules, choices.postcode)) {
    lines.push({ kind: 'congestion', name: CONGESTION_CHARGE_NAME, amount: rules.congestionCharge, vatPercent });
  }
  return totalOf(lines, rules.vatPercent);
}

function totalOf(lines: PricedLine[], vatPercent: number): PricedJob {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const vat = vatOf(total, vatPercent);
  return { lines, total, vat, net: total - vat };
}

function repeatedChoice(what: string, choices: Array<{ id: number }>): string | null {
  const ids = choices.map((choice) => choice.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  return repeated === undefined ? null : `${what} ${repeated} is listed more than once`;
}

/** Lines in pounds, as the API answers them. */
export function linesInPounds(lines: PricedLine[]): QuoteLine[] {
  return lines.map(({ unitPrice, amount, kind, name, quantity }) => ({
    kind,
    name,
    ...(quantity === undefined ? {} : { quantity }),
    ...(unitPrice === undefined ? {} : { unitPrice: toPounds(unitPrice) }),
    amount: toPounds(amount),
  }));
}
