import { stripeSpec } from './stripe-openapi';

/**
 * Checks a request to the fake Stripe against Stripe's published OpenAPI description, trimmed to
 * the operations the provider uses by stripe-openapi.ts (decision 034): method and
 * path, then every form (or query) parameter's name, type, enum, length and the required ones, as
 * Stripe's API refuses them. Answers the violations (empty: the request is one Stripe accepts).
 */
export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
  maxLength?: number;
  format?: string;
}

interface Parameter { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema }
interface Operation { parameters: Parameter[]; body: Schema | null }
export interface TrimmedSpec { source: { version: string; from: string }; operations: Record<string, Operation> }

/** Stripe's description, trimmed to the provider's operations (stripe-openapi.ts). */
export function loadTrimmedSpec(): TrimmedSpec {
  return stripeSpec();
}

export type Form = string | Form[] | { [key: string]: Form };

/** `a[b][0][c]=x` as the SDK encodes it → `{ a: { b: [ { c: 'x' } ] } }` (a numeric key makes an array). */
export function decodeForm(text: string): Record<string, Form> {
  const root: Record<string, Form> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head, ...rest] = rawKey.split('[');
    const keys = [head!, ...rest.map((part) => part.replace(/]$/, ''))];
    let node: Record<string, Form> | Form[] = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const container = node as Record<string, Form>;
      const slot = key === '' && Array.isArray(node) ? String(node.length) : key;
      if (last) {
        container[slot] = value;
      } else {
        const nextIsIndex = /^\d*$/.test(keys[index + 1]!);
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, Form> | Form[];
      }
    });
  }
  return root;
}

/** Finds the operation of a method and a concrete path (`/v1/checkout/sessions/cs_1`), with its path parameters. */
export function findOperation(spec: TrimmedSpec, method: string, pathname: string): { key: string; operation: Operation; params: Record<string, string> } | null {
  for (const [key, operation] of Object.entries(spec.operations)) {
    const [opMethod, template] = key.split(' ') as [string, string];
    if (opMethod !== method.toUpperCase()) continue;
    const names: string[] = [];
    const pattern = new RegExp(`^${template.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
    const match = pattern.exec(pathname);
    if (match) return { key, operation, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) };
  }
  return null;
}

export function checkRequest(operation: Operation, params: Record<string, string>, query: Record<string, Form>, body: Record<string, Form>): string[] {
  const problems: string[] = [];
  for (const parameter of operation.parameters) {
    const value = parameter.in === 'path' ? params[parameter.name] : query[parameter.name];
    if (value === undefined) {
      if (parameter.required) problems.push(`Missing required param: ${parameter.name}.`);
      continue;
    }
    problems.push(...check(parameter.schema, value, parameter.name));
  }
  const known = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of Object.keys(query)) if (!known.has(name)) problems.push(`Received unknown parameter: ${name}`);
  if (operation.body) problems.push(...check(operation.body, body, ''));
  else if (Object.keys(body).length > 0) problems.push('This operation takes no body');
  return problems;
}

function check(schema: Schema, value: Form, at: string): string[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const results = alternatives.map((alternative) => check(alternative, value, at));
    return results.some((problems) => problems.length === 0) ? [] : [`Invalid ${at}: matches none of its forms (${results.map((r) => r[0]).join('; ')})`];
  }
  if (schema.enum && !(typeof value === 'string' && schema.enum.includes(value))) return [`Invalid ${at}: must be one of ${schema.enum.join(', ')}`];
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return [`Invalid string: ${at}`];
      if (schema.maxLength !== undefined && value.length > schema.maxLength) return [`Invalid ${at}: must be at most ${schema.maxLength} characters`];
      return [];
    case 'integer':
      return typeof value === 'string' && /^-?\d+$/.test(value) ? [] : [`Invalid integer: ${at}`];
    case 'number':
      return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? [] : [`Invalid number: ${at}`];
    case 'boolean':
      return value === 'true' || value === 'false' ? [] : [`Invalid boolean: ${at}`];
    case 'array': {
      const items = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : null;
      if (!items) return [`Invalid array: ${at}`];
      return items.flatMap((item, index) => check(schema.items ?? {}, item, `${at}[${index}]`));
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`Invalid object: ${at}`];
      const problems: string[] = [];
      for (const name of schema.required ?? []) if (value[name] === undefined) problems.push(`Missing required param: ${join(at, name)}.`);
      for (const [name, child] of Object.entries(value)) {
        const property = schema.properties?.[name];
        if (property) problems.push(...check(property, child, join(at, name)));
        else if (typeof schema.additionalProperties === 'object') problems.push(...check(schema.additionalProperties, child, join(at, name)));
        else if (schema.additionalProperties !== true) problems.push(`Received unknown parameter: ${join(at, name)}`);
      }
      return problems;
    }
    default:
      return [];
  }
}

const join = (at: string, name: string) => (at === '' ? name : `${at}[${name}]`);
