import { describe, expect, it } from 'vitest';
import { cancellationRuleText, formatUkDeadline } from '../../src/features/orders/order-rules';

describe("My orders: each order's own cancellation rule (issue 11, row 18)", () => {
  it('writes deadlines in UK time, dd/mm HH:mm, in winter and in summer time', () => {
    expect(formatUkDeadline('2026-11-25T10:30:00.000Z')).toBe('25/11 10:30');
    expect(formatUkDeadline('2026-07-01T09:30:00.000Z')).toBe('01/07 10:30');
    expect(formatUkDeadline('2026-03-29T00:59:00.000Z')).toBe('29/03 00:59');
    expect(formatUkDeadline('2026-03-29T01:00:00.000Z')).toBe('29/03 02:00');
  });

  it('says until when cancelling is free, or what it costs now', () => {
    expect(cancellationRuleText({ allowed: true, fee: 0, freeUntil: '2026-11-25T10:30:00.000Z' })).toBe('Free cancellation until 25/11 10:30');
    expect(cancellationRuleText({ allowed: true, fee: 16.5, freeUntil: null })).toBe('Cancelling now costs £16.50');
    expect(cancellationRuleText({ allowed: true, fee: 1234.5, freeUntil: null })).toBe('Cancelling now costs £1,234.50');
    expect(cancellationRuleText({ allowed: true, fee: 0, freeUntil: null })).toBe('Free cancellation');
    expect(cancellationRuleText({ allowed: false, fee: 0, reason: 'This order is already cancelled' })).toBeNull();
  });
});
