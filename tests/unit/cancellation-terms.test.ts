import { describe, expect, it } from 'vitest';
import { cancellationTerms, type CancellableOrder } from '../../domain/terms/cancellation-terms';

const now = new Date('2026-11-22T10:00:00.000Z');
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
const order = (over: Partial<CancellableOrder> = {}): CancellableOrder => ({
  status: 'awaiting_validation',
  total: 12_345, // £123.45
  dueAt: hours(48),
  hasRefundRequest: false,
  paid: true,
  ...over,
});

describe('cancellation terms (R-CANCEL-3)', () => {
  it('is free at least 24 hours before the job', () => {
    expect(cancellationTerms(order({ dueAt: hours(48) }), now)).toEqual({ allowed: true, fee: 0, freeUntil: hours(24) });
    expect(cancellationTerms(order({ dueAt: hours(24) }), now)).toEqual({ allowed: true, fee: 0, freeUntil: now });
  });

  it('costs 30% of the total within 24 hours, rounded to the penny', () => {
    // 30% of £123.45 is £37.035 → £37.04
    expect(cancellationTerms(order({ dueAt: new Date(hours(24).getTime() - 1) }), now)).toEqual({ allowed: true, fee: 3_704, freeUntil: null });
    expect(cancellationTerms(order({ dueAt: hours(1), total: 10_000 }), now)).toEqual({ allowed: true, fee: 3_000, freeUntil: null });
  });

  it('is refused once the job has started', () => {
    for (const dueAt of [now, hours(-1)]) {
      expect(cancellationTerms(order({ dueAt }), now)).toEqual({
        allowed: false,
        fee: 0,
        reason: 'The service cannot be cancelled once it has started',
      });
    }
  });

  it('is free for an order not yet checked out (no job time)', () => {
    expect(cancellationTerms(order({ dueAt: null }), now)).toEqual({ allowed: true, fee: 0, freeUntil: null });
  });

  it('has one rule for an order not paid yet (cash, or card not paid): free until 24 hours before, then 30% owed (decision 032)', () => {
    expect(cancellationTerms(order({ paid: false, dueAt: hours(2), total: 5_000 }), now)).toEqual({ allowed: true, fee: 1_500, freeUntil: null });
    expect(cancellationTerms(order({ paid: false, dueAt: hours(48) }), now)).toEqual({ allowed: true, fee: 0, freeUntil: hours(24) });
  });

  it('is refused for cancelled and completed orders, and when a request already exists', () => {
    expect(cancellationTerms(order({ status: 'cancelled' }), now)).toMatchObject({ allowed: false, reason: 'This order is already cancelled' });
    expect(cancellationTerms(order({ status: 'completed' }), now)).toMatchObject({ allowed: false, reason: 'This order is already completed' });
    expect(cancellationTerms(order({ hasRefundRequest: true }), now)).toMatchObject({
      allowed: false,
      reason: 'A cancellation was already requested for this order',
    });
  });

  it('allows cancelling a paid order on the same terms', () => {
    expect(cancellationTerms(order({ status: 'payment_validated', dueAt: hours(2), total: 5_000 }), now)).toEqual({ allowed: true, fee: 1_500, freeUntil: null });
  });
});
