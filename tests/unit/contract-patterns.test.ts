import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClockTimeRules, DayRules, OutwardCodeRules, PostcodeRules } from '../../openapi/rules';
import { isUkPostcode, OUTWARD_CODE } from '../../domain/site/postcodes';

/**
 * A pattern a person types is written once, in its schema of openapi.yaml (Postcode, OutwardCode,
 * ClockTime, Day), and every field $refs it (decision 096); openapi/rules.ts carries it to domain/,
 * the forms and the server's words for it (plugins/request-validation.ts).
 */
const yaml = readFileSync(path.resolve(import.meta.dirname, '../../openapi/openapi.yaml'), 'utf8');
const typed = (pattern: string) => yaml.split(`'${pattern}'`).length - 1;

describe('the contract\'s typed patterns', () => {
  it.each([
    ['Postcode', PostcodeRules.pattern],
    ['OutwardCode', OutwardCodeRules.pattern],
    ['ClockTime', ClockTimeRules.pattern],
    ['Day', DayRules.pattern],
  ])('writes %s\'s pattern once', (_name, pattern) => {
    expect(typed(pattern)).toBe(1);
  });

  it('is the pattern domain/ checks a postcode with', () => {
    expect(isUkPostcode(' sw1a 1aa ')).toBe(true);
    expect(isUkPostcode('SW1A')).toBe(false);
    expect(OUTWARD_CODE.test('WC2N')).toBe(true);
    expect(new RegExp(PostcodeRules.pattern).test('EC1A1BB')).toBe(true);
  });
});
