import { describe, expect, it } from 'vitest';
import { filtersFromUrl, filtersToQuery, filtersToUrl, PAYMENT_OPTIONS } from '../../src/features/admin/orders/order-filters';
import { addDays, londonDaysSpan, londonToday, londonWeek } from '../../domain/time/london-days';

describe('UK days (london-days.ts)', () => {
  it('"Today" is the UK date, not the UTC or the browser\'s one', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
    expect(londonToday(new Date('2026-06-30T23:30:00Z'))).toEqual({ from: '2026-07-01', to: '2026-07-01' });
    expect(londonToday(new Date('2026-12-31T23:30:00Z'))).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('"This week" is the UK Monday to Sunday around now', () => {
    // Sunday 29 November 2026, 23:30 in London: still that week (Mon 23 – Sun 29).
    expect(londonWeek(new Date('2026-11-29T23:30:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // Monday 30 November 00:30 in London: the next week, whatever New York says (Sunday evening).
    expect(londonWeek(new Date('2026-11-30T00:30:00Z'))).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    // Across a month and a year end.
    expect(londonWeek(new Date('2027-01-01T12:00:00Z'))).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('a span of UK days runs from London midnight to London midnight (23 h and 25 h days too)', () => {
    expect(londonDaysSpan('2026-07-01', '2026-07-01')).toEqual({ start: new Date('2026-06-30T23:00:00Z'), end: new Date('2026-07-01T23:00:00Z') });
    expect(londonDaysSpan('2026-03-29', '2026-03-29')).toEqual({ start: new Date('2026-03-29T00:00:00Z'), end: new Date('2026-03-29T23:00:00Z') });
    expect(londonDaysSpan('2026-10-25', undefined)).toEqual({ start: new Date('2026-10-24T23:00:00Z') });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('the orders filters in the URL (order-filters.ts)', () => {
  it('round-trips a view through the URL', () => {
    const url = new URLSearchParams('q=smith&status=completed&service=3&payment=card&unassigned=true&when=week');
    const filters = filtersFromUrl(url);
    expect(filtersToUrl(filters).toString()).toBe(url.toString());
    expect(filtersToQuery(filters, new Date('2026-11-30T00:30:00Z'))).toEqual({
      q: 'smith', status: 'completed', service: 3, payment_method: 'card', unassigned: true, due_from: '2026-11-30', due_to: '2026-12-06',
    });
  });

  it('offers Direct Debit by its name, and a view of Direct Debit orders (decision 100)', () => {
    expect(PAYMENT_OPTIONS).toEqual([{ id: 'cash', label: 'Cash' }, { id: 'card', label: 'Card' }, { id: 'direct_debit', label: 'Direct Debit' }]);
    expect(filtersToQuery(filtersFromUrl(new URLSearchParams('payment=direct_debit')), new Date())).toEqual({ payment_method: 'direct_debit' });
  });

  it('leaves out values that make no sense, and swaps dates typed the wrong way round', () => {
    const filters = filtersFromUrl(new URLSearchParams('service=-2&payment=cheque&when=soon&from=2026-12-10&to=2026-12-01&unassigned=yes'));
    expect(filtersToQuery(filters, new Date())).toEqual({ due_from: '2026-12-01', due_to: '2026-12-10' });
  });
});
