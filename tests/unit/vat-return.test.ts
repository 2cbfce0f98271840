import { describe, expect, it } from 'vitest';
import { recentVatQuarters, staggerOf, vatQuarter, vatReturn } from '../../domain/money/vat-return';

describe('the VAT return boxes (decision 095)', () => {
  it('box 1 is the invoices\' VAT less the credit notes\', box 6 their net in whole pounds, purchases none', () => {
    const result = vatReturn([
      { kind: 'invoice', net: 10_000, vat: 2_000 },
      { kind: 'invoice', net: 1_029, vat: 205 }, // a £12.34 charge
      { kind: 'credit', net: 417, vat: 83 }, // a £5.00 credit
      { kind: 'credit', net: 7_000, vat: 1_400 }, // a cancellation less its kept fee
    ]);
    expect(result.boxes).toEqual({ box1: 722, box2: 0, box3: 722, box4: 0, box5: 722, box6: 3_600, box7: 0, box8: 0, box9: 0 });
    expect([result.netSales, result.invoices, result.creditNotes]).toEqual([3_612, 2, 2]);
  });

  it('a quarter of more credit than sales reclaims: box 5 negative, box 6 truncated towards zero', () => {
    const { boxes } = vatReturn([{ kind: 'credit', net: 1_050, vat: 210 }]);
    expect([boxes.box1, boxes.box5, boxes.box6]).toEqual([-210, -210, -1_000]);
    expect(vatReturn([]).boxes.box5).toBe(0);
  });

  it('a quarter is three months from its first, across a year end and a leap February', () => {
    expect(vatQuarter('2030-01')).toEqual({ start: '2030-01', from: '2030-01-01', to: '2030-03-31' });
    expect(vatQuarter('2027-12')).toEqual({ start: '2027-12', from: '2027-12-01', to: '2028-02-29' });
    expect(vatQuarter('2030-11').to).toBe('2031-01-31');
    expect([staggerOf('2030-01'), staggerOf('2030-05'), staggerOf('2030-12')]).toEqual([1, 2, 3]);
  });

  it('the quarters of a stagger, the current one first', () => {
    expect(recentVatQuarters('2030-02-14', 1, 3).map((q) => q.start)).toEqual(['2030-01', '2029-10', '2029-07']);
    expect(recentVatQuarters('2030-01-31', 2, 2).map((q) => q.start)).toEqual(['2029-11', '2029-08']);
    expect(recentVatQuarters('2030-03-01', 3, 2).map((q) => q.start)).toEqual(['2030-03', '2029-12']);
  });
});
