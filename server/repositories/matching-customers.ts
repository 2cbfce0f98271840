import type { Database } from '../db/database';
import { handTunedRows } from '../db/hand-tuned';
import { userRowMatchesSql } from './user-search';

/**
 * The orders a search finds through its customers (name or email), read from the matching customers
 * instead of from every order (issue 37 row 5, docs/decisions/112). Each answers a set of order ids
 * that holds the first `depth` such orders of the list's order (and maybe a few more): the caller
 * sorts and pages them as any list. Both read customers in an index's order, test each with the
 * search (`userRowMatchesSql`, one row by primary key) and stop as soon as no customer not yet read
 * can have an order within the first `depth`, in batches that double.
 */

interface BatchRow { ids: number[] | null; read: number; last_at: string | null; last_user: number | null; done: boolean }
interface NameRow { id: number; key: string; placed: number; ids: number[] | null }

/** Placeholders `$n` numbered in order, from the `$?` style of user-search.ts. */
function numbered(sql: string, from: number): string {
  let n = from;
  return sql.replace(/\$\?/g, () => `$${n++}`);
}

/**
 * Newest first: the `depth` newest orders of a set of customers come from at most `depth` of them,
 * the ones with the latest orders. Customers are read from `customer_order_counters` by
 * `last_placed_at` (migration 078, kept by the counters' trigger), newest first; each batch takes
 * every read customer's `depth` newest orders from (user_id, created_at, id). A row's time is an
 * upper bound of its customer's newest order (never lowered), so reading stops when the `depth`-th
 * order so far is newer than the last row read: every customer not yet read has only older orders.
 * A customer whose orders crowd the top of the list (the seed's 200,000 newest) is one row here.
 */
export async function newestOrdersOfMatchingCustomers(db: Database, q: string, depth: number, kept: readonly number[]): Promise<number[]> {
  const match = userRowMatchesSql('su', q);
  const n = match.values.length;
  let ids = [...kept];
  let after: { at: string; userId: number } | null = null;
  for (let batch = depth + 1; ; batch *= 2) {
    const resume: string = after ? `AND (c.last_placed_at, c.user_id) < ($${n + 4}::timestamptz, $${n + 5}::integer)` : '';
    const [row]: BatchRow[] = await handTunedRows<BatchRow>(
      db,
      `WITH read AS MATERIALIZED (
         SELECT c.user_id, c.last_placed_at FROM customer_order_counters c
          WHERE c.checked_out AND c.last_placed_at IS NOT NULL ${resume}
            AND COALESCE((SELECT ${numbered(match.sql, 1)} FROM users su WHERE su.id = c.user_id), false)
          ORDER BY c.last_placed_at DESC, c.user_id DESC LIMIT $${n + 1}),
       found AS (
         SELECT o.id, o.created_at FROM (SELECT DISTINCT user_id FROM read) r
          CROSS JOIN LATERAL (SELECT o.id, o.created_at FROM orders o WHERE o.user_id = r.user_id AND o.checked_out_at IS NOT NULL
                               ORDER BY o.created_at DESC, o.id DESC LIMIT $${n + 2}) o
         UNION SELECT o.id, o.created_at FROM orders o WHERE o.id = ANY($${n + 3}::integer[])),
       top AS (SELECT id, created_at FROM found ORDER BY created_at DESC, id DESC LIMIT $${n + 2}),
       last AS (SELECT last_placed_at, user_id FROM read ORDER BY last_placed_at, user_id LIMIT 1)
       SELECT (SELECT array_agg(id) FROM top) AS ids, (SELECT count(*)::integer FROM read) AS read,
              (SELECT last_placed_at::text FROM last) AS last_at, (SELECT user_id FROM last) AS last_user,
              (SELECT count(*) FROM top) = $${n + 2} AND (SELECT min(created_at) FROM top) > (SELECT last_placed_at FROM last) AS done`,
      [...match.values, batch, depth, ids, ...(after ? [after.at, after.userId] : [])],
    );
    ids = row?.ids ?? [];
    if (!row || row.read < batch || row.done || row.last_at === null || row.last_user === null) return ids;
    after = { at: row.last_at, userId: row.last_user };
  }
}

/**
 * By customer name: the first `depth` orders in (name, customer, order) order come from the first
 * matching customers in name order whose placed orders (counted exactly by the counters) reach
 * `depth`. The customers are read in the users' (lower(name), id) order, each tested with the search
 * (a surname's customers sit in one place of each first name's run, so the read is short whatever
 * the text matches), and each read customer gives up to `depth` of their orders.
 */
export async function firstOrdersOfMatchingCustomersByName(db: Database, q: string, depth: number, desc: boolean): Promise<number[]> {
  const match = userRowMatchesSql('su', q);
  const n = match.values.length;
  const direction = desc ? 'DESC' : 'ASC';
  const ids: number[] = [];
  let counted = 0;
  let after: { name: string; userId: number } | null = null;
  for (let batch = depth + 1; ; batch *= 2) {
    const resume: string = after ? `AND (lower(su.name), su.id) ${desc ? '<' : '>'} ($${n + 3}::text, $${n + 4}::integer)` : '';
    const rows: NameRow[] = await handTunedRows<NameRow>(
      db,
      `SELECT r.id, r.key, r.placed, (SELECT array_agg(o.id) FROM (SELECT o.id FROM orders o WHERE o.user_id = r.id AND o.checked_out_at IS NOT NULL
                                                   ORDER BY o.id ${direction} LIMIT $${n + 2}) o) AS ids
         FROM (SELECT su.id, lower(su.name) AS key,
                      (SELECT coalesce(sum(c.orders), 0)::integer FROM customer_order_counters c WHERE c.user_id = su.id AND c.checked_out) AS placed
                 FROM users su WHERE ${numbered(match.sql, 1)} ${resume}
                ORDER BY lower(su.name) ${direction}, su.id ${direction} LIMIT $${n + 1}) r
        ORDER BY r.key ${direction}, r.id ${direction}`,
      [...match.values, batch, depth, ...(after ? [after.name, after.userId] : [])],
    );
    for (const row of rows) {
      ids.push(...(row.ids ?? []));
      counted += row.placed;
      if (counted >= depth) return ids;
    }
    const last: NameRow | undefined = rows.at(-1);
    if (rows.length < batch || !last) return ids;
    after = { name: last.key, userId: last.id };
  }
}
