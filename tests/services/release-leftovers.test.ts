import { expect, it } from 'vitest';
import { KEPT_PLANS } from '../../server/repositories/kept-plans';
import { ownDatabaseForFile } from './support/own-database';

/**
 * A rolling release keeps what instances on the older code still call, and a later migration drops
 * it (082): after every migration, only what the code uses is left.
 */
const own = ownDatabaseForFile();

/** Kept for instances still on the older code during a rolling release; a later migration drops each (089 the last ones). */
const STILL_CALLED_BY_OLDER_INSTANCES: string[] = [];

it('keeps no kept-plan function the repositories no longer have (079\'s checkout_day_read), beyond what older instances still call', async () => {
  // A kept plan is a function with a generic plan forced (decision 116).
  const rows = await own.db.query<{ name: string }>(
    `SELECT proname AS name FROM pg_proc
      WHERE pronamespace = 'public'::regnamespace AND 'plan_cache_mode=force_generic_plan' = ANY (proconfig)
      ORDER BY proname`,
  );
  expect(rows.map((row) => row.name)).toEqual([...KEPT_PLANS.map((plan) => plan.name), ...STILL_CALLED_BY_OLDER_INSTANCES].sort());
});

it('keeps no lock function older instances called (073\'s lock_job_times, dropped by 089 once no release called it)', async () => {
  const rows = await own.db.query<{ name: string }>(
    "SELECT proname AS name FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND proname IN ('lock_job_times', 'checkout_read', 'checkout_day_lines')",
  );
  expect(rows.map((row) => row.name)).toEqual([]);
});

it('keeps one trigram index on customers\' names, on the stored folded name (026\'s on the expression is gone)', async () => {
  const rows = await own.db.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes
      WHERE schemaname = 'public' AND tablename = 'users' AND indexdef LIKE '%gin_trgm_ops%' AND indexdef LIKE '%name%'`,
  );
  expect(rows.map((row) => row.name)).toEqual(['users_name_fold_column_trgm_idx']);
});

it('keeps no index that another on its table already serves (its columns a prefix of the other\'s, the same rows): each one costs every write', async () => {
  // B-tree indexes without expressions, not unique (a unique one keeps a rule), with the same
  // predicate: a scan of the shorter one is a scan of the longer one's first columns.
  const rows = await own.db.query<{ redundant: string; covered_by: string }>(
    `${REDUNDANT_INDEXES}`,
  );
  expect(rows).toEqual([]);
});

const REDUNDANT_INDEXES = `SELECT a.indexrelid::regclass::text AS redundant, b.indexrelid::regclass::text AS covered_by
  FROM pg_index a JOIN pg_index b ON a.indrelid = b.indrelid AND a.indexrelid <> b.indexrelid
  JOIN pg_class ca ON ca.oid = a.indexrelid JOIN pg_am am ON am.oid = ca.relam AND am.amname = 'btree'
  JOIN pg_class cb ON cb.oid = b.indexrelid AND cb.relam = ca.relam
  JOIN pg_namespace n ON n.oid = ca.relnamespace AND n.nspname = 'public'
 WHERE NOT a.indisunique AND a.indexprs IS NULL AND b.indexprs IS NULL
   AND a.indnkeyatts <= b.indnkeyatts
   AND (a.indkey::int2[])[0:a.indnkeyatts - 1] = (b.indkey::int2[])[0:a.indnkeyatts - 1]
   AND (a.indoption::int2[])[0:a.indnkeyatts - 1] = (b.indoption::int2[])[0:a.indnkeyatts - 1]
   AND pg_get_expr(a.indpred, a.indrelid) IS NOT DISTINCT FROM pg_get_expr(b.indpred, b.indrelid)
 ORDER BY 1::text, 2::text`;
