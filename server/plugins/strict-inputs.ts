import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';
import { addRouteHook, operationIdOf } from './route-hooks';

/**
 * What no JSON Schema can refuse, on every operation (found by tests/api/fuzz.test.ts): the NUL
 * character in any text, which JSON can carry but PostgreSQL text cannot store, so it would fail
 * in the database (a 500) instead of answering 400. Unknown query parameters and bodies on calls
 * that take none are refused by the route schemas themselves (plugins/openapi-routes.ts).
 * Runs at preValidation: after the security check (401/403 come first). Only on the contract's
 * operations that take some input (issue 6: a plain GET such as /home/services pays nothing).
 */
async function strictInputs(app: FastifyInstance): Promise<void> {
  const check = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const where = nulIn(request.body, 'body') ?? nulIn(request.params, 'params') ?? nulIn(request.query, 'querystring');
    done(where ? badRequest(`${where} must not contain NUL characters`) : undefined);
  };
  app.addHook('onRoute', (route) => {
    if (operationIdOf(route) !== undefined && takesInput(route)) addRouteHook(route, 'preValidation', check);
  });
}

/**
 * Whether a request to this route can carry any text: a body (any method but GET/HEAD), path
 * values, or named query parameters (unnamed ones are refused by the route's own schema).
 */
function takesInput(route: RouteOptions): boolean {
  const method = Array.isArray(route.method) ? route.method.join() : String(route.method);
  if (method !== 'GET' && method !== 'HEAD') return true;
  const schema = (route.schema ?? {}) as { params?: { properties?: object }; querystring?: { properties?: object } };
  const named = (part?: { properties?: object }) => part !== undefined && Object.keys(part.properties ?? {}).length > 0;
  return named(schema.params) || named(schema.querystring) || route.url.includes(':') || route.url.includes('*');
}

/** The path of the first text holding U+0000 (`body/items/0/name`), or null. */
function nulIn(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = nulIn(child, `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

export default fp(strictInputs, { name: 'strict-inputs' });
