import { describe, expect, it } from 'vitest';
import {
  awaitsPayment, canChangeStatus, customerMayCancel, customerStatusLabel, IN_QUEUE_STATUSES, isCancelled, isInQueue, ORDER_STATUSES, orderStatusTone,
  REVENUE_STATUSES, statusExits, statusWord,
} from '../../../domain/orders/order-statuses';

/** The order lifecycle as docs/business-rules.md states it, read from the one transition table (decisions 077, 096). */
describe('order status table', () => {
  it('lets an administrator move a live order to any other status, and a cancelled one nowhere', () => {
    expect(canChangeStatus('awaiting_validation', 'payment_validated', 'admin')).toBe(true);
    expect(canChangeStatus('awaiting_validation', 'completed', 'admin')).toBe(true);
    expect(canChangeStatus('payment_validated', 'cancelled', 'admin')).toBe(true);
    // A completion made by mistake can be set back.
    expect(canChangeStatus('completed', 'awaiting_validation', 'admin')).toBe(true);
    expect(canChangeStatus('completed', 'payment_validated', 'admin')).toBe(true);
    expect(statusExits('cancelled', 'admin')).toEqual([]);
    for (const status of ORDER_STATUSES) expect(canChangeStatus(status, status, 'admin')).toBe(false);
  });

  it('lets the team only complete a live job, and the provider only mark an unpaid order paid', () => {
    expect(statusExits('awaiting_validation', 'cleaner')).toEqual(['completed']);
    expect(statusExits('payment_validated', 'cleaner')).toEqual(['completed']);
    expect(statusExits('completed', 'cleaner')).toEqual([]);
    expect(statusExits('cancelled', 'cleaner')).toEqual([]);
    expect(ORDER_STATUSES.filter((from) => canChangeStatus(from, 'payment_validated', 'provider'))).toEqual(['awaiting_validation']);
    for (const from of ORDER_STATUSES) expect(statusExits(from, 'provider').filter((to) => to !== 'payment_validated')).toEqual([]);
  });

  it('lets the customer cancel only a visit still to be done, and bring a skipped one back to where it was', () => {
    expect(ORDER_STATUSES.filter((from) => canChangeStatus(from, 'cancelled', 'customer'))).toEqual(['awaiting_validation', 'payment_validated']);
    expect(statusExits('cancelled', 'customer')).toEqual(['awaiting_validation', 'payment_validated']);
    expect(statusExits('completed', 'customer')).toEqual([]);
    expect(canChangeStatus('awaiting_validation', 'payment_validated', 'customer')).toBe(false);
  });

  it('derives the revenue and queue sets the dashboard counts', () => {
    expect(REVENUE_STATUSES).toEqual(['payment_validated', 'completed']);
    expect(IN_QUEUE_STATUSES).toEqual(['awaiting_validation', 'payment_validated']);
    expect(ORDER_STATUSES.filter(isInQueue)).toEqual(IN_QUEUE_STATUSES);
    expect(ORDER_STATUSES.filter(isCancelled)).toEqual(['cancelled']);
  });

  it('gives My orders its words and every badge its tone (R-ADMIN-4, R-CANCEL-1)', () => {
    expect(ORDER_STATUSES.map(customerStatusLabel)).toEqual(['Awaiting validation', 'Paid', 'Completed', 'Cancelled']);
    expect(ORDER_STATUSES.map(orderStatusTone)).toEqual(['waiting', 'completed', 'completed', 'cancelled']);
    expect(orderStatusTone('refunded')).toBe('neutral');
  });

  it('answers the server\'s questions from the table: may the customer cancel, does it await payment, its word in a sentence (decision 111)', () => {
    expect(ORDER_STATUSES.filter(customerMayCancel)).toEqual(['awaiting_validation', 'payment_validated']);
    expect(ORDER_STATUSES.filter(awaitsPayment)).toEqual(['awaiting_validation']);
    expect(ORDER_STATUSES.map(statusWord)).toEqual(['awaiting validation', 'payment validated', 'completed', 'cancelled']);
  });
});
