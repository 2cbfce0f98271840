import { describe, expect, it } from 'vitest';
import { splitCreditOverInvoices, spreadOverRates } from '../../../domain/money/credit-split';

/** Decision 059: which invoice each part of a credit reduces, and over which VAT rates. */
describe('spreadOverRates', () => {
  it('spreads in proportion to what each rate billed, the last rate taking the rounding pennies', () => {
    expect(spreadOverRates(1000, [{ rate: 20, amount: 2000 }, { rate: 5, amount: 1000 }])).toEqual([{ rate: 20, amount: 667 }, { rate: 5, amount: 333 }]);
    expect(spreadOverRates(1001, [{ rate: 20, amount: 1 }, { rate: 0, amount: 1 }, { rate: 5, amount: 1 }])).toEqual([
      { rate: 20, amount: 334 }, { rate: 0, amount: 334 }, { rate: 5, amount: 333 },
    ]);
  });

  it('leaves out rates with nothing left to credit, and gives nothing for no credit or nothing billed', () => {
    expect(spreadOverRates(500, [{ rate: 20, amount: 0 }, { rate: 5, amount: -100 }, { rate: 0, amount: 700 }])).toEqual([{ rate: 0, amount: 500 }]);
    expect(spreadOverRates(0, [{ rate: 20, amount: 700 }])).toEqual([]);
    expect(spreadOverRates(-5, [{ rate: 20, amount: 700 }])).toEqual([]);
    expect(spreadOverRates(500, [])).toEqual([]);
  });
});

describe('splitCreditOverInvoices', () => {
  it('credits the newest invoice first, each up to what it has left, splitting a rate at the limit', () => {
    const parts = splitCreditOverInvoices([{ rate: 20, amount: 2500 }], [{ number: 7, left: 9150 }, { number: 9, left: 1000 }]);
    expect(parts).toEqual([{ invoice: 9, lines: [{ rate: 20, amount: 1000 }] }, { invoice: 7, lines: [{ rate: 20, amount: 1500 }] }]);
  });

  it('keeps the rates in order on one note, skips invoices with nothing left, and never places more than is left', () => {
    const parts = splitCreditOverInvoices(
      [{ rate: 20, amount: 300 }, { rate: 5, amount: 400 }],
      [{ number: 3, left: 1000 }, { number: 4, left: 0 }],
    );
    expect(parts).toEqual([{ invoice: 3, lines: [{ rate: 20, amount: 300 }, { rate: 5, amount: 400 }] }]);
    expect(splitCreditOverInvoices([{ rate: 20, amount: 900 }], [{ number: 1, left: 500 }])).toEqual([{ invoice: 1, lines: [{ rate: 20, amount: 500 }] }]);
    expect(splitCreditOverInvoices([{ rate: 20, amount: 900 }], [])).toEqual([]);
  });

  it('does not change the invoices it was given', () => {
    const invoices = [{ number: 2, left: 100 }];
    splitCreditOverInvoices([{ rate: 20, amount: 50 }], invoices);
    expect(invoices).toEqual([{ number: 2, left: 100 }]);
  });
});
