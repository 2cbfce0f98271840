import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPLIER, invoiceLabel, supplierOf } from '../../../domain/money/invoice-labels';
import { isCharge, ledgerTotals, vatByRate, type LedgerKind, type LedgerLine } from '../../../domain/money/ledger';
import { formatMoney, formatPounds, percentOf, poundsText, toPence, toPounds } from '../../../domain/money/money';
import { RESCHEDULING_FEE_NAME, grossOf, lineText, lineView, totalsOf, type OrderLine } from '../../../domain/money/order-lines';
import {
  CONGESTION_CHARGE_NAME,
  choicesProblem,
  isInCongestionZone,
  linesInPounds,
  postcodeDistrict,
  priceJob,
  vatOf,
  type PriceRules,
} from '../../../domain/money/pricing';

/**
 * Money as people and the contract see it (decisions 014, 035, 036): integer pence, £1,234.50,
 * VAT taken once per rate, ledger totals that add up, and the reasons a price cannot be made.
 */
describe('pence and pounds', () => {
  it('turns pounds as the database or the API gives them into whole pence, rounding the float', () => {
    expect(toPence('1234.50')).toBe(123_450);
    expect(toPence(19.99)).toBe(1_999);
    expect(toPence(0.29)).toBe(29);
    expect(toPence('-7.5')).toBe(-750);
    expect(toPounds(123_450)).toBe(1234.5);
    expect(toPounds(-1)).toBe(-0.01);
  });

  it('writes pounds with two decimals for the accounts, and £1,234.50 for people', () => {
    expect(poundsText(123_450)).toBe('1234.50');
    expect(poundsText(5)).toBe('0.05');
    expect(formatPounds(123_450)).toBe('£1,234.50');
    expect(formatPounds(-825)).toBe('-£8.25');
    expect(formatPounds(0)).toBe('£0.00');
    expect(formatMoney(1_000_000)).toBe('£1,000,000.00');
    expect(formatMoney(16.5)).toBe('£16.50');
  });

  it('takes a percentage to the nearest penny, half a penny up', () => {
    expect(percentOf(12_345, 30)).toBe(3_704);
    expect(percentOf(5, 10)).toBe(1);
    expect(percentOf(4, 10)).toBe(0);
    expect(percentOf(1000, 0)).toBe(0);
    expect(percentOf(1000, 100)).toBe(1000);
  });
});

describe('VAT', () => {
  it('is the VAT part of a VAT-inclusive amount at each rate: 20%, 5% and 0%', () => {
    expect(vatOf(12_000, 20)).toBe(2_000);
    expect(vatOf(10_500, 5)).toBe(500);
    expect(vatOf(10_000, 0)).toBe(0);
    expect(vatOf(1, 20)).toBe(0);
    expect(vatOf(3, 20)).toBe(1);
    expect(vatOf(-600, 20)).toBe(-100);
  });

  it('is taken once per rate, highest rate first, with net + VAT = gross', () => {
    const rates = vatByRate([
      { amount: 10, vatPercent: 5 },
      { amount: 10, vatPercent: 20 },
      { amount: 10, vatPercent: 20 },
      { amount: 12, vatPercent: 20 },
      { amount: 500, vatPercent: null },
      { amount: 4_000, vatPercent: 0 },
    ]);
    // 32p at 20%: round(32 × 20 / 120) = 5p, not 2p + 2p + 2p.
    expect(rates).toEqual([
      { rate: 20, net: 27, vat: 5, gross: 32 },
      { rate: 5, net: 10, vat: 0, gross: 10 },
      { rate: 0, net: 4_000, vat: 0, gross: 4_000 },
    ]);
    expect(totalsOf(rates)).toEqual({ net: 4_037, vat: 5, gross: 4_042 });
    expect(totalsOf([])).toEqual({ net: 0, vat: 0, gross: 0 });
    expect(vatByRate([])).toEqual([]);
  });
});

