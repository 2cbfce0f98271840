import { describe, expect, it } from 'vitest';
import { BOOKING_TERMS, feeChargedText, ukDeadline } from '../../domain/terms/booking-terms';
import { cancellationRuleText, owedSkipFeeText, rescheduleTermsText } from '../../src/features/orders/order-rules';

describe("My orders: each order's own terms, in the one set of words (issue 25 row 4, decision 032)", () => {
  it('writes deadlines in UK time, dd/mm/yyyy HH:mm labelled "(UK time)", in winter and in summer time', () => {
    expect(ukDeadline('2026-11-25T10:30:00.000Z')).toBe('2026-11-25 10:30 (UK time)');
    expect(ukDeadline('2026-07-01T09:30:00.000Z')).toBe('2026-07-01 10:30 (UK time)');
    expect(ukDeadline('2026-03-29T00:59:00.000Z')).toBe('2026-03-29 00:59 (UK time)');
    expect(ukDeadline('2026-03-29T01:00:00.000Z')).toBe('2026-03-29 02:00 (UK time)');
  });

  it('says until when cancelling is free, or what it costs now', () => {
    expect(cancellationRuleText({ allowed: true, fee: 0, freeUntil: '2026-11-25T10:30:00.000Z' })).toBe('Free cancellation until 2026-11-25 10:30 (UK time)');
    expect(cancellationRuleText({ allowed: true, fee: 16.5, freeUntil: null })).toBe('Cancelling now costs £16.50 (30% of the price, within 24 hours of the job)');
    expect(cancellationRuleText({ allowed: true, fee: 1234.5, freeUntil: null })).toContain('£1,234.50');
    expect(cancellationRuleText({ allowed: true, fee: 0, freeUntil: null })).toBe('Free cancellation');
    expect(cancellationRuleText({ allowed: false, fee: 0, reason: 'This order is already cancelled' })).toBeNull();
  });

  it('says rescheduling in the same words', () => {
    expect(rescheduleTermsText({ allowed: true, fee: 0, freeUntil: '2026-11-25T10:30:00.000Z' })).toBe('Free rescheduling until 2026-11-25 10:30 (UK time)');
    expect(rescheduleTermsText({ allowed: true, fee: 16.5, freeUntil: null })).toBe('Rescheduling now costs £16.50 (30% of the price, within 24 hours of the job)');
  });

  it('states one rule for cash and card, in the numbers the server decides with', () => {
    expect(BOOKING_TERMS).toBe(
      'Cancelling or rescheduling is free until 24 hours before the job starts; within 24 hours it costs 30% of the price, whether you pay by card or in cash.',
    );
    expect(feeChargedText('cancel', 1650)).toBe('It was made within 24 hours of the job: by our terms a fee of £16.50 (30% of the price) applies.');
    expect(feeChargedText('cancel', 0)).toBe('It was made at least 24 hours before the job: cancelling is free.');
  });

  it("says where a late fee owed on a skipped visit is paid: by Direct Debit as its series' mandate stands now, in the skip's words (decisions 109, 114)", () => {
    expect(owedSkipFeeText({ method: 'direct_debit', balanceDue: 14.25 }, 'set_up')).toBe(
      'A late fee of £14.25 is due: it is collected by Direct Debit after the visit\u2019s time. Undo takes it away.',
    );
    expect(owedSkipFeeText({ method: 'direct_debit', balanceDue: 1234.5 }, 'ended')).toBe(
      'A late fee of £1,234.50 is due: your Direct Debit mandate is cancelled, so the office will contact you to arrange payment. Undo takes it away.',
    );
    expect(owedSkipFeeText({ method: 'cash', balanceDue: 14.25 }, null)).toBe('A late fee of £14.25 is due: please pay it in cash at your next visit. Undo takes it away.');
    expect(owedSkipFeeText({ method: 'card', balanceDue: 14.25 }, null)).toBe('A late fee of £14.25 is due: Pay now pays it by card. Undo takes it away.');
  });
});
