import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unitRuns } from '../../../domain/money/unit-split';
import { invoiceLineViews } from '../../../server/services/invoice-lines';
import { vatOf } from '../../../domain/money/pricing';

const pence = (pounds: number) => Math.round(pounds * 100);

describe('invoice lines: quantity × unit price is the amount (decision 072)', () => {
  it('splits "Bedroom 2 × £20.83" beside £41.67 into runs that multiply out exactly', () => {
    expect(unitRuns(2, 4167, 5000)).toEqual([
      { quantity: 1, unitNet: 2083, unitGross: 2500 },
      { quantity: 1, unitNet: 2084, unitGross: 2500 },
    ]);
    expect(unitRuns(3, 3000, 3600)).toEqual([{ quantity: 3, unitNet: 1000, unitGross: 1200 }]);
    expect(unitRuns(3, -1000, -1200)).toEqual([
      { quantity: 1, unitNet: -334, unitGross: -400 },
      { quantity: 2, unitNet: -333, unitGross: -400 },
    ]);
  });

  it('for any quantity, net and gross: at most three runs whose nets and grosses add up to the line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 25 }), (quantity, gross, rate) => {
        const net = gross - vatOf(gross, rate);
        const runs = unitRuns(quantity, net, gross);
        expect(runs.length).toBeGreaterThanOrEqual(1);
        expect(runs.length).toBeLessThanOrEqual(3);
        expect(runs.reduce((sum, run) => sum + run.quantity, 0)).toBe(quantity);
        expect(runs.reduce((sum, run) => sum + run.quantity * run.unitNet, 0)).toBe(net);
        expect(runs.reduce((sum, run) => sum + run.quantity * run.unitGross, 0)).toBe(gross);
        for (const run of runs) expect(run.quantity).toBeGreaterThan(0);
      }),
    );
  });

  it('prints every invoice line so quantity × unit price is its net and its amount, and the lines add up to net, VAT and gross', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 100 }), unit: fc.integer({ min: 1, max: 50_000 }), rate: fc.constantFrom(0, 5, 20) }), { minLength: 1, maxLength: 6 }),
        (items) => {
          const lines = items.map(({ quantity, unit, rate }) => ({ kind: 'item' as const, name: 'Room', quantity, unitPrice: unit, amount: unit * quantity, vatPercent: rate }));
          const views = invoiceLineViews(lines);
          for (const view of views) {
            expect(pence(view.quantity! * view.unitNet!)).toBe(pence(view.net));
            expect(pence(view.quantity! * view.unitPrice!)).toBe(pence(view.amount));
            expect(pence(view.net) + pence(view.vat)).toBe(pence(view.amount));
          }
          for (const rate of [0, 5, 20]) {
            const gross = lines.filter((line) => line.vatPercent === rate).reduce((sum, line) => sum + line.amount, 0);
            const at = views.filter((view) => view.vatRate === rate);
            expect(at.reduce((sum, view) => sum + pence(view.amount), 0)).toBe(gross);
            expect(at.reduce((sum, view) => sum + pence(view.vat), 0)).toBe(vatOf(gross, rate));
          }
        },
      ),
    );
  });
});
