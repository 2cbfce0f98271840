import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { keptPlanSource } from '../../server/db/kept-plan';
import { KEPT_PLANS } from '../../server/repositories/kept-plans';
import type { TestDatabase } from '../api/support/test-database';
import { ownDatabase } from './support/own-database';

/**
 * The kept plans (decision 116): each statement's text lives in its repository and a migration holds
 * a copy as a function. After every migration, the database's function is the repository's
 * statement, with its parameters and columns, planned once a connection (a generic plan).
 */
let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

const spaced = (text: string) => text.replace(/\s+/g, ' ').replace(/\( /g, '(').trim();

describe('kept plans', () => {
  it.each(KEPT_PLANS.map((plan) => [plan.name, plan] as const))('%s in the database is its repository\'s statement (else: npm run -s kept-plans -- <name>)', async (name, plan) => {
    const rows = await db.query<{ source: string; parameters: string; result: string; volatility: string; settings: string[] | null }>(
      `SELECT prosrc AS source, pg_get_function_identity_arguments(oid) AS parameters, pg_get_function_result(oid) AS result,
              provolatile AS volatility, proconfig AS settings
         FROM pg_proc WHERE proname = $1`,
      [name],
    );
    expect(rows).toHaveLength(1);
    const [fn] = rows;
    expect(fn!.source).toBe(keptPlanSource(plan));
    expect(fn!.parameters).toBe(plan.parameters.join(', '));
    expect(spaced(fn!.result)).toBe(spaced(plan.returns).replace('TABLE (', 'TABLE('));
    expect(fn!.volatility).toBe(plan.volatility === 'STABLE' ? 's' : 'v');
    expect(fn!.settings).toEqual(['plan_cache_mode=force_generic_plan']);
  });
});
