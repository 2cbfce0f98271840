/**
 * `npm run -s kept-plans -- <name>`: writes server/migrations/<next number>_<name>.sql, which makes
 * (or replaces) the function of every kept plan (server/db/kept-plan.ts, decision 116) from its
 * repository's statement. Run it when tests/services/kept-plans.test.ts says a function in the
 * database is not its repository's statement any more. Without a name, prints the migration.
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../server/db/migrate';
import { keptPlanDefinition } from '../server/db/kept-plan';
import { KEPT_PLANS } from '../server/repositories/kept-plans';

const name = process.argv[2];
const text = `-- The kept plans' functions (decision 116), written by \`npm run -s kept-plans\` from their repositories'
-- statements: do not edit by hand (tests/services/kept-plans.test.ts compares them).
${KEPT_PLANS.map(keptPlanDefinition).join('\n\n')}
`;
if (!name) {
  process.stdout.write(text);
} else {
  const last = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d+_.*\.sql$/.test(file)).sort().at(-1) ?? '000';
  const file = `${String(Number(last.split('_')[0]) + 1).padStart(3, '0')}_${name}.sql`;
  await writeFile(path.join(MIGRATIONS_DIR, file), text);
  console.log(`Wrote server/migrations/${file}.`);
}
