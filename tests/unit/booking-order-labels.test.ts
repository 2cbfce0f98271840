import { describe, expect, it } from 'vitest';
import { cancellationFeeText, orderStatusLabels, refundStatusLabels } from '../../src/features/orders/order-labels';

describe('My orders wording', () => {
  it('says a cancellation is free when the fee is 0', () => {
    expect(cancellationFeeText(0)).toBe('Free cancellation');
  });

  it('names the 30% fee in pounds when the job is less than 24 hours away', () => {
    expect(cancellationFeeText(25.5)).toBe(
      'A cancellation fee of £25.50 applies (30% of the total, less than 24 hours before the job)',
    );
    expect(cancellationFeeText(1234.5)).toContain('£1,234.50');
  });

  it('shows every order and refund status as words, not server names', () => {
    expect(Object.values(orderStatusLabels)).toEqual(['Awaiting validation', 'Paid', 'Completed', 'Cancelled']);
    expect(Object.values(refundStatusLabels)).toEqual(['Refund pending', 'Refund accepted', 'Refund rejected']);
  });
});
