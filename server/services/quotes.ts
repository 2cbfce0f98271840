import { randomBytes } from 'node:crypto';
import type { Quote, QuoteOptions, QuoteRequest } from '../../openapi/schema';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { existingItemIds, loadPriceRules, type LoadedRules } from '../repositories/price-rules';
import { quoteRepository, type QuoteRow } from '../repositories/quotes';
import { serviceDistrictsRepository } from '../repositories/service-districts';
import { choicesMinutes } from '../repositories/job-minutes';
import { notCoveredMessage, serviceDistrict } from './service-area';
import { toPounds } from '../../domain/money/money';
import { linesInPounds, priceJob, type PricedJob, type PriceChoices } from '../../domain/money/pricing';
import { assertPriceable } from './pricing';


export const QUOTE_EXPIRED_MESSAGE = 'This price has expired: please check the new price and continue again';
export const QUOTE_MISMATCH_MESSAGE = 'The chosen items differ from the quoted ones: please check the new price and continue again';
export const DEFAULT_FREQUENCY = 'one_off';

async function rulesOf(db: Database, serviceId: number): Promise<LoadedRules> {
  const loaded = await loadPriceRules(db, serviceId);
  if (!loaded) throw notFound('Service not found');
  return loaded;
}

/** What a quote of the service can choose from (GET /quotes/options/{id}). */
export async function getQuoteOptions(db: Database, serviceId: number): Promise<QuoteOptions> {
  const { rules } = await rulesOf(db, serviceId);
  return {
    serviceId,
    serviceName: rules.serviceName,
    items: rules.items.map(({ id, name, price }) => ({ id, name, price: toPounds(price) })),
    frequencies: rules.frequencies,
    extras: rules.extras.map(({ id, name, price, kind }) => ({ id, name, price: toPounds(price), kind })),
    vatPercent: rules.vatPercent,
    congestionCharge: toPounds(rules.congestionCharge),
  };
}

export function choicesOf(request: QuoteRequest): PriceChoices {
  return {
    items: request.items.map(({ id, quantity }) => ({ id, quantity })),
    frequency: request.frequency,
    extras: (request.extras ?? []).map(({ id, quantity }) => ({ id, quantity })),
    postcode: request.postcode ? request.postcode.trim().toUpperCase() : null,
  };
}

/** Prices and stores a quote; it holds its price for the rules' hold time (30 minutes by default). */
export async function createQuote(db: Database, request: QuoteRequest, now: Date): Promise<Quote> {
  const { rules, quoteHoldMinutes } = await rulesOf(db, request.service);
  const choices = choicesOf(request);
  await assertItemsExist(db, rules, choices.items);
  assertPriceable(rules, choices);
  if (choices.postcode !== null) {
    const district = serviceDistrict(choices.postcode);
    if (!(await serviceDistrictsRepository(db).serves(district))) throw badRequest(notCoveredMessage(district));
  }
  const priced = priceJob(rules, choices);
  const id = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + quoteHoldMinutes * 60_000);
  await quoteRepository(db).insert({ id, serviceId: request.service, choices, ...priced, createdAt: now, expiresAt });
  const minutes = await choicesMinutes(db, request.service, choices.items);
  return quoteView({ id, serviceId: request.service, serviceName: rules.serviceName, choices, priced, minutes, expiresAt });
}

export async function getQuote(db: Database, id: string): Promise<Quote> {
  const row = await quoteRepository(db).find(id);
  if (!row) throw notFound('Quote not found');
  const minutes = await choicesMinutes(db, row.service_id, row.choices.items);
  return quoteView({ id: row.id, serviceId: row.service_id, serviceName: row.service_name, choices: row.choices, priced: pricedOf(row), minutes, expiresAt: row.expires_at });
}

function pricedOf(row: QuoteRow): PricedJob {
  return { lines: row.lines, total: row.total, vat: row.vat, net: row.total - row.vat };
}

function quoteView(quote: { id: string; serviceId: number; serviceName: string; choices: PriceChoices; priced: PricedJob; minutes: number; expiresAt: Date }): Quote {
  const { choices, priced } = quote;
  return {
    id: quote.id,
    service: quote.serviceId,
    serviceName: quote.serviceName,
    frequency: choices.frequency,
    postcode: choices.postcode,
    items: choices.items,
    extras: choices.extras,
    lines: linesInPounds(priced.lines),
    total: toPounds(priced.total),
    vat: toPounds(priced.vat),
    net: toPounds(priced.net),
    minutes: quote.minutes,
    expiresAt: new Date(quote.expiresAt).toISOString(),
  };
}

/** How a new order is priced: its frequency, lines, total and VAT, and the quote and postcode they came from. */
export interface OrderPricing extends PricedJob {
  frequency: string;
  postcode: string | null;
  quoteId: string | null;
}

/**
 * The price of an order being created. From a quote: exactly the quote's price while it holds, for
 * the same service and items (409 otherwise; a client's price is never taken). Without one: the
 * same rule, One-off, no extras, no postcode (the spec's call: Σ price × quantity).
 */
export async function priceNewOrder(
  db: Database,
  request: { service: number; items: Array<{ id: number; quantity: number }>; quote?: string },
  now: Date,
): Promise<OrderPricing> {
  if (request.quote) {
    const row = await quoteRepository(db).find(request.quote);
    if (!row || new Date(row.expires_at) <= now) throw conflict(QUOTE_EXPIRED_MESSAGE);
    if (row.service_id !== request.service || !sameChoices(row.choices.items, request.items)) throw conflict(QUOTE_MISMATCH_MESSAGE);
    return { ...pricedOf(row), frequency: row.frequency, postcode: row.postcode, quoteId: row.id };
  }
  const { rules } = await rulesOf(db, request.service);
  await assertItemsExist(db, rules, request.items);
  const choices: PriceChoices = { items: request.items, frequency: DEFAULT_FREQUENCY, extras: [], postcode: null };
  assertPriceable(rules, choices);
  return { ...priceJob(rules, choices), frequency: DEFAULT_FREQUENCY, postcode: null, quoteId: null };
}

function sameChoices(a: Array<{ id: number; quantity: number }>, b: Array<{ id: number; quantity: number }>): boolean {
  const key = (choices: Array<{ id: number; quantity: number }>) => choices.map(({ id, quantity }) => `${id}x${quantity}`).sort().join(',');
  return key(a) === key(b);
}

/** An item of no service at all is a 404 (an item of another service stays the pricing rule's 400). */
async function assertItemsExist(db: Database, rules: LoadedRules['rules'], items: Array<{ id: number }>): Promise<void> {
  const missing = items.map(({ id }) => id).filter((id) => !rules.items.some((item) => item.id === id));
  if (missing.length === 0) return;
  const found = await existingItemIds(db, missing);
  const unknown = missing.find((id) => !found.includes(id));
  if (unknown !== undefined) throw notFound(`Item ${unknown} not found`);
}
