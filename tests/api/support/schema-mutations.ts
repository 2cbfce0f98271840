import fc from 'fast-check';
import { outOfBounds, wrongTypeFor, type Schema } from './schema-arbitraries';

/**
 * Breaks a valid value in exactly one place: a required field removed, an unknown field added, a
 * field of the wrong type, or a field out of its bounds (length, range, pattern, format, enum,
 * item count). Works at any depth (an order's items, their quantities).
 */
type Segment = string | number;
interface Location { path: Segment[]; schema: Schema; value: unknown }

export type Mutation = 'missing field' | 'extra field' | 'wrong type' | 'out of bounds';

/** U+DC00 alone: a valid JSON escape, a valid JavaScript string, not Unicode text (issue 34). */
export const LONE_SURROGATE = '\udc00';

/**
 * The value with a lone surrogate put into one of its texts (at any depth), or, when it holds no
 * text, into a new field's name. Null when the value is not an object or array and not text.
 */
export function withLoneSurrogate(value: unknown): fc.Arbitrary<{ value: unknown; at: string }> | null {
  const texts: Segment[][] = [];
  const walk = (node: unknown, path: Segment[]) => {
    if (typeof node === 'string') texts.push(path);
    else if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...path, index]));
    else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(value, []);
  const inText = texts.length > 0
    ? fc.tuple(fc.constantFrom(...texts), fc.boolean()).map(([path, before]) => {
      const text = path.length === 0 ? (value as string) : (parentOf(value, path.slice(0, -1))[path.at(-1)!] as string);
      const broken = before ? `${LONE_SURROGATE}${text}` : `${text} ${LONE_SURROGATE}`;
      return { value: path.length === 0 ? broken : replaceAt(value, path, broken), at: `/${path.join('/')}` };
    })
    : null;
  const inName = value && typeof value === 'object' && !Array.isArray(value)
    ? fc.constant({ value: withKey(value, [], `note${LONE_SURROGATE}`, 'x'), at: '/ (a field name)' })
    : null;
  const options = [inText, inName].filter((option): option is NonNullable<typeof option> => option !== null);
  return options.length > 0 ? fc.oneof(...options) : null;
}

export function breakValue(schema: Schema, value: unknown): fc.Arbitrary<{ value: unknown; mutation: Mutation; at: string }> {
  const locations = locate(schema, value, []);
  const candidates: fc.Arbitrary<{ value: unknown; mutation: Mutation; at: string }>[] = [];
  for (const location of locations) {
    const at = `/${location.path.join('/')}`;
    const objectSchema = plainObjectSchema(location.schema);
    if (objectSchema && location.value && typeof location.value === 'object' && !Array.isArray(location.value)) {
      const present = (objectSchema.required ?? []).filter((key: string) => key in (location.value as object));
      if (present.length > 0) {
        candidates.push(fc.constantFrom(...present).map((key) => ({ value: withoutKey(value, location.path, key as string), mutation: 'missing field' as const, at: `${at}/${key}` })));
      }
      if (objectSchema.additionalProperties === false) {
        candidates.push(
          fc.tuple(fc.constantFrom('isAdmin', 'role', 'roles', 'price', 'total', 'user_id', 'extra', '__proto__', 'constructor'), fc.jsonValue()).map(([key, extra]) => ({
            value: withKey(value, location.path, key, extra),
            mutation: 'extra field' as const,
            at: `${at}/${key}`,
          })),
        );
      }
    }
    if (location.path.length > 0) {
      candidates.push(wrongTypeFor(location.schema, location.value).map((bad) => ({ value: replaceAt(value, location.path, bad), mutation: 'wrong type' as const, at })));
      candidates.push(outOfBounds(location.schema).map((bad) => ({ value: replaceAt(value, location.path, bad), mutation: 'out of bounds' as const, at })));
    }
  }
  return candidates.length > 0 ? fc.oneof(...candidates) : fc.constant({ value: [value], mutation: 'wrong type' as const, at: '/' });
}

function plainObjectSchema(schema: Schema): Schema | null {
  if (schema.type === 'object' || schema.properties) return schema;
  return null;
}

/** Every place in `value` with the schema that governs it. */
function locate(schema: Schema, value: unknown, path: Segment[]): Location[] {
  const here: Location[] = [{ path, schema, value }];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, child] of Object.entries(value)) {
      const childSchema = properties[key];
      if (childSchema) here.push(...locate(resolveOneOf(childSchema, child), child, [...path, key]));
    }
  } else if (Array.isArray(value) && schema.items) {
    value.forEach((child, index) => here.push(...locate(schema.items, child, [...path, index])));
  }
  return here;
}

/** For `oneOf: [Email, null]` with a string present, the string's own schema has the bounds. */
function resolveOneOf(schema: Schema, value: unknown): Schema {
  if (!Array.isArray(schema.oneOf)) return schema;
  const match = schema.oneOf.find((option: Schema) => option.type === (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value));
  return match ?? schema.oneOf.find((option: Schema) => option.type !== 'null') ?? schema;
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function parentOf(root: unknown, path: Segment[]): any {
  return path.reduce<any>((node, segment) => node[segment], root);
}

function replaceAt(root: unknown, path: Segment[], replacement: unknown): unknown {
  const copy = clone(root);
  parentOf(copy, path.slice(0, -1))[path.at(-1)!] = replacement;
  return copy;
}

function withoutKey(root: unknown, path: Segment[], key: string): unknown {
  const copy = clone(root);
  delete parentOf(copy, path)[key];
  return copy;
}

function withKey(root: unknown, path: Segment[], key: string, extra: unknown): unknown {
  const copy = clone(root);
  // defineProperty, so "__proto__" becomes an own key and is really sent.
  Object.defineProperty(parentOf(copy, path), key, { value: extra, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Bodies that are not a JSON object of the contract at all. */
export const malformedBodies = fc.constantFrom(
  { rawBody: '{"service": 1, "items": [', contentType: 'application/json', mutation: 'malformed JSON' },
  { rawBody: "{'order': 1}", contentType: 'application/json', mutation: 'malformed JSON' },
  { rawBody: '{"a":1}}', contentType: 'application/json', mutation: 'malformed JSON' },
  { rawBody: '', contentType: 'application/json', mutation: 'empty body' },
  { rawBody: 'null', contentType: 'application/json', mutation: 'null body' },
  { rawBody: '[]', contentType: 'application/json', mutation: 'array body' },
  { rawBody: '"text"', contentType: 'application/json', mutation: 'string body' },
  { rawBody: '42', contentType: 'application/json', mutation: 'number body' },
  { rawBody: 'name=x&email=y', contentType: 'application/x-www-form-urlencoded', mutation: 'wrong content type' },
  { rawBody: '{"name":"x"}', contentType: 'text/plain', mutation: 'wrong content type' },
  { rawBody: '<order id="1"/>', contentType: 'application/xml', mutation: 'wrong content type' },
  { rawBody: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--', contentType: 'multipart/form-data; boundary=b', mutation: 'wrong content type' },
);
