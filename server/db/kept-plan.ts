/**
 * A statement whose plan PostgreSQL keeps (decision 116): the statement is the body of a PL/pgSQL
 * function, and PL/pgSQL keeps each statement's plan for the life of the server connection. A plain
 * statement sent unnamed is planned at every call; the checkout's day read planned in 0.7–1.9 ms
 * and ran in 0.1–0.4 ms (decision 113). Named prepared statements would keep plans too, but
 * PgBouncer 1.18 (Debian 12's) cannot carry them in transaction mode; a function's plans live in
 * the server connection, whichever client the pooler lends it to.
 *
 * `plan_cache_mode = force_generic_plan`: left to itself, PL/pgSQL planned the day read afresh at
 * every call (a generic plan's estimate looks worse than a plan for known dates), which would keep
 * nothing. The generic plan reads the same kind of index in the same time.
 *
 * The statement's text lives in the repository that runs it; a migration holds a copy, written by
 * `npm run -s kept-plans` (scripts/kept-plans.ts), and `tests/services/kept-plans.test.ts` fails
 * when the copy in the database is not the repository's text.
 */
export interface KeptPlan {
  /** The function's name. */
  name: string;
  /** The statement's parameters in order ($1, $2 … in `body`), as SQL types. */
  parameters: readonly string[];
  /** What the function returns, as `TABLE (…)` (its columns are the statement's). */
  returns: string;
  /** VOLATILE when the statement locks or writes; STABLE when it only reads. */
  volatility: 'STABLE' | 'VOLATILE';
  /** The statement, its parameters `$1`, `$2` … */
  body: string;
}

/** The function's source (pg_proc.prosrc): the statement, its output columns' names left to it. */
export function keptPlanSource(plan: KeptPlan): string {
  return `\n#variable_conflict use_column\nBEGIN\n  RETURN QUERY ${plan.body};\nEND\n`;
}

/** The statement that makes (or replaces) the function, for a migration. */
export function keptPlanDefinition(plan: KeptPlan): string {
  return `CREATE OR REPLACE FUNCTION ${plan.name}(${plan.parameters.join(', ')}) RETURNS ${plan.returns}
LANGUAGE plpgsql ${plan.volatility} SET plan_cache_mode = force_generic_plan
AS $kept_plan$${keptPlanSource(plan)}$kept_plan$;`;
}

/** The call: one statement, `$1 … $n` passed on; its rows are the statement's. */
export function keptPlanCall(plan: KeptPlan, columns = '*'): string {
  return `SELECT ${columns} FROM ${plan.name}(${plan.parameters.map((type, index) => `$${index + 1}::${type}`).join(', ')}) AS kept`;
}
