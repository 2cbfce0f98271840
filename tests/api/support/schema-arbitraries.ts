import fc from 'fast-check';

/**
 * fast-check generators built from the contract's own JSON Schemas (already dereferenced):
 * `validValue` respects a schema, `invalidValue` breaks it in one place. Both can be steered with
 * hints (real ids, known emails) keyed by property name, so a share of the valid requests reach
 * real data and answer 2xx. The fuzzer still checks every sample with Ajv before counting it as
 * valid or invalid: a generator's mistake cannot turn into a false finding.
 */
export type Schema = Record<string, any>;
export type Hints = Record<string, readonly unknown[]>;

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  email: () => fc.oneof(fc.emailAddress(), fc.constantFrom('jane.doe@example.co.uk', 'A@B.UK')),
  // The contract's Day: 2000-01-01 to 2099-12-31 (a day outside is a breaker's, OUT_OF_RANGE_DAYS).
  date: () => fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  'date-time': () => fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
  uri: () => fc.webUrl(),
};

/** Real calendar days outside the contract's Day (issue 34: 9999-12-20 answered 500). */
export const OUT_OF_RANGE_DAYS = ['9999-12-20', '9999-12-31', '2100-01-01', '1999-12-31', '0001-01-01', '1900-02-28'] as const;

/** A schema's own properties, those of an allOf's parts included. */
export function propertiesOf(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  return Array.isArray(schema.allOf) ? (mergedObject(schema).properties as Record<string, Schema>) : ((schema.properties ?? {}) as Record<string, Schema>);
}

/** A value that satisfies `schema` (when the generator gets it right; the fuzzer re-checks). */
export function validValue(schema: Schema, hints: Hints = {}, name = ''): fc.Arbitrary<unknown> {
  const generic = genericValid(schema, hints);
  const hinted = hints[name];
  return hinted && hinted.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, { weight: 1, arbitrary: generic }) : generic;
}

function genericValid(schema: Schema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.oneOf)) return fc.oneof(...schema.oneOf.map((option: Schema) => genericValid(option, hints)));
  // allOf of objects (a body that extends another, closed by unevaluatedProperties): their properties together.
  if (Array.isArray(schema.allOf)) return validObject(mergedObject(schema), hints);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => genericValid({ ...schema, type }, hints)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 - 1 });
    case 'number':
      // Money (multipleOf 0.01): whole pennies, or nearly every sample would be invalid.
      if (schema.multipleOf === 0.01) {
        return fc.integer({ min: Math.round((schema.minimum ?? -1e6) * 100), max: Math.round((schema.maximum ?? 1e6) * 100) }).map((pennies) => pennies / 100);
      }
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'string':
      return validString(schema);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, hints), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 5, 5)) });
    case 'object':
      return validObject(schema, hints);
    default:
      return fc.jsonValue();
  }
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]!();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= maxLength);
  return fc.oneof(
    fc.string({ minLength, maxLength: Math.min(maxLength, 40) }),
    // Any Unicode: emoji, right-to-left, combining marks, HTML and SQL that must stay text.
    fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 40) }),
    fc.constantFrom("<script>alert('x')</script>", "Robert'); DROP TABLE users;--", 'Zoë Ångström 👩‍🔬', 'مرحبا', '\u0000nul').filter(
      (s) => s.length >= minLength && s.length <= maxLength,
    ),
  );
}

function mergedObject(schema: Schema): Schema {
  const parts = (schema.allOf as Schema[]).map((part) => (Array.isArray(part.allOf) ? mergedObject(part) : part));
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), schema.properties ?? {}),
    required: [...new Set(parts.flatMap((part) => (part.required ?? []) as string[]).concat((schema.required ?? []) as string[]))],
  };
}

function validObject(schema: Schema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, validValue(property, hints, key)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []) as string[] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values of every other JSON type, plus the classic confusions ("5" for 5, 1.5 for an integer). */
function wrongTypeFor(schema: Schema, current: unknown): fc.Arbitrary<unknown> {
  const candidates: unknown[] = ['5', 5, 1.5, -1, 0, true, null, [], {}, '', 'true', [1], { id: 1 }];
  if (typeof current === 'number') candidates.push(String(current));
  if (typeof current === 'string' && current !== '' && !Number.isNaN(Number(current))) candidates.push(Number(current));
  const types = ([] as string[]).concat(schema.type ?? []);
  return fc.constantFrom(...candidates.filter((value) => !types.includes(jsonType(value))));
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** Out-of-bounds values for one schema: lengths, ranges, patterns, formats, enums, quantities. */
export function outOfBounds(schema: Schema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  if (schema.type === 'integer' || schema.type === 'number') {
    const bad: number[] = [1.5, -1, 0, 101, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e308];
    if (schema.minimum !== undefined) bad.push(schema.minimum - 1);
    if (schema.maximum !== undefined) bad.push(schema.maximum + 1);
    options.push(fc.constantFrom(...bad));
  }
  if (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'))) {
    const max = schema.maxLength ?? 5000;
    options.push(fc.integer({ min: max + 1, max: max + 3000 }).map((n) => 'x'.repeat(n)));
    options.push(fc.constantFrom('a'.repeat(100_000), '€'.repeat(max + 1), '😀'.repeat(max + 1)));
    if (schema.minLength) options.push(fc.string({ maxLength: schema.minLength - 1 }));
    if (schema.pattern || schema.format) options.push(fc.constantFrom('not valid', '2026-13-45', '25:61', '<script>', ' ', 'ä@ö', '12345678901234567890123'));
    if (schema.format === 'date') options.push(fc.constantFrom(...OUT_OF_RANGE_DAYS));
  }
  if (Array.isArray(schema.enum)) options.push(fc.constantFrom('unknown', 'CANCELLED', 'accepted ', 'ROLE_ADMIN', ''));
  if (schema.type === 'array') {
    if (schema.minItems) options.push(fc.constant([]));
    if (schema.maxItems) options.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, (_, i) => ({ id: i + 1, quantity: 1 }))));
  }
  return options.length > 0 ? fc.oneof(...options) : wrongTypeFor(schema, undefined);
}

export { wrongTypeFor };
