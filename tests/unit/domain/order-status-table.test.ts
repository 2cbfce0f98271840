import { describe, expect, it } from 'vitest';
import {
  canChangeStatus, customerStatusLabel, IN_QUEUE_STATUSES, ORDER_STATUSES, orderStatusTone, REVENUE_STATUSES,
} from '../../../domain/orders/order-statuses';

/** The order lifecycle as docs/business-rules.md states it, read from the one transition table (decision 077). */
describe('order status table', () => {
  it('lets an administrator move a live order to any other status, and a cancelled one nowhere', () => {
    expect(canChangeStatus('awaiting_validation', 'payment_validated')).toBe(true);
    expect(canChangeStatus('awaiting_validation', 'completed')).toBe(true);
    expect(canChangeStatus('payment_validated', 'cancelled')).toBe(true);
    // A completion made by mistake can be set back.
    expect(canChangeStatus('completed', 'awaiting_validation')).toBe(true);
    expect(canChangeStatus('completed', 'payment_validated')).toBe(true);
    for (const to of ORDER_STATUSES) expect(canChangeStatus('cancelled', to)).toBe(false);
    for (const status of ORDER_STATUSES) expect(canChangeStatus(status, status)).toBe(false);
  });

  it('derives the revenue and queue sets the dashboard counts', () => {
    expect(REVENUE_STATUSES).toEqual(['payment_validated', 'completed']);
    expect(IN_QUEUE_STATUSES).toEqual(['awaiting_validation', 'payment_validated']);
  });

  it('gives My orders its words and every badge its tone (R-ADMIN-4, R-CANCEL-1)', () => {
    expect(ORDER_STATUSES.map(customerStatusLabel)).toEqual(['Awaiting validation', 'Paid', 'Completed', 'Cancelled']);
    expect(ORDER_STATUSES.map(orderStatusTone)).toEqual(['waiting', 'completed', 'completed', 'cancelled']);
    expect(orderStatusTone('refunded')).toBe('neutral');
  });
});
