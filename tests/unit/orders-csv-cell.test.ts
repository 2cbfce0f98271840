import { describe, expect, it } from 'vitest';
import { csvCell } from '../../server/services/orders-csv';

describe('a cell of the orders CSV (GET /admin/orders/csv)', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('Smith, John')).toBe('"Smith, John"');
    expect(csvCell('The "best" clean')).toBe('"The ""best"" clean"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('never lets a spreadsheet run a name as a formula, but keeps negative numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+44 20 7946')).toBe("'+44 20 7946");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.50')).toBe('-12.50');
  });
});
