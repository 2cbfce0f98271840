import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { csvCell, ordersToCsv } from '../../src/features/admin/orders/orders-csv';

type AdminOrder = components['schemas']['AdminOrder'];

const order = (over: Partial<AdminOrder>): AdminOrder => ({
  id: 7, user: 'Jane Doe', service: 'House Keeping', total: 1234.5, status: 'awaiting_validation',
  created: '2026-11-01T10:00:00.000Z', due: '2026-11-28T11:00:00.000Z', completed: null, refund: false, version: 1, ...over,
});

describe('Export CSV of the orders on screen', () => {
  it('has the table headings, then one line per order in the order given, with CRLF line ends', () => {
    const csv = ordersToCsv([order({ id: 2 }), order({ id: 1 })]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Order id,Name,Service Name,Price (GBP),State,Service Date,Date of complete,Refund requested');
    expect(lines.slice(1, 3).map((line) => line.split(',')[0])).toEqual(['2', '1']);
    expect(lines[3]).toBe('');
  });

  it('writes prices as plain numbers, dates as YYYY-MM-DD HH:mm, and "Not yet" for an order not completed', () => {
    const [, line] = ordersToCsv([order({})]).split('\r\n');
    const cells = line!.split(',');
    expect(cells[3]).toBe('1234.50');
    expect(cells[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells[6]).toBe('Not yet');
    expect(cells[7]).toBe('no');
  });

  it("writes the job's UK time whatever the zone it runs in (TZ=America/New_York too)", () => {
    const [, line] = ordersToCsv([order({ due: '2026-07-01T09:30:00.000Z', completed: '2026-01-15T11:00:00.000Z' })]).split('\r\n');
    const cells = line!.split(',');
    expect(cells[5]).toBe('2026-07-01 10:30');
    expect(cells[6]).toBe('2026-01-15 11:00');
  });

  it('quotes commas, quotes and line breaks', () => {
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
