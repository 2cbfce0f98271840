import { describe, expect, it } from 'vitest';
import type { LedgerLine } from '../../../domain/money/ledger';
import type { PricedLine } from '../../../domain/money/pricing';
import { jobEditDifference } from '../../../domain/money/job-edit-difference';

/** What a staff edit of a booked job appends to its ledger (domain/money/job-edit-difference.ts, decision 055). */
let nextId = 1;
const line = (kind: LedgerLine['kind'], name: string, amount: number, quantity: number | null = null, unitPrice: number | null = null): LedgerLine => ({
  id: nextId++,
  kind,
  name,
  quantity,
  unitPrice,
  amount,
  vatPercent: kind === 'payment' || kind === 'refund' ? null : 20,
  reason: null,
  reference: null,
  actor: 'customer',
  at: new Date('2026-05-01T09:00:00Z'),
});
const priced = (kind: PricedLine['kind'], name: string, amount: number, quantity?: number, unitPrice?: number): PricedLine => ({
  kind,
  name,
  amount,
  vatPercent: 20,
  ...(quantity === undefined ? {} : { quantity }),
  ...(unitPrice === undefined ? {} : { unitPrice }),
});

const booked: LedgerLine[] = [
  line('item', 'Bedroom', 5000, 2, 2500),
  line('item', 'Bathroom', 3000, 1, 3000),
  line('congestion', 'Congestion Charge', 1150),
  line('payment', 'Card payment', 9150),
];

describe('the difference of an edited job', () => {
  it('is nothing when the edit prices the same', () => {
    const same = [priced('item', 'Bedroom', 5000, 2, 2500), priced('item', 'Bathroom', 3000, 1, 3000), priced('congestion', 'Congestion Charge', 1150)];
    expect(jobEditDifference(booked, same, 20)).toEqual([]);
  });

  it('takes a bedroom off as one more line under the same name: Bedroom x 1, -£25.00', () => {
    const edited = [priced('item', 'Bedroom', 2500, 1, 2500), priced('item', 'Bathroom', 3000, 1, 3000), priced('congestion', 'Congestion Charge', 1150)];
    expect(jobEditDifference(booked, edited, 20)).toEqual([{ kind: 'item', name: 'Bedroom', quantity: 1, unitPrice: 2500, amount: -2500, vatPercent: 20 }]);
  });

  it('adds two bathrooms and a new extra, at the VAT rate in force now', () => {
    const edited = [
      priced('item', 'Bedroom', 5000, 2, 2500),
      priced('item', 'Bathroom', 9000, 3, 3000),
      priced('extra', 'Oven clean', 4000),
      priced('congestion', 'Congestion Charge', 1150),
    ];
    expect(jobEditDifference(booked, edited, 17.5)).toEqual([
      { kind: 'item', name: 'Bathroom', quantity: 2, unitPrice: 3000, amount: 6000, vatPercent: 17.5 },
      { kind: 'extra', name: 'Oven clean', quantity: null, unitPrice: null, amount: 4000, vatPercent: 17.5 },
    ]);
  });

  it('removes a line the edit no longer prices, with its unit price', () => {
    const edited = [priced('item', 'Bedroom', 5000, 2, 2500), priced('congestion', 'Congestion Charge', 1150)];
    expect(jobEditDifference(booked, edited, 20)).toEqual([{ kind: 'item', name: 'Bathroom', quantity: 1, unitPrice: 3000, amount: -3000, vatPercent: 20 }]);
  });

  it('reverses the Congestion Charge whatever its reversing line is called, and only once', () => {
    const reversed = [...booked, line('congestion', 'Congestion Charge not due at this address', -1150)];
    const edited = [priced('item', 'Bedroom', 5000, 2, 2500), priced('item', 'Bathroom', 3000, 1, 3000)];
    expect(jobEditDifference(reversed, edited, 20)).toEqual([]);
    // Charged again when the edited address is in the zone.
    const inZone = [...edited, priced('congestion', 'Congestion Charge', 1150)];
    expect(jobEditDifference(reversed, inZone, 20)).toEqual([{ kind: 'congestion', name: 'Congestion Charge', quantity: null, unitPrice: null, amount: 1150, vatPercent: 20 }]);
  });

  it('counts earlier edits: a bedroom taken off before is not taken off again', () => {
    const edited = [...booked, line('item', 'Bedroom', -2500, 1, 2500)];
    const now = [priced('item', 'Bedroom', 2500, 1, 2500), priced('item', 'Bathroom', 3000, 1, 3000), priced('congestion', 'Congestion Charge', 1150)];
    expect(jobEditDifference(edited, now, 20)).toEqual([]);
    const backToThree = [priced('item', 'Bedroom', 7500, 3, 2500), priced('item', 'Bathroom', 3000, 1, 3000), priced('congestion', 'Congestion Charge', 1150)];
    expect(jobEditDifference(edited, backToThree, 20)).toEqual([{ kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 2500, amount: 5000, vatPercent: 20 }]);
  });

  it('changes the frequency discount by its difference, and leaves fees, payments and staff adjustments alone', () => {
    const withFees = [
      ...booked,
      line('discount', 'Weekly discount', -1200),
      line('fee', 'Late reschedule fee', 1050),
      line('adjustment', 'Goodwill', -500),
    ];
    const edited = [
      priced('item', 'Bedroom', 5000, 2, 2500),
      priced('item', 'Bathroom', 3000, 1, 3000),
      priced('discount', 'Weekly discount', -800),
      priced('congestion', 'Congestion Charge', 1150),
    ];
    expect(jobEditDifference(withFees, edited, 20)).toEqual([{ kind: 'discount', name: 'Weekly discount', quantity: null, unitPrice: null, amount: 400, vatPercent: 20 }]);
  });

  it('keeps lines of one kind apart by name, and of one name apart by kind', () => {
    const edited = [
      priced('item', 'Bedroom', 5000, 2, 2500),
      priced('item', 'Bathroom', 3000, 1, 3000),
      priced('option', 'Bedroom', 1000, 1, 1000),
      priced('congestion', 'Congestion Charge', 1150),
    ];
    expect(jobEditDifference(booked, edited, 20)).toEqual([{ kind: 'option', name: 'Bedroom', quantity: 1, unitPrice: 1000, amount: 1000, vatPercent: 20 }]);
  });

  it('prices a change of unit price with no change of count as an amount alone, with no count or unit price', () => {
    const edited = [priced('item', 'Bedroom', 5600, 2, 2800), priced('item', 'Bathroom', 3000, 1, 3000), priced('congestion', 'Congestion Charge', 1150)];
    expect(jobEditDifference(booked, edited, 20)).toEqual([{ kind: 'item', name: 'Bedroom', quantity: null, unitPrice: null, amount: 600, vatPercent: 20 }]);
  });
});
