import { describe, expect, it } from 'vitest';
import { directDebitCollectionDue, directDebitFeeText, directDebitState, directDebitStillShown, directDebitText, mandateText, type DirectDebitFacts } from '../../../domain/money/direct-debit';
import type { LedgerTotals } from '../../../domain/money/ledger';

/**
 * Where a visit paid by Direct Debit stands (decision 100): one rule from the series' mandate, the
 * visit's GoCardless payment and its ledger, and the words My orders says it in (£1,234.50).
 */
const asked = (failures = 0): DirectDebitFacts => ({ mandate: 'set_up', collection: { id: 'PM0001', failures } });
const payment = (amount: number, reference = 'PM0001') => ({ kind: 'payment' as const, amount, reference });
const refund = (amount: number, reference = 'PM0001') => ({ kind: 'refund' as const, amount, reference });

describe('a visit by Direct Debit', () => {
  it('waits for the mandate, then for the visit; a cancelled mandate leaves it due on the day', () => {
    expect(directDebitState({ mandate: 'pending', collection: null }, [], 5_500)).toEqual({ state: 'mandate_pending', amount: 5_500 });
    expect(directDebitState({ mandate: 'set_up', collection: null }, [], 5_500)).toEqual({ state: 'after_the_visit', amount: 5_500 });
    expect(directDebitState({ mandate: 'ended', collection: null }, [], 5_500)).toEqual({ state: 'mandate_ended', amount: 5_500 });
  });

  it('is asked for, retried after one failure, failed after two; a payment asked for stays its state when the mandate ends', () => {
    expect(directDebitState(asked(), [], 5_500)).toEqual({ state: 'asked', amount: 5_500 });
    expect(directDebitState(asked(1), [], 5_500)).toEqual({ state: 'retrying', amount: 5_500 });
    expect(directDebitState(asked(2), [], 5_500)).toEqual({ state: 'failed', amount: 5_500 });
    expect(directDebitState({ ...asked(2), mandate: 'ended' }, [], 5_500).state).toBe('failed');
  });

  it('is collected when the ledger has its payment line, and charged back when a refund line gives it back', () => {
    expect(directDebitState(asked(), [payment(5_500)], 0)).toEqual({ state: 'collected', amount: 5_500 });
    expect(directDebitState(asked(), [payment(5_500), refund(5_500)], 5_500)).toEqual({ state: 'charged_back', amount: 5_500 });
    // Another payment's lines (a card, another collection) are not this collection's.
    expect(directDebitState(asked(), [payment(5_500, 'pi_card'), refund(5_500, 'PM0002')], 0)).toEqual({ state: 'asked', amount: 0 });
  });

  it('says each state in the customer\'s words, with the figures in pounds', () => {
    expect(directDebitText('after_the_visit', 1234.5, 1234.5)).toBe('Nothing to pay now: £1,234.50 is collected by Direct Debit after the visit.');
    expect(directDebitText('asked', 55, 55)).toBe('Direct Debit collection asked for: £55.00. It takes a few working days to arrive.');
    expect(directDebitText('retrying', 55, 55)).toBe('Direct Debit collection failed: £55.00 could not be collected. It will be tried again in a few days.');
    expect(directDebitText('failed', 55, 55)).toBe('Direct Debit collection failed: £55.00 could not be collected again. The office will contact you to arrange payment.');
    expect(directDebitText('collected', 55, 0)).toBe('Paid: £55.00 collected by Direct Debit.');
    expect(directDebitText('charged_back', 55, 60)).toBe('Direct Debit payment returned: your bank gave back £55.00. Balance due £60.00: the office will contact you to arrange payment.');
    expect(directDebitText('mandate_ended', 55, 55)).toMatch(/^Direct Debit mandate cancelled: this visit is not collected by Direct Debit\. £55\.00 is due on the day of the visit/);
    expect(directDebitText('mandate_pending', 55, 55)).toMatch(/^Paid by Direct Debit: waiting for your Direct Debit to be set up/);
    expect(mandateText('ended')).toBe('Direct Debit mandate cancelled: the visits not collected yet are due on the day of each visit.');
  });
});

