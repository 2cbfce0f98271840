import { describe, expect, it } from 'vitest';
import { assertEditableDays } from '../../server/services/editable-days';
import { EDITABLE_YEARS, isEditableDay } from '../../domain/time/editable-days';
import { refused } from './support/refused';

/**
 * Which days an administrator may close or mark off (decision 022): from today in the UK to two
 * years ahead, both ends included. Just after midnight in British Summer Time, "today" is already the
 * UK's new day while UTC is still on the old one.
 */
const NOW = new Date('2030-06-30T23:30:00.000Z'); // 00:30 on 1 July in the UK
const TODAY = '2030-07-01';
const LAST = '2032-06-30'; // 730 days on: 29 February 2032 falls in between

describe('editable days', () => {
  it('reach from the UK day to two years ahead, both included', () => {
    expect(EDITABLE_YEARS).toBe(2);
    expect([isEditableDay('2030-06-30', NOW), isEditableDay(TODAY, NOW), isEditableDay(LAST, NOW), isEditableDay('2032-07-01', NOW)]).toEqual([false, true, true, false]);
  });

  it('refuse a range that starts before today or ends after the last day, naming the thing and the day', async () => {
    expect(() => assertEditableDays(TODAY, LAST, NOW, 'A closure')).not.toThrow();
    await refused(() => assertEditableDays('2030-06-30', TODAY, NOW, 'A closure'), 400, `A closure must be today (${TODAY}) or later`);
    await refused(() => assertEditableDays(TODAY, '2032-07-01', NOW, 'Time off'), 400, `Time off can be set up to ${LAST}`);
  });
});
