import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { loadPriceRules } from '../../server/repositories/price-rules';
import { createQuote } from '../../server/services/quotes';
import type { TestDatabase } from '../api/support/test-database';
import { ownDatabase, serviceNamed } from './support/own-database';

/**
 * Every district of the Congestion Charge zone as the migration seeds it (009_pricing.sql), each
 * priced through a real quote on a seeded PGlite, and districts just outside it (SE10 and SE11 start
 * like SE1; SW1V is Pimlico, beside SW1P). Pinned in full here because the list is data, not code:
 * no mutant of domain/money/pricing.ts can delete W1D from it, only this test notices.
 */
const ZONE = [
  'EC1A', 'EC1M', 'EC1N', 'EC1R', 'EC1V', 'EC1Y',
  'EC2A', 'EC2M', 'EC2N', 'EC2R', 'EC2V', 'EC2Y',
  'EC3A', 'EC3M', 'EC3N', 'EC3R', 'EC3V',
  'EC4A', 'EC4M', 'EC4N', 'EC4R', 'EC4V', 'EC4Y',
  'WC1A', 'WC1B', 'WC1E', 'WC1H', 'WC1N', 'WC1R', 'WC1V', 'WC1X',
  'WC2A', 'WC2B', 'WC2E', 'WC2H', 'WC2N', 'WC2R',
  'W1B', 'W1C', 'W1D', 'W1F', 'W1G', 'W1H', 'W1J', 'W1K', 'W1S', 'W1T', 'W1U', 'W1W',
  'SW1A', 'SW1E', 'SW1H', 'SW1P', 'SW1W', 'SW1X', 'SW1Y',
  'SE1',
];
const OUTSIDE = ['SE10 9NN', 'SE11 4AA', 'SW1V 1QT', 'W2 1JB', 'N1 9GU', 'E1 6AN', 'EC1P 1AA', 'NW1 4RY'];

const NOW = new Date('2030-01-07T12:00:00.000Z');
let testDb: TestDatabase;
let db: Database;
let houseKeeping: { id: number; items: Map<string, number> };

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  houseKeeping = await serviceNamed(db, 'House Keeping');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

/** Two bedrooms (£50) quoted for a postcode: £61.50 inside the zone, £50 outside. */
const quoteFor = (postcode: string) =>
  createQuote(db, { service: houseKeeping.id, items: [{ id: houseKeeping.items.get('Bedroom')!, quantity: 2 }], frequency: 'one_off', postcode }, NOW);

describe('the Congestion Charge zone (R-PRICE)', () => {
  it('is exactly the seeded list of districts', async () => {
    const loaded = await loadPriceRules(db, houseKeeping.id);
    expect([...loaded!.rules.congestionDistricts].sort()).toEqual([...ZONE].sort());
  });

  it.each(ZONE)('charges £11.50 in %s, however the postcode is written', async (district) => {
    for (const postcode of [`${district} 1AA`, `${district.toLowerCase()}1aa`]) {
      const quote = await quoteFor(postcode);
      expect(quote.lines.filter((line) => line.kind === 'congestion').map((line) => line.amount), postcode).toEqual([11.5]);
      expect(quote.total, postcode).toBe(61.5);
    }
  });

  it.each(OUTSIDE)('charges nothing in %s', async (postcode) => {
    const quote = await quoteFor(postcode);
    expect(quote.lines.some((line) => line.kind === 'congestion')).toBe(false);
    expect(quote.total).toBe(50);
  });
});
