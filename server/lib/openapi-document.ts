import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const OPENAPI_PATH = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
export type HttpMethod = (typeof METHODS)[number];

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  /** The YAML as written (served at /api/openapi.yaml). */
  text: string;
  /** The parsed document, `$ref`s left in place (the docs page names schemas by them). */
  raw: Json;
}

/** One operation of the contract, with everything a route and the docs page need. */
export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** As in the document: `/home/services/{id}`. */
  path: string;
  summary: string;
  tags: string[];
  /** The operation needs a bearer token. */
  requiresAuth: boolean;
  /** `security: [{}, { bearerAuth: [] }]`: public, and a bearer token given is checked and names the caller (confirmEmail). */
  optionalAuth: boolean;
  /** `x-required-role`, e.g. ROLE_ADMIN. */
  requiredRole: string | null;
  /** The raw (un-dereferenced) operation object. */
  raw: Json;
  /** Fastify route schema: params, querystring, headers and body, all `$ref`s resolved. */
  schema: { params?: Json; querystring?: Json; headers?: Json; body?: Json };
}

export function loadOpenApiDocument(file = OPENAPI_PATH): OpenApiDocument {
  const text = readFileSync(file, 'utf8');
  return { text, raw: parse(text) as Json };
}

export function listOperations(document: OpenApiDocument): Operation[] {
  const root = document.raw;
  const deref = (value: unknown) => dereference(value, root);
  const globalSecurity = (root.security as unknown[] | undefined) ?? [];
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((root.paths ?? {}) as Record<string, Json>)) {
    const pathParameters = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of METHODS) {
      const raw = item[method] as Json | undefined;
      if (!raw) continue;
      const security = (raw.security as Json[] | undefined) ?? (globalSecurity as Json[]);
      const parameters = deref([...pathParameters, ...((raw.parameters as unknown[]) ?? [])]) as Json[];
      operations.push({
        operationId: String(raw.operationId),
        method,
        path,
        summary: String(raw.summary ?? ''),
        tags: (raw.tags as string[] | undefined) ?? [],
        requiresAuth: security.some((requirement) => 'bearerAuth' in requirement) && !security.some((requirement) => Object.keys(requirement).length === 0),
        optionalAuth: security.some((requirement) => 'bearerAuth' in requirement) && security.some((requirement) => Object.keys(requirement).length === 0),
        requiredRole: typeof raw['x-required-role'] === 'string' ? raw['x-required-role'] : null,
        raw,
        schema: routeSchema(parameters, deref(raw.requestBody) as Json | undefined),
      });
    }
  }
  return operations;
}

function routeSchema(parameters: Json[], requestBody: Json | undefined): Operation['schema'] {
  const schema: Operation['schema'] = {};
  const parts = { path: 'params', query: 'querystring', header: 'headers' } as const;
  for (const [location, part] of Object.entries(parts)) {
    const own = parameters.filter((parameter) => parameter.in === location);
    if (own.length === 0) continue;
    // Header names are case-insensitive; Node gives them lower-cased.
    const name = (parameter: Json) => (location === 'header' ? String(parameter.name).toLowerCase() : String(parameter.name));
    schema[part] = {
      type: 'object',
      properties: Object.fromEntries(own.map((parameter) => [name(parameter), parameter.schema ?? {}])),
      required: own.filter((parameter) => parameter.required).map(name),
    };
  }
  const body = (requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined;
  if (body?.schema) {
    schema.body = requestBody?.required ? (body.schema as Json) : { ...(body.schema as Json), 'x-optional-body': true };
  }
  return schema;
}

/** Resolves local `$ref`s (`#/components/...`) recursively; sibling keys (description) are kept. */
export function dereference(value: unknown, root: Json, seen: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((entry) => dereference(entry, root, seen));
  if (!value || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as Json;
  if (typeof $ref === 'string') {
    if (seen.includes($ref)) throw new Error(`Circular $ref in the OpenAPI document: ${$ref}`);
    const target = resolvePointer(root, $ref);
    const resolved = dereference(target, root, [...seen, $ref]) as Json;
    return { ...resolved, ...(dereference(rest, root, seen) as Json) };
  }
  return Object.fromEntries(Object.entries(rest).map(([key, entry]) => [key, dereference(entry, root, seen)]));
}

function resolvePointer(root: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, segment) => {
      const next = (node as Json | undefined)?.[segment];
      if (next === undefined) throw new Error(`Unresolved $ref in the OpenAPI document: ${ref}`);
      return next;
    }, root);
}

/** `/home/services/{id}` → `/api/home/services/:id`. */
export function toRoutePath(path: string, prefix = '/api'): string {
  return prefix + path.replace(/\{([^}]+)\}/g, ':$1');
}