describe('an older Direct Debit visit on My orders (decision 108)', () => {
  const now = new Date('2030-06-01T12:00:00.000Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
  const moved = (kind: 'payment' | 'refund' | 'item', days: number) => ({ kind, at: daysAgo(days) });

  it('is listed while its money is moving or owed, however old', () => {
    expect(directDebitStillShown('asked', [], 0, now)).toBe(true);
    expect(directDebitStillShown('retrying', [], 5_500, now)).toBe(true);
    expect(directDebitStillShown('failed', [], 5_500, now)).toBe(true);
    expect(directDebitStillShown('charged_back', [moved('payment', 200), moved('refund', 150)], 5_500, now)).toBe(true);
    expect(directDebitStillShown('mandate_ended', [], 5_500, now)).toBe(true);
    expect(directDebitStillShown('after_the_visit', [], 5_500, now)).toBe(true);
  });

  it('is listed for 30 days after its money last moved once settled, then not; nothing to say of Direct Debit, not at all', () => {
    expect(directDebitStillShown('collected', [moved('item', 40), moved('payment', 29)], 0, now)).toBe(true);
    expect(directDebitStillShown('collected', [moved('item', 40), moved('payment', 31)], 0, now)).toBe(false);
    // A chargeback settled since (the office took the balance): 30 days from that payment.
    expect(directDebitStillShown('charged_back', [moved('payment', 90), moved('refund', 60), moved('payment', 10)], 0, now)).toBe(true);
    expect(directDebitStillShown('charged_back', [moved('payment', 90), moved('refund', 60), moved('payment', 45)], 0, now)).toBe(false);
    expect(directDebitStillShown(null, [], 0, now)).toBe(false);
    expect(directDebitStillShown('after_the_visit', [], 0, now)).toBe(false);
  });
});

describe('what the hourly job collects of a visit by Direct Debit (decision 109)', () => {
  const due = new Date('2030-03-18T10:00:00.000Z');
  const before = new Date('2030-03-18T05:00:00.000Z');
  const after = new Date('2030-03-18T11:00:00.000Z');
  const totals = (balanceDue: number, fees: number): LedgerTotals => ({ total: balanceDue, rates: [], net: 0, vat: 0, paid: 0, refunded: 0, fees, balanceDue });

  it('a done visit: its balance due, whenever the job runs', () => {
    expect(directDebitCollectionDue({ status: 'completed', dueAt: due }, totals(5_500, 0), before)).toBe(5_500);
  });

  it('a visit skipped late: its fee alone, once its time has passed (Undo can no longer take it away)', () => {
    // The late skip's ledger: the price credited, the fee owed (decision 070).
    expect(directDebitCollectionDue({ status: 'cancelled', dueAt: due }, totals(1_650, 1_650), before)).toBe(0);
    expect(directDebitCollectionDue({ status: 'cancelled', dueAt: due }, totals(1_650, 1_650), after)).toBe(1_650);
  });

  it('never the price of a visit that will not happen, nor a visit still booked', () => {
    expect(directDebitCollectionDue({ status: 'cancelled', dueAt: due }, totals(5_500, 0), after)).toBe(0);
    expect(directDebitCollectionDue({ status: 'payment_validated', dueAt: due }, totals(5_500, 0), after)).toBe(0);
  });

  it('says where the fee is paid: by Direct Debit, or as the office arranges once the mandate ended', () => {
    expect(directDebitFeeText('set_up')).toBe('it is collected by Direct Debit after the visit\u2019s time');
    expect(directDebitFeeText('ended')).toBe('your Direct Debit mandate is cancelled, so the office will contact you to arrange payment');
  });
});