describe("an order's ledger (decision 036)", () => {
  let id = 0;
  const line = (kind: LedgerKind, amount: number, vatPercent: number | null = kind === 'payment' || kind === 'refund' ? null : 20): LedgerLine => ({
    id: ++id, kind, name: kind, quantity: null, unitPrice: null, amount, vatPercent, reason: null, reference: null, actor: 'system', at: new Date('2030-01-09T10:00:00Z'),
  });

  it('tells charges from money moved', () => {
    const kinds: LedgerKind[] = ['item', 'option', 'extra', 'congestion', 'discount', 'fee', 'adjustment', 'payment', 'refund'];
    expect(kinds.filter((kind) => isCharge({ kind }))).toEqual(['item', 'option', 'extra', 'congestion', 'discount', 'fee', 'adjustment']);
  });

  it('adds the charges per rate; paid, refunded and the balance due come from the payments and refunds', () => {
    const lines = [line('item', 5_000), line('discount', -750), line('congestion', 1_150), line('fee', 1_050, 5), line('payment', 6_000), line('payment', 400), line('refund', 1_000)];
    expect(ledgerTotals(lines)).toEqual({
      total: 6_450,
      rates: [{ rate: 20, net: 4_500, vat: 900, gross: 5_400 }, { rate: 5, net: 1_000, vat: 50, gross: 1_050 }],
      net: 5_500,
      vat: 950,
      paid: 6_400,
      refunded: 1_000,
      // 64.50 − 64.00 paid + 10.00 given back.
      balanceDue: 1_050,
      // The fee lines alone (decision 045: a reschedule fee is 30% of the price without them).
      fees: 1_050,
    });
  });

  it('is all zero with no lines, and owes the total before any payment', () => {
    expect(ledgerTotals([])).toEqual({ total: 0, rates: [], net: 0, vat: 0, paid: 0, refunded: 0, balanceDue: 0, fees: 0 });
    expect(ledgerTotals([line('item', 2_500)])).toMatchObject({ total: 2_500, paid: 0, refunded: 0, balanceDue: 2_500 });
    expect(ledgerTotals([line('item', 2_500), line('payment', 3_000)]).balanceDue).toBe(-500);
    // Money moved is never a charge, even a payment row that carries a VAT rate.
    expect(ledgerTotals([line('item', 2_500), line('payment', 2_500, 20), line('refund', 100, 20)])).toMatchObject({ total: 2_500, vat: 417, paid: 2_500, refunded: 100, balanceDue: 100 });
  });
});

describe('order lines as shown and answered', () => {
  const bedrooms: OrderLine = { kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 2_500, amount: 5_000, vatPercent: 20 };
  const discount: OrderLine = { kind: 'discount', name: 'Weekly discount (15%)', quantity: null, unitPrice: null, amount: -825, vatPercent: 20 };

  it('reads "Bedroom x 2: £50.00" and "Weekly discount (15%): -£8.25"', () => {
    expect(lineText(bedrooms)).toBe('Bedroom x 2: £50.00');
    expect(lineText(discount)).toBe('Weekly discount (15%): -£8.25');
    expect(lineText({ ...bedrooms, name: CONGESTION_CHARGE_NAME, quantity: null, amount: 1_150 })).toBe('Congestion Charge: £11.50');
    expect(RESCHEDULING_FEE_NAME).toBe('Rescheduling fee');
  });

  it('answers pounds with the VAT rate, nulls kept', () => {
    expect(lineView(bedrooms)).toEqual({ kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 25, vatRate: 20, amount: 50 });
    expect(lineView(discount)).toEqual({ kind: 'discount', name: 'Weekly discount (15%)', quantity: null, unitPrice: null, vatRate: 20, amount: -8.25 });
  });

  it('adds up to the gross', () => {
    expect(grossOf([bedrooms, discount])).toBe(4_175);
    expect(grossOf([])).toBe(0);
  });
});

describe('the supplier on an invoice', () => {
  it('is the configured name and address, else the trading name and placeholder', () => {
    expect(supplierOf({ vatNumber: 'GB123456789' })).toEqual({ name: 'Sparkle Cleaning', address: '1 Example Street, London SW1A 1AA', vatNumber: 'GB123456789' });
    expect(DEFAULT_SUPPLIER).toEqual({ name: 'Sparkle Cleaning', address: '1 Example Street, London SW1A 1AA' });
    expect(supplierOf({ vatNumber: 'GB1', supplierName: 'Shine Ltd', supplierAddress: '2 High St, Leeds LS1 1AA' })).toEqual({
      name: 'Shine Ltd', address: '2 High St, Leeds LS1 1AA', vatNumber: 'GB1',
    });
  });

  it('numbers invoices with six digits', () => {
    expect(invoiceLabel(42)).toBe('000042');
    expect(invoiceLabel(1_234_567)).toBe('1234567');
  });
});

