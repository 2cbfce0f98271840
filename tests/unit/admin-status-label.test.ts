import { describe, expect, it } from 'vitest';
import { orderStatusTone, refundStatusTone, statusLabel } from '../../domain/orders/status-labels';
import { timeOf } from '../../src/features/admin/data-table/table-features';

describe('order and refund states in the back office', () => {
  it('reads the server names as words', () => {
    expect(statusLabel('payment_validated')).toBe('Payment validated');
    expect(statusLabel('awaiting_validation')).toBe('Awaiting validation');
    expect(statusLabel('cancelled')).toBe('Cancelled');
  });

  it('styles payment_validated and completed as completed, awaiting_validation as waiting, cancelled as cancelled (R-ADMIN-4)', () => {
    expect(['payment_validated', 'completed', 'awaiting_validation', 'cancelled'].map(orderStatusTone)).toEqual([
      'completed', 'completed', 'waiting', 'cancelled',
    ]);
    expect(['accepted', 'pending', 'rejected'].map(refundStatusTone)).toEqual(['completed', 'waiting', 'cancelled']);
  });

  it('sorts dates by time, with a missing date left undefined (sorted last)', () => {
    expect(timeOf('2026-11-02T10:00:00.000Z')).toBe(Date.UTC(2026, 10, 2, 10));
    expect(timeOf(null)).toBeUndefined();
    expect(timeOf('not a date')).toBeUndefined();
  });
});
