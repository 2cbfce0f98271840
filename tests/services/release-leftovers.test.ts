import { expect, it } from 'vitest';
import { KEPT_PLANS } from '../../server/repositories/kept-plans';
import { ownDatabaseForFile } from './support/own-database';

/**
 * A rolling release keeps what instances on the older code still call, and a later migration drops
 * it (082): after every migration, only what the code uses is left.
 */
const own = ownDatabaseForFile();

/** Kept for instances still on the older code during a rolling release; a later migration drops each. */
const STILL_CALLED_BY_OLDER_INSTANCES = ['checkout_day_lines', 'checkout_read'];

it('keeps no kept-plan function the repositories no longer have (079\'s checkout_day_read), beyond what older instances still call', async () => {
  // A kept plan is a function with a generic plan forced (decision 116).
  const rows = await own.db.query<{ name: string }>(
    `SELECT proname AS name FROM pg_proc
      WHERE pronamespace = 'public'::regnamespace AND 'plan_cache_mode=force_generic_plan' = ANY (proconfig)
      ORDER BY proname`,
  );
  expect(rows.map((row) => row.name)).toEqual([...KEPT_PLANS.map((plan) => plan.name), ...STILL_CALLED_BY_OLDER_INSTANCES].sort());
});

it('keeps one trigram index on customers\' names, on the stored folded name (026\'s on the expression is gone)', async () => {
  const rows = await own.db.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes
      WHERE schemaname = 'public' AND tablename = 'users' AND indexdef LIKE '%gin_trgm_ops%' AND indexdef LIKE '%name%'`,
  );
  expect(rows.map((row) => row.name)).toEqual(['users_name_fold_column_trgm_idx']);
});
