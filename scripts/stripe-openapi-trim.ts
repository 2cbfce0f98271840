/**
 * Extracts, from Stripe's published OpenAPI description (github.com/stripe/openapi,
 * openapi/spec3.json or spec3.yaml, given as a path), the operations the Stripe provider calls:
 * their path and query parameters and form-encoded request bodies, with every $ref resolved and
 * descriptions dropped. The local fake Stripe of the tests (tests/support/stripe/) checks each
 * request against it (decision 034).
 *
 *   node --import tsx scripts/stripe-openapi-trim.ts <spec3.json|yaml> [source note] [out]
 *
 * The output is not committed (decision 034 says why); the tests read it from
 * tests/support/stripe/stripe-openapi.generated.json or STRIPE_OPENAPI_TRIMMED.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The provider's calls: add one here when the provider starts using another endpoint. */
export const STRIPE_OPERATIONS = [
  ['post', '/v1/checkout/sessions'],
  ['get', '/v1/checkout/sessions/{session}'],
  ['post', '/v1/refunds'],
] as const;

export const TRIMMED_DEFAULT = 'tests/support/stripe/stripe-openapi.generated.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const KEPT = new Set(['type', 'properties', 'required', 'enum', 'items', 'anyOf', 'oneOf', 'additionalProperties', 'maxLength', 'format', 'nullable', 'name', 'in', 'schema', 'style', 'explode']);

function main(): void {
  const [specPath, source = '', out = TRIMMED_DEFAULT] = process.argv.slice(2);
  if (!specPath) {
    console.error('usage: node --import tsx scripts/stripe-openapi-trim.ts <spec3.json|yaml> [source note] [out]');
    process.exit(2);
  }
  const text = readFileSync(specPath, 'utf8');
  const spec = (specPath.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 })) as { info: { version: string }; paths: Record<string, Record<string, Json>> };
  const resolve = (node: Json, depth = 0): Json => {
    if (depth > 40) throw new Error('a $ref cycle in a request schema');
    if (Array.isArray(node)) return node.map((child) => resolve(child, depth + 1));
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') return resolve(pointer(spec, node.$ref), depth + 1);
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => KEPT.has(key))
        .map(([key, value]) => [key, key === 'properties' ? propertyMap(value, depth) : resolve(value, depth + 1)]),
    );
  };
  const propertyMap = (value: Json, depth: number): Json =>
    Object.fromEntries(Object.entries(value as Record<string, Json>).map(([name, schema]) => [name, resolve(schema, depth + 1)]));

  const operations: Record<string, Json> = {};
  for (const [method, path] of STRIPE_OPERATIONS) {
    const operation = spec.paths[path]?.[method] as Record<string, Json> | undefined;
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in ${specPath}`);
    const body = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content?.['application/x-www-form-urlencoded']?.schema;
    operations[`${method.toUpperCase()} ${path}`] = {
      parameters: resolve((operation.parameters ?? []) as Json),
      body: body === undefined ? null : resolve(body),
    };
  }
  const trimmed = { source: { version: spec.info.version, from: source || specPath }, operations };
  writeFileSync(out, `${JSON.stringify(trimmed, null, 1)}\n`);
  console.log(`${out}: ${Object.keys(operations).length} operations of Stripe API ${spec.info.version}`);
}

function pointer(spec: unknown, ref: string): Json {
  let node = spec as Json;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Record<string, Json>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]!;
  return node;
}

main();
