import { containsPattern } from './paging';

/**
 * Which accounts a staff search text finds (the one home of the rule: `/orders` and `/customers`
 * both ask it; decision 017, 033). A text with an "@" is an email being typed from its start, so
 * its accounts are looked up by prefix through a btree (`users_email_prefix_idx`, migration 053);
 * only when no address starts so does it fall back to "contains" through the trigram index. Every
 * address shares the trigrams of its domain ("@sp", "spa", ".te" …), so at two million customers
 * a trigram lookup of a whole address merges million-long lists (280–580 ms, issue 27), where the
 * prefix reads the few rows it needs. Any other text is a name (accents and case ignored:
 * `name_fold`, the name as `search_fold` gives it, stored when written, migration 080) or part of an
 * address.
 *
 * Answers SQL selecting user ids, with `$?` for each of `values` (the `Conditions` style).
 */
export function usersMatchingSql(q: string): { sql: string; values: unknown[] } {
  const contains = containsPattern(q);
  if (q.includes('@')) {
    const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return {
      sql: 'SELECT p.id FROM users p WHERE lower(p.email) LIKE $? UNION ALL '
        + 'SELECT c.id FROM users c WHERE NOT EXISTS (SELECT 1 FROM users f WHERE lower(f.email) LIKE $?) AND c.email ILIKE $?',
      values: [prefix, prefix, contains],
    };
  }
  return { sql: 'SELECT u.id FROM users u WHERE u.name_fold LIKE search_fold($?) OR u.email ILIKE $?', values: [contains, contains] };
}

/**
 * The same rule as a condition on one account row `alias` (decision 092): a list walked in an
 * index's order tests each row it meets with it and stops at the page, instead of first finding
 * every match (a fragment every address shares is every account). The "@" fallback's NOT EXISTS is
 * uncorrelated: PostgreSQL answers it once per statement.
 */
export function userRowMatchesSql(alias: string, q: string): { sql: string; values: unknown[] } {
  const contains = containsPattern(q);
  if (q.includes('@')) {
    const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return {
      sql: `(lower(${alias}.email) LIKE $? OR (NOT EXISTS (SELECT 1 FROM users f WHERE lower(f.email) LIKE $?) AND ${alias}.email ILIKE $?))`,
      values: [prefix, prefix, contains],
    };
  }
  return { sql: `(${alias}.name_fold LIKE search_fold($?) OR ${alias}.email ILIKE $?)`, values: [contains, contains] };
}
