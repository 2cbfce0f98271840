/**
 * Writes `openapi/rules.ts`: the contract's field rules (patterns, lengths, bounds) as constants,
 * so the forms check exactly what the server will (one home: `openapi/openapi.yaml`). Run by
 * `npm run api:types`; `--check` fails when the file is not what the contract gives.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const RULE_KEYS = ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'multipleOf'] as const;
type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };

function rulesOf(schema: Schema | undefined): Record<string, unknown> | null {
  if (!schema) return null;
  const rules = Object.fromEntries(RULE_KEYS.filter((key) => key in schema).map((key) => [key, schema[key]]));
  return Object.keys(rules).length ? rules : null;
}

const contract = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as { components: { schemas: Record<string, Schema> } };
const out: Record<string, unknown> = {};
for (const [name, schema] of Object.entries(contract.components.schemas)) {
  const own = rulesOf(schema);
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([field, property]) => {
      const rules = rulesOf(property);
      return rules ? [[field, rules]] : [];
    }),
  );
  if (own || Object.keys(properties).length) out[name] = { ...own, ...(Object.keys(properties).length ? { properties } : {}) };
}

// One export per schema (\`PasswordRules\`), so a page's bundle holds only the rules it checks.
const text = `// Generated from openapi/openapi.yaml by \`npm run api:types\` (scripts/contract-rules.ts): do not edit.
// The contract's field rules, for the forms to check exactly what the server will.
${Object.entries(out).map(([name, rules]) => `export const ${name}Rules = ${JSON.stringify(rules, null, 2)} as const;\n`).join('\n')}`;
const target = 'openapi/rules.ts';
if (process.argv.includes('--check')) {
  let current = '';
  try { current = readFileSync(target, 'utf8'); } catch { /* missing: not current */ }
  if (current !== text) {
    console.error(`${target} is not current: run npm run api:types`);
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
