import { describe, expect, it } from 'vitest';
import { invoiceLineViews } from '../../server/services/invoice-lines';
import type { OrderLine } from '../../domain/money/order-lines';
import { timeOfSupply } from '../../domain/money/time-of-supply';

const line = (name: string, amount: number, vatPercent = 20, unitPrice: number | null = null, quantity: number | null = null): OrderLine => ({
  kind: 'item', name, quantity, unitPrice, amount, vatPercent,
});
const pence = (pounds: number) => Math.round(pounds * 100);

describe('invoice lines before VAT (decision 042)', () => {
  it("share each rate's VAT over its lines so the nets add up to the rate's, the pennies of rounding to the largest line", () => {
    // 10p three times: 2p of VAT each when rounded alone (6p), but 5p on the 30p at 20%.
    const views = invoiceLineViews([line('A', 10), line('B', 10), line('C', 12), line('Zero rated', 40, 0)]);
    expect(views.map(({ name, net, vat }) => [name, net, vat])).toEqual([['A', 0.08, 0.02], ['B', 0.08, 0.02], ['C', 0.11, 0.01], ['Zero rated', 0.4, 0]]);
    // At 20%: 32p gross carries round(32 × 20 / 120) = 5p of VAT, whatever the lines' own roundings.
    expect(views.filter((view) => view.vatRate === 20).reduce((sum, view) => sum + pence(view.vat), 0)).toBe(5);
  });

  it('gives a discount a negative net, and each unit price before VAT, a line split where its pennies do not divide (decision 072)', () => {
    const [bedroom, dearer, discount] = invoiceLineViews([line('Bedroom', 5000, 20, 2500, 2), { ...line('Weekly discount (15%)', -750), kind: 'discount' }]);
    // £41.67 net for two bedrooms: 1 × £20.83 and 1 × £20.84, never "2 × £20.83" beside £41.67.
    expect(bedroom).toMatchObject({ name: 'Bedroom', quantity: 1, unitPrice: 25, unitNet: 20.83, net: 20.83, vat: 4.17, amount: 25 });
    expect(dearer).toMatchObject({ name: 'Bedroom', quantity: 1, unitPrice: 25, unitNet: 20.84, net: 20.84, vat: 4.16, amount: 25 });
    expect(discount).toMatchObject({ unitPrice: null, unitNet: null, net: -6.25, vat: -1.25, amount: -7.5 });
  });
});

describe('time of supply (tax point)', () => {
  const issued = new Date('2030-01-09T15:00:00Z');
  it('is the earliest of the payment received, the job completed and the invoice issued', () => {
    expect(timeOfSupply({ paid_at: new Date('2030-01-02T09:00:00Z'), completed_at: null }, issued)).toEqual(new Date('2030-01-02T09:00:00Z'));
    expect(timeOfSupply({ paid_at: null, completed_at: new Date('2030-01-09T12:00:00Z') }, issued)).toEqual(new Date('2030-01-09T12:00:00Z'));
    expect(timeOfSupply({ paid_at: null, completed_at: null }, issued)).toEqual(issued);
  });
});
