import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { ClockTimeRules, DayRules, OutwardCodeRules } from '../../openapi/rules';

/**
 * Strict request validation (docs/decisions/001-strict-request-validation.md): OpenAPI 3.1 schemas
 * are JSON Schema 2020-12, so Ajv 2020. Bodies are JSON and are checked as sent: "5" is not 5 and
 * unknown fields are refused. Path, query and header values are always strings on the wire, so
 * those are coerced ("42" → 42) before checking.
 */
function createAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    coerceTypes: coerce,
    removeAdditional: false,
    useDefaults: false,
    allErrors: false,
    // OpenAPI annotations (example, x-*) are not JSON Schema keywords; tolerate them.
    strict: false,
    // 1.15 / 0.01 is 114.99999999999999 in floating point: without a tolerance `multipleOf: 0.01`
    // would refuse £1.15 (prices in pounds and pence, decision 023).
    multipleOfPrecision: 9,
  });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = createAjv(false);
const wireAjv = createAjv(true);

/** A body the contract marks optional may be absent; present, it is checked like any other. */
export const OPTIONAL_BODY = 'x-optional-body';

/** An operation without a request body: one sent anyway is refused. */
export const NO_BODY = 'x-no-body';

export const validatorCompiler: FastifySchemaCompiler<Record<string, unknown>> = ({ schema, httpPart }) => {
  if (httpPart === 'body' && schema[NO_BODY] === true) return refuseAnyBody;
  const validate: ValidateFunction = (httpPart === 'body' ? bodyAjv : wireAjv).compile(schema);
  const optional = httpPart === 'body' && schema[OPTIONAL_BODY] === true;
  return (data: unknown) => {
    // Fastify hands an absent part over as null.
    if (optional && (data === undefined || data === null)) return { value: undefined };
    if (validate(data)) return { value: data };
    // An array of Ajv errors: Fastify passes it to formatValidationErrors (schemaErrorFormatter).
    return { error: validate.errors ?? [] } as unknown as { error: Error };
  };
};

function refuseAnyBody(data: unknown) {
  if (data === undefined || data === null) return { value: undefined };
  const error: Partial<ErrorObject> = { keyword: NO_BODY, instancePath: '', params: {}, message: 'must be empty: this call takes no request body' };
  return { error: [error] } as unknown as { error: Error };
}

/** Patterns a person types, said in words rather than as the regular expression. */
// Keyed by the contract's own patterns (openapi/rules.ts, generated from openapi.yaml), never a copy of them.
const PATTERN_MEANINGS: Record<string, string> = {
  [ClockTimeRules.pattern]: 'must be a time as HH:mm (00:00 to 23:59)',
  [OutwardCodeRules.pattern]: 'must be a UK postcode district (the outward code), such as WC2N or SE1',
  // The contract's Day (issue 34): a date far off (9999-12-20) would reach the database or a mail.
  [DayRules.pattern]: 'must be a day from 2000-01-01 to 2099-12-31 (YYYY-MM-DD)',
};

/** `body/email must match format "email"`: where, then what is wrong, one problem at a time. */
export function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const [first] = errors as ErrorObject[];
  if (!first) return new Error(`${dataVar} is invalid`);
  const where = `${dataVar}${first.instancePath}`;
  let message = `${where} ${first.message ?? 'is invalid'}`;
  if (first.keyword === 'additionalProperties') {
    message = `${where} must NOT have the unknown property "${String(first.params.additionalProperty)}"`;
  } else if (first.keyword === 'enum') {
    message = `${where} must be one of: ${(first.params.allowedValues as unknown[]).join(', ')}`;
  } else if (first.keyword === 'type') {
    message = `${where} must be ${String(first.params.type).split(',').join(' or ')}`;
  } else if (first.keyword === 'pattern' && PATTERN_MEANINGS[String(first.params.pattern)]) {
    message = `${where} ${PATTERN_MEANINGS[String(first.params.pattern)]}`;
  } else if (first.keyword === 'multipleOf' && first.params.multipleOf === 0.01) {
    message = `${where} must have at most 2 decimals`;
  } else if (first.keyword === 'required') {
    message = `${where} must have required property '${String(first.params.missingProperty)}'`;
  }
  return new Error(message);
}
