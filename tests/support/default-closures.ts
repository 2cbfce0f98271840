import { readFileSync } from 'node:fs';

/**
 * The bank holidays and Christmas days a fresh database closes (071_bank_holidays.sql, decision 087),
 * read from the migration itself: tests that pick a day some days ahead pass over them, as a
 * customer would, whatever day the suite runs on.
 */
export const CLOSED_BY_DEFAULT: ReadonlySet<string> = new Set(
  [...readFileSync(new URL('../../server/migrations/071_bank_holidays.sql', import.meta.url), 'utf8').matchAll(/DATE '(\d{4}-\d{2}-\d{2})'/g)].map((match) => match[1]!),
);

/** The `index`-th UK day (0: the first) from `from` (YYYY-MM-DD) that no default closure shuts. */
export function openDay(from: string, index: number): string {
  let left = index;
  for (let day = from; ; day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
    if (CLOSED_BY_DEFAULT.has(day)) continue;
    if (left === 0) return day;
    left -= 1;
  }
}
