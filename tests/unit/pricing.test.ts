import { describe, expect, it } from 'vitest';
import { postcodeDistrict, priceJob, settingsVatPercent, vatOf, type PriceRules } from '../../domain/money/pricing';

/** The pricing rule on its own (docs/decisions/014), with rules as the migration seeds them. */
const rules: PriceRules = {
  serviceId: 1,
  serviceName: 'House Keeping',
  items: [
    { id: 1, name: 'Bedroom', price: 2500, discountable: true },
    { id: 2, name: 'Packing boxes (pack of 10)', price: 1800, discountable: false },
  ],
  frequencies: [
    { code: 'one_off', name: 'One-off', discountPercent: 0 },
    { code: 'weekly', name: 'Weekly', discountPercent: 15 },
  ],
  extras: [
    { id: 1, name: 'Large bedroom (over 20 m²)', price: 1500, kind: 'option', discountable: true },
    { id: 3, name: 'Belongings left in the property', price: 5000, kind: 'extra', discountable: false },
  ],
  congestionDistricts: new Set(['WC2N', 'EC1A', 'SW1A']),
  congestionCharge: 1150,
  vatPercent: 20,
};

describe('pricing rule', () => {
  it('takes the VAT part of a VAT-inclusive amount to the nearest penny, so net + VAT = gross', () => {
    expect(vatOf(8000, 20)).toBe(1333);
    expect(vatOf(4675, 20)).toBe(779);
    expect(vatOf(2975, 20)).toBe(496);
    for (let gross = 0; gross < 3000; gross += 7) expect(gross - vatOf(gross, 20) + vatOf(gross, 20)).toBe(gross);
  });

  it('reads the district of a postcode however it is typed', () => {
    expect(['WC2N 5DU', 'wc2n5du', 'SE22 8AB', 'E1 6AN'].map(postcodeDistrict)).toEqual(['WC2N', 'WC2N', 'SE22', 'E1']);
  });

  it('discounts items and options but not goods at cost, extras or the Congestion Charge', () => {
    const job = priceJob(rules, {
      items: [{ id: 1, quantity: 1 }, { id: 2, quantity: 1 }],
      frequency: 'weekly',
      extras: [{ id: 3, quantity: 1 }, { id: 1, quantity: 1 }],
      postcode: 'WC2N 5DU',
    });
    // (25 + 15) × 15% = £6.00 off; 25 + 18 + 15 − 6 + 50 + 11.50 = £113.50.
    expect(job.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['item', 2500], ['item', 1800], ['option', 1500], ['discount', -600], ['extra', 5000], ['congestion', 1150],
    ]);
    expect([job.total, job.vat, job.net]).toEqual([11350, 1892, 9458]);
  });

  it('adds no Congestion Charge outside the zone or without a postcode', () => {
    const base = { items: [{ id: 1, quantity: 1 }], frequency: 'one_off', extras: [] };
    expect(priceJob(rules, { ...base, postcode: 'SE22 8AB' }).total).toBe(2500);
    expect(priceJob(rules, { ...base, postcode: null }).total).toBe(2500);
    expect(priceJob(rules, { ...base, postcode: 'sw1a 2aa' }).total).toBe(3650);
  });
});

describe('the VAT rate (decision 096)', () => {
  it('is the settings\' rate, read as text or a number, and the standard 20% only when no settings were read', () => {
    expect(settingsVatPercent('5.00')).toBe(5);
    expect(settingsVatPercent(0)).toBe(0);
    expect(settingsVatPercent('0')).toBe(0);
    expect(settingsVatPercent(null)).toBe(20);
    expect(settingsVatPercent(undefined)).toBe(20);
  });
});
