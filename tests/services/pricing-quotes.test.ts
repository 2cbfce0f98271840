import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import {
  addCongestionDistrict,
  getPricingRules,
  listPricingAudit,
  removeCongestionDistrict,
  updateCongestionCharge,
  updateExtraPrice,
  updateFrequencyDiscount,
  updateItemPrice,
  updateOpeningHours,
} from '../../server/services/pricing-settings';
import {
  createQuote,
  getQuote,
  getQuoteOptions,
  priceNewOrder,
  QUOTE_EXPIRED_MESSAGE,
  QUOTE_MISMATCH_MESSAGE,
} from '../../server/services/quotes';
import type { TestDatabase } from '../api/support/test-database';
import { extraNamed, ownDatabase, seededUser, serviceNamed } from './support/own-database';
import { refused } from './support/refused';

/**
 * The pricing rule through the quote service (docs/decisions/014, R-PRICE) and the back office's
 * price and hours changes (decision 023), on a real seeded PGlite: prices as the migration seeds
 * them (Bedroom £25, Bathroom £30, Weekly 15% off, Large bedroom option £15, Belongings extra £50,
 * Congestion Charge £11.50, VAT 20% included, quotes held 30 minutes).
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const MINUTE = 60_000;

let testDb: TestDatabase;
let db: Database;
let admin: AuthUser;
let houseKeeping: { id: number; items: Map<string, number> };
let moving: { id: number; items: Map<string, number> };
let bedroom: number;
let bathroom: number;
let largeBedroom: number;
let belongings: number;

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  admin = await seededUser(db, 'admin@sparkle.test');
  houseKeeping = await serviceNamed(db, 'House Keeping');
  moving = await serviceNamed(db, 'Moving');
  bedroom = houseKeeping.items.get('Bedroom')!;
  bathroom = houseKeeping.items.get('Bathroom')!;
  largeBedroom = await extraNamed(db, 'Large bedroom (over 20 m²)');
  belongings = await extraNamed(db, 'Belongings left in the property');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

const quoteOf = (request: Partial<Parameters<typeof createQuote>[1]> = {}, now = NOW) =>
  createQuote(db, { service: houseKeeping.id, items: [{ id: bedroom, quantity: 2 }], frequency: 'one_off', ...request }, now);

describe('quotes (R-PRICE)', () => {
  it('lists what a quote of the service can choose from, in pounds', async () => {
    const options = await getQuoteOptions(db, houseKeeping.id);
    expect(options.serviceId).toBe(houseKeeping.id);
    expect(options.serviceName).toBe('House Keeping');
    expect(options.items[0]).toEqual({ id: bedroom, name: 'Bedroom', price: 25 });
    expect(options.frequencies.map((f) => [f.code, f.name, f.discountPercent])).toEqual([
      ['one_off', 'One-off', 0], ['weekly', 'Weekly', 15], ['fortnightly', 'Fortnightly', 10], ['monthly', 'Monthly', 5],
    ]);
    expect(options.extras[0]).toEqual({ id: largeBedroom, name: 'Large bedroom (over 20 m²)', price: 15, kind: 'option' });
    expect(options.extras.find((extra) => extra.id === belongings)).toEqual({ id: belongings, name: 'Belongings left in the property', price: 50, kind: 'extra' });
    expect([options.vatPercent, options.congestionCharge]).toEqual([20, 11.5]);
    await refused(getQuoteOptions(db, 999_999), 404, 'Service not found');
  });

  it('prices items, options, the frequency discount, extras and the Congestion Charge, VAT included', async () => {
    const quote = await quoteOf({
      items: [{ id: bedroom, quantity: 2 }, { id: bathroom, quantity: 1 }],
      frequency: 'weekly',
      extras: [{ id: belongings, quantity: 1 }, { id: largeBedroom, quantity: 2 }],
      postcode: ' wc2n 5du ',
    });
    // (2 × 25 + 30 + 2 × 15) × 15% = £16.50 off; 50 + 30 + 30 − 16.50 + 50 + 11.50 = £155.
    expect(quote.lines).toEqual([
      { kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 25, amount: 50 },
      { kind: 'item', name: 'Bathroom', quantity: 1, unitPrice: 30, amount: 30 },
      { kind: 'option', name: 'Large bedroom (over 20 m²)', quantity: 2, unitPrice: 15, amount: 30 },
      { kind: 'discount', name: 'Weekly discount (15%)', amount: -16.5 },
      { kind: 'extra', name: 'Belongings left in the property', quantity: 1, unitPrice: 50, amount: 50 },
      { kind: 'congestion', name: 'Congestion Charge', amount: 11.5 },
    ]);
    expect([quote.total, quote.vat, quote.net]).toEqual([155, 25.83, 129.17]);
    expect(quote.postcode).toBe('WC2N 5DU');
    expect([quote.service, quote.serviceName, quote.frequency]).toEqual([houseKeeping.id, 'House Keeping', 'weekly']);
    expect(quote.extras).toEqual([{ id: belongings, quantity: 1 }, { id: largeBedroom, quantity: 2 }]);
    // Held for 30 minutes; read back exactly as given.
    expect(quote.expiresAt).toBe(new Date(NOW.getTime() + 30 * MINUTE).toISOString());
    expect(await getQuote(db, quote.id)).toEqual(quote);
  });

  it('adds no discount line for One-off and no charge outside the zone or without a postcode', async () => {
    const outside = await quoteOf({ postcode: 'SE22 8AB' });
    expect(outside.lines.map((line) => line.kind)).toEqual(['item']);
    expect([outside.total, outside.vat, outside.net, outside.postcode]).toEqual([50, 8.33, 41.67, 'SE22 8AB']);
    const none = await quoteOf();
    expect([none.total, none.postcode, none.extras]).toEqual([50, null, []]);
  });

  it('never discounts goods sold at cost', async () => {
    const quote = await createQuote(db, {
      service: moving.id,
      items: [{ id: moving.items.get('Packing boxes (pack of 10)')!, quantity: 2 }, { id: moving.items.get('Extra mover (per hour)')!, quantity: 1 }],
      frequency: 'fortnightly',
    }, NOW);
    // Only the mover's £25 earns Fortnightly's 10%: 36 + 25 − 2.50 = £58.50.
    expect(quote.lines.find((line) => line.kind === 'discount')).toEqual({ kind: 'discount', name: 'Fortnightly discount (10%)', amount: -2.5 });
    expect(quote.total).toBe(58.5);
  });

  it('refuses choices the rules do not offer, naming them', async () => {
    await refused(quoteOf({ frequency: 'daily' as 'weekly' }), 400, 'Unknown frequency "daily"');
    await refused(quoteOf({ items: [{ id: bedroom, quantity: 1 }, { id: bedroom, quantity: 2 }] }), 400, `Item ${bedroom} is listed more than once`);
    await refused(quoteOf({ extras: [{ id: belongings, quantity: 1 }, { id: belongings, quantity: 1 }] }), 400, `Extra ${belongings} is listed more than once`);
    const boxes = moving.items.get('Packing boxes (pack of 10)')!;
    await refused(quoteOf({ items: [{ id: boxes, quantity: 1 }] }), 400, `Item ${boxes} is not part of House Keeping`);
    await refused(quoteOf({ items: [{ id: bedroom, quantity: 1 }, { id: 999_999, quantity: 1 }] }), 404, 'Item 999999 not found');
    // An item of no service is named first, even after one of another service.
    await refused(quoteOf({ items: [{ id: boxes, quantity: 1 }, { id: 999_999, quantity: 1 }] }), 404, 'Item 999999 not found');
    await refused(quoteOf({ extras: [{ id: 999, quantity: 1 }] }), 400, 'Extra 999 is not offered');
    await refused(quoteOf({ service: 999_999 }), 404, 'Service not found');
    await refused(getQuote(db, 'no-such-quote'), 404, 'Quote not found');
  });
});

describe('pricing a new order (R-PRICE)', () => {
  it('without a quote: the same rule, One-off, no extras and no postcode', async () => {
    const priced = await priceNewOrder(db, { service: houseKeeping.id, items: [{ id: bedroom, quantity: 2 }, { id: bathroom, quantity: 1 }] }, NOW);
    expect(priced).toEqual({
      lines: [
        { kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 2500, amount: 5000, vatPercent: 20 },
        { kind: 'item', name: 'Bathroom', quantity: 1, unitPrice: 3000, amount: 3000, vatPercent: 20 },
      ],
      total: 8000, vat: 1333, net: 6667, frequency: 'one_off', postcode: null, quoteId: null,
    });
    await refused(priceNewOrder(db, { service: houseKeeping.id, items: [{ id: 999_999, quantity: 1 }] }, NOW), 404, 'Item 999999 not found');
  });

  it('from a quote: exactly its price while it holds, for the same service and items in any order', async () => {
    const quote = await quoteOf({ items: [{ id: bedroom, quantity: 2 }, { id: bathroom, quantity: 1 }], frequency: 'weekly', postcode: 'SW1A 2AA' });
    const items = [{ id: bathroom, quantity: 1 }, { id: bedroom, quantity: 2 }];
    const justBefore = new Date(NOW.getTime() + 30 * MINUTE - 1);
    const priced = await priceNewOrder(db, { service: houseKeeping.id, items, quote: quote.id }, justBefore);
    // 80 − 12 + 11.50 = £79.50.
    expect([priced.total, priced.vat, priced.net, priced.frequency, priced.postcode, priced.quoteId]).toEqual([7950, 1325, 6625, 'weekly', 'SW1A 2AA', quote.id]);
    expect(priced.lines.map((line) => line.kind)).toEqual(['item', 'item', 'discount', 'congestion']);
  });

  it('refuses an expired or unknown quote, and items or a service other than the quoted ones (409)', async () => {
    const quote = await quoteOf({ items: [{ id: bedroom, quantity: 2 }] });
    const items = [{ id: bedroom, quantity: 2 }];
    const expiry = new Date(NOW.getTime() + 30 * MINUTE);
    await refused(priceNewOrder(db, { service: houseKeeping.id, items, quote: quote.id }, expiry), 409, QUOTE_EXPIRED_MESSAGE);
    await refused(priceNewOrder(db, { service: houseKeeping.id, items, quote: 'no-such-quote' }, NOW), 409, QUOTE_EXPIRED_MESSAGE);
    await refused(priceNewOrder(db, { service: houseKeeping.id, items: [{ id: bedroom, quantity: 3 }], quote: quote.id }, NOW), 409, QUOTE_MISMATCH_MESSAGE);
    await refused(priceNewOrder(db, { service: houseKeeping.id, items: [{ id: bathroom, quantity: 2 }], quote: quote.id }, NOW), 409, QUOTE_MISMATCH_MESSAGE);
    await refused(priceNewOrder(db, { service: moving.id, items, quote: quote.id }, NOW), 409, QUOTE_MISMATCH_MESSAGE);
    expect(QUOTE_EXPIRED_MESSAGE).toBe('This price has expired: please check the new price and continue again');
    expect(QUOTE_MISMATCH_MESSAGE).toBe('The chosen items differ from the quoted ones: please check the new price and continue again');
  });
});

describe('the back office changes prices and hours (decision 023)', () => {
  // Each change a minute after the last: the audit lists the newest first.
  let minutes = 0;
  const tick = () => new Date(NOW.getTime() + ++minutes * MINUTE);
  const auditSince = async (count: number) => {
    const { rows, total } = await listPricingAudit(db, { limit: 50, page: 1 });
    return { entries: rows.slice(0, total - count).map(({ actor, rule, subject, from, to }) => ({ actor, rule, subject, from, to })), total, first: rows[0] };
  };
  const auditCount = async () => (await listPricingAudit(db, { limit: 1, page: 1 })).total;

  it('a new item price is in the next quote, and the change is audited as £ from → to', async () => {
    const before = await auditCount();
    const at = tick();
    expect(await updateItemPrice(db, admin, bedroom, 27.5, at)).toEqual({ id: bedroom, service: houseKeeping.id, serviceName: 'House Keeping', name: 'Bedroom', price: 27.5, minutes: 30 });
    expect((await quoteOf()).total).toBe(55);
    const { entries, first } = await auditSince(before);
    expect(entries).toEqual([{ actor: admin.name, rule: 'item_price', subject: 'House Keeping — Bedroom', from: '£25.00', to: '£27.50' }]);
    expect(first?.at).toBe(at.toISOString());
    // The same price again changes nothing, so nothing is audited.
    await updateItemPrice(db, admin, bedroom, 27.5, tick());
    expect(await auditCount()).toBe(before + 1);
    await updateItemPrice(db, admin, bedroom, 25, tick());
    await refused(updateItemPrice(db, admin, 999_999, 10, tick()), 404, 'Item not found');
  });

  it('a frequency discount, an extra price and the Congestion Charge change the next quote', async () => {
    const before = await auditCount();
    expect(await updateFrequencyDiscount(db, admin, 'weekly', 20, tick())).toEqual({ code: 'weekly', name: 'Weekly', discountPercent: 20 });
    expect(await updateExtraPrice(db, admin, belongings, 60, tick())).toEqual({ id: belongings, name: 'Belongings left in the property', kind: 'extra', price: 60 });
    expect(await updateCongestionCharge(db, admin, 15, tick())).toEqual({ price: 15 });
    const quote = await quoteOf({ frequency: 'weekly', extras: [{ id: belongings, quantity: 1 }], postcode: 'WC2N 5DU' });
    // 50 − 10 (20%) + 60 + 15 = £115.
    expect(quote.total).toBe(115);
    expect((await auditSince(before)).entries.reverse()).toEqual([
      { actor: admin.name, rule: 'frequency_discount', subject: 'Weekly', from: '15%', to: '20%' },
      { actor: admin.name, rule: 'extra_price', subject: 'Belongings left in the property', from: '£50.00', to: '£60.00' },
      { actor: admin.name, rule: 'congestion_charge', subject: 'Congestion Charge', from: '£11.50', to: '£15.00' },
    ]);
    const rules = await getPricingRules(db);
    expect([rules.congestionCharge, rules.vatPercent]).toEqual([15, 20]);
    expect(rules.frequencies.find((f) => f.code === 'weekly')?.discountPercent).toBe(20);
    await updateFrequencyDiscount(db, admin, 'weekly', 15, tick());
    await updateExtraPrice(db, admin, belongings, 50, tick());
    await updateCongestionCharge(db, admin, 11.5, tick());
    await refused(updateFrequencyDiscount(db, admin, 'daily', 5, tick()), 404, 'Frequency not found');
    await refused(updateExtraPrice(db, admin, 999, 5, tick()), 404, 'Extra not found');
  });

  it('a district added to the zone is charged, in capitals; adding it twice or removing an absent one audits nothing', async () => {
    const before = await auditCount();
    expect(await addCongestionDistrict(db, admin, ' e1 ', tick())).toContain('E1');
    expect((await quoteOf({ postcode: 'E1 6AN' })).total).toBe(61.5);
    await addCongestionDistrict(db, admin, 'E1', tick());
    expect(await removeCongestionDistrict(db, admin, 'e1', tick())).not.toContain('E1');
    await removeCongestionDistrict(db, admin, 'E1', tick());
    expect((await quoteOf({ postcode: 'E1 6AN' })).total).toBe(50);
    expect((await auditSince(before)).entries.reverse()).toEqual([
      { actor: admin.name, rule: 'congestion_district', subject: 'E1', from: 'Outside the zone', to: 'Inside the zone' },
      { actor: admin.name, rule: 'congestion_district', subject: 'E1', from: 'Inside the zone', to: 'Outside the zone' },
    ]);
  });

  it('opening hours: audited as shown, closed days say so, and a day must open before it closes', async () => {
    const before = await auditCount();
    expect(await updateOpeningHours(db, admin, 0, { open: false, opens: '08:00', closes: '18:00' }, tick())).toEqual({ weekday: 0, open: false, opens: '08:00', closes: '18:00' });
    await updateOpeningHours(db, admin, 0, { open: true, opens: '07:00', closes: '20:00' }, tick());
    expect((await auditSince(before)).entries.reverse()).toEqual([
      { actor: admin.name, rule: 'opening_hours', subject: 'Sunday', from: '07:00–20:00', to: 'Closed (08:00–18:00)' },
      { actor: admin.name, rule: 'opening_hours', subject: 'Sunday', from: 'Closed (08:00–18:00)', to: '07:00–20:00' },
    ]);
    expect((await getPricingRules(db)).openingHours[0]).toEqual({ weekday: 0, open: true, opens: '07:00', closes: '20:00' });
    await refused(
      () => updateOpeningHours(db, admin, 1, { open: true, opens: '18:00', closes: '18:00' }, tick()),
      400,
      'Monday must open before it closes: opening time 18:00 is not before closing time 18:00',
    );
    await refused(() => updateOpeningHours(db, admin, 7, { open: true, opens: '08:00', closes: '18:00' }, tick()), 400, 'weekday must be 0 (Sunday) to 6 (Saturday)');
  });
});
