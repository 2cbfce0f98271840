import { CompiledQuery } from 'kysely';
import type { Database } from './database';
import { kysely } from './kysely';

/**
 * A hand-tuned statement kept as SQL text with `$n` placeholders (issue 35 lets such statements
 * stay SQL: the lists' late row lookups and searches, decisions 020, 064 and 092; the checkout's
 * two, decision 033; GROUPING SETS, unnest … WITH ORDINALITY, writes in a WITH), run through Kysely
 * unchanged, so its text and the number of statements stay what they were. `R` comes from the
 * schema (server/db/schema.d.ts: `Selectable<…>`, `Pick<…>`, a row type inferred from a query);
 * only what no column holds (a count, a sum, a flag computed in the statement) is named beside it.
 */
export async function handTunedRows<R>(db: Database, text: string, params: readonly unknown[] = []): Promise<R[]> {
  return (await kysely(db).executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows;
}
