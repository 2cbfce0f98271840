import { describe, expect, it } from 'vitest';
import { cancellationFeeText, refundStatusLabels } from '../../src/features/orders/order-labels';
import { customerStatusLabel, ORDER_STATUSES } from '../../domain/orders/order-statuses';

describe('My orders wording', () => {
  it('says a cancellation is free when the fee is 0', () => {
    expect(cancellationFeeText(0)).toBe('Free cancellation');
  });

  it('names the 30% fee in pounds when the job is less than 24 hours away', () => {
    expect(cancellationFeeText(25.5)).toBe('Cancelling now costs £25.50 (30% of the price, within 24 hours of the job)');
    expect(cancellationFeeText(1234.5)).toContain('£1,234.50');
  });

  it('shows every order and refund status as words, not server names', () => {
    expect(ORDER_STATUSES.map(customerStatusLabel)).toEqual(['Awaiting validation', 'Paid', 'Completed', 'Cancelled']);
    expect(Object.values(refundStatusLabels)).toEqual(['Refund pending', 'Refund accepted', 'Refund rejected']);
  });
});
