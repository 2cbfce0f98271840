import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';
import { dereference, loadOpenApiDocument } from '../../server/lib/openapi-document';

/**
 * Checks every answer of the API against openapi/openapi.yaml: its status must be one the operation
 * documents and its JSON body must match that status's schema. The API test client runs it as an
 * openapi-fetch middleware, the fuzzer and the matrix call `check` on raw fetches, and the
 * end-to-end suite on every `/api/` answer the browser receives. 5xx are counted apart: a 503 is the
 * documented "database unavailable", anything else is a server error no test expects.
 */
export interface ContractViolation {
  operation: string;
  status: number;
  problem: string;
}

export interface ObservedAnswer {
  method: string;
  /** A URL, a path with the `/api` prefix, or the contract's own path template. */
  path: string;
  status: number;
  /** The raw body text. */
  body: string;
}

type Json = Record<string, any>;
interface OperationEntry { id: string; method: string; template: string; pattern: RegExp; responses: Json }

const BASE_PATH = '/api';

export function createContractValidator() {
  const document = loadOpenApiDocument().raw as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: false, multipleOfPrecision: 9 });
  addFormats(ajv);
  const operations = listEntries(document);
  const compiled = new Map<string, ValidateFunction>();
  const violations: ContractViolation[] = [];
  const serverErrors: ContractViolation[] = [];
  let checked = 0;

  function schemaValidator(key: string, schema: unknown): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema as Json);
      compiled.set(key, validate);
    }
    return validate;
  }

  /** The problem with one answer, or null when the contract allows it. Records what it finds. */
  function check(answer: ObservedAnswer): string | null {
    checked += 1;
    const operation = findOperation(operations, answer.method, answer.path);
    const name = operation?.id ?? `${answer.method.toUpperCase()} ${answer.path}`;
    if (answer.status >= 500 && answer.status !== 503) {
      serverErrors.push({ operation: name, status: answer.status, problem: answer.body.slice(0, 300) });
    }
    // A path outside the contract (the docs page, a deliberate unknown URL) has nothing to check against.
    const problem = operation ? problemWith(operation, answer) : null;
    if (problem) violations.push({ operation: name, status: answer.status, problem });
    return problem;
  }

  function problemWith(operation: OperationEntry, answer: ObservedAnswer): string | null {
    // HTTP caching, not the contract: "you already have it" to a conditional GET.
    if (answer.status === 304 && operation.method === 'get') return null;
    const found = responseFor(operation.responses, answer.status, document);
    if (!found) return `status ${answer.status} is not documented`;
    const { key, response } = found;
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `the body is not JSON: ${answer.body.slice(0, 80)}`;
    }
    const validate = schemaValidator(`${operation.id} ${key}`, schema);
    if (validate(body)) return null;
    const [first] = validate.errors ?? [];
    return `body${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'} (${JSON.stringify(body).slice(0, 200)})`;
  }

  const middleware: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      const body = await response.clone().text();
      check({ method: request.method, path: schemaPath, status: response.status, body });
      return undefined;
    },
  };

  return {
    check,
    middleware,
    /** Problems found so far (copy). */
    violations: () => [...violations],
    /** 5xx other than 503 seen so far (copy). */
    serverErrors: () => [...serverErrors],
    checked: () => checked,
    /** The contract's operations, for tests that walk all of them. */
    operations: () => operations.map(({ id, method, template }) => ({ id, method, path: template })),
    summary: () => `${checked} answers checked, ${violations.length} contract violations, ${serverErrors.length} 5xx`,
  };
}

export type ContractValidator = ReturnType<typeof createContractValidator>;

/** Throws, listing them, when answers broke the contract or a server error (other than 503) occurred. */
export function assertContractKept(validator: ContractValidator, where = 'this test file'): void {
  const problems = [
    ...validator.violations().map((v) => `${v.operation} ${v.status}: ${v.problem}`),
    ...validator.serverErrors().map((v) => `${v.operation} answered ${v.status}: ${v.problem}`),
  ];
  if (problems.length > 0) {
    throw new Error(`${problems.length} answers in ${where} broke the contract (openapi/openapi.yaml):\n${problems.slice(0, 20).join('\n')}`);
  }
}

function listEntries(document: Json): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [template, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const operation = item[method];
      if (!operation) continue;
      // `{id}` matches one path segment; literal parts match themselves.
      // (The server ignores a trailing slash, so /admin/orders and /admin/orders/ are one operation.)
      const source = template.replace(/\/$/, '').split(/\{[^}]+\}/).map(escapeRegExp).join('[^/]+');
      entries.push({ id: operation.operationId, method, template, pattern: new RegExp(`^${source}/?$`), responses: operation.responses ?? {} });
    }
  }
  return entries;
}

function findOperation(operations: OperationEntry[], method: string, path: string): OperationEntry | undefined {
  const lower = method.toLowerCase();
  const byTemplate = operations.find((operation) => operation.method === lower && operation.template === path);
  if (byTemplate) return byTemplate;
  let pathname = /^https?:/.test(path) ? new URL(path).pathname : path.split('?')[0]!;
  if (pathname.startsWith(BASE_PATH)) pathname = pathname.slice(BASE_PATH.length);
  // Matched still encoded: a decoded value may contain "/" and span segments.
  return operations.find((operation) => operation.method === lower && operation.pattern.test(pathname));
}

/** The exact status, else its range (`4XX`), else `default`; `$ref`s to components resolved. */
function responseFor(responses: Json, status: number, document: Json): { key: string; response: Json } | null {
  const range = `${String(status)[0]}XX`;
  const key = [String(status), range, range.toLowerCase(), 'default'].find((candidate) => responses[candidate]);
  return key ? { key, response: dereference(responses[key], document) as Json } : null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