describe('what a price is made of', () => {
  const rules: PriceRules = {
    serviceId: 1,
    serviceName: 'House Keeping',
    items: [
      { id: 1, name: 'Bedroom', price: 2_500, discountable: true },
      { id: 2, name: 'Bathroom', price: 3_000, discountable: true },
    ],
    frequencies: [
      { code: 'one_off', name: 'One-off', discountPercent: 0 },
      { code: 'fortnightly', name: 'Fortnightly', discountPercent: 10 },
    ],
    extras: [
      { id: 1, name: 'Large bedroom', price: 1_500, kind: 'option', discountable: true },
      { id: 2, name: 'Oven clean', price: 2_000, kind: 'extra', discountable: true },
      { id: 3, name: 'Keys collected', price: 500, kind: 'extra', discountable: false },
    ],
    congestionDistricts: new Set(['WC2N', 'W1D']),
    congestionCharge: 1_150,
    vatPercent: 20,
  };
  const choices = (over = {}) => ({ items: [{ id: 1, quantity: 2 }], frequency: 'one_off', extras: [], postcode: null, ...over });

  it('names the first choice it cannot price', () => {
    expect(choicesProblem(rules, choices())).toBeNull();
    expect(choicesProblem(rules, choices({ frequency: 'daily' }))).toBe('Unknown frequency "daily"');
    expect(choicesProblem(rules, choices({ items: [{ id: 1, quantity: 1 }, { id: 9, quantity: 1 }] }))).toBe('Item 9 is not part of House Keeping');
    expect(choicesProblem(rules, choices({ extras: [{ id: 2, quantity: 1 }, { id: 7, quantity: 1 }] }))).toBe('Extra 7 is not offered');
    expect(choicesProblem(rules, choices({ items: [{ id: 2, quantity: 1 }, { id: 1, quantity: 1 }, { id: 2, quantity: 3 }] }))).toBe('Item 2 is listed more than once');
    expect(choicesProblem(rules, choices({ extras: [{ id: 3, quantity: 1 }, { id: 3, quantity: 1 }] }))).toBe('Extra 3 is listed more than once');
    // Repeated before unknown, and items before extras.
    expect(choicesProblem(rules, choices({ frequency: 'daily', items: [{ id: 1, quantity: 1 }, { id: 1, quantity: 1 }], extras: [{ id: 3, quantity: 1 }, { id: 3, quantity: 1 }] }))).toBe(
      'Item 1 is listed more than once',
    );
    expect(() => priceJob(rules, choices({ frequency: 'daily' }))).toThrow('Unknown frequency "daily"');
  });

  it('lists items, options, the discount, extras and the Congestion Charge in that order, each at the VAT rate', () => {
    const job = priceJob(rules, choices({
      items: [{ id: 2, quantity: 1 }, { id: 1, quantity: 2 }],
      frequency: 'fortnightly',
      extras: [{ id: 3, quantity: 2 }, { id: 2, quantity: 1 }, { id: 1, quantity: 1 }],
      postcode: 'w1d 3qu',
    }));
    // Discountable: 30 + 50 + 20 (oven) + 15 (large bedroom) = £115 → 10% = £11.50.
    expect(job.lines).toEqual([
      { kind: 'item', name: 'Bathroom', quantity: 1, unitPrice: 3_000, amount: 3_000, vatPercent: 20 },
      { kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 2_500, amount: 5_000, vatPercent: 20 },
      { kind: 'option', name: 'Large bedroom', quantity: 1, unitPrice: 1_500, amount: 1_500, vatPercent: 20 },
      { kind: 'discount', name: 'Fortnightly discount (10%)', amount: -1_150, vatPercent: 20 },
      { kind: 'extra', name: 'Keys collected', quantity: 2, unitPrice: 500, amount: 1_000, vatPercent: 20 },
      { kind: 'extra', name: 'Oven clean', quantity: 1, unitPrice: 2_000, amount: 2_000, vatPercent: 20 },
      { kind: 'congestion', name: 'Congestion Charge', amount: 1_150, vatPercent: 20 },
    ]);
    expect([job.total, job.vat, job.net]).toEqual([12_500, 2_083, 10_417]);
  });

  it('adds no discount line at 0%, and prices at the rules’ VAT rate', () => {
    const job = priceJob({ ...rules, vatPercent: 5 }, choices({ postcode: 'SE22 8AB' }));
    expect(job).toEqual({ lines: [{ kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 2_500, amount: 5_000, vatPercent: 5 }], total: 5_000, vat: 238, net: 4_762 });
  });

  it('charges the Congestion Charge by the postcode district, however typed, never without a postcode', () => {
    expect(postcodeDistrict(' w1d  3qu ')).toBe('W1D');
    expect(postcodeDistrict('W1D3QU')).toBe('W1D');
    expect(isInCongestionZone(rules, 'WC2N 5DU')).toBe(true);
    expect(isInCongestionZone(rules, 'wc2n5du')).toBe(true);
    // W1 is not W1D; WC2 not WC2N.
    expect(isInCongestionZone(rules, 'W1 3QU')).toBe(false);
    expect(isInCongestionZone(rules, 'WC2 5DU')).toBe(false);
    expect(isInCongestionZone(rules, null)).toBe(false);
  });

  it('answers the lines in pounds, leaving out a quantity or unit price a line has not got', () => {
    expect(linesInPounds([
      { kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 2_500, amount: 5_000, vatPercent: 20 },
      { kind: 'discount', name: 'Fortnightly discount (10%)', amount: -500, vatPercent: 20 },
    ])).toEqual([
      { kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 25, amount: 50 },
      { kind: 'discount', name: 'Fortnightly discount (10%)', amount: -5 },
    ]);
    const [discount] = linesInPounds([{ kind: 'discount', name: 'x', amount: -500, vatPercent: 20 }]);
    expect(Object.keys(discount!)).toEqual(['kind', 'name', 'amount']);
  });
});
