import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';
import { addRouteHook, operationIdOf } from './route-hooks';

/**
 * What no JSON Schema can refuse, on every operation (found by tests/api/fuzz.test.ts): the NUL
 * character in any text, which JSON can carry but PostgreSQL text cannot store, so it would fail
 * in the database (a 500) instead of answering 400; and JSON nested deeper than any body of the
 * contract (MAX_DEPTH), which would make every recursive walk over it (this one, the validator's)
 * overflow the stack — 8,000 nested objects answered 500 (issue 12, row 11). The walk is iterative. Unknown query parameters and bodies on calls
 * that take none are refused by the route schemas themselves (plugins/openapi-routes.ts).
 * Runs at preValidation: after the security check (401/403 come first). Only on the contract's
 * operations that take some input (issue 6: a plain GET such as /home/services pays nothing).
 */
async function strictInputs(app: FastifyInstance): Promise<void> {
  const check = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    try {
      const where = nulIn(request.body, 'body') ?? nulIn(request.params, 'params') ?? nulIn(request.query, 'querystring');
      done(where ? badRequest(`${where} must not contain NUL characters`) : undefined);
    } catch (error) {
      done(error as Error);
    }
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

/** Deeper than any body of the contract (at most 4 levels) with room to grow. */
export const MAX_DEPTH = 32;
export const TOO_DEEP = `The request is nested too deeply (at most ${MAX_DEPTH} levels)`;

/**
 * The path of the first text holding U+0000 (`body/items/0/name`), or null; throws 400 for a value
 * nested deeper than MAX_DEPTH. Iterative, so no input can overflow the stack.
 */
function nulIn(value: unknown, path: string): string | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return next.path;
      continue;
    }
    if (!next.value || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_DEPTH) throw badRequest(TOO_DEEP);
    // Reversed onto the stack so the first field is looked at first (the message names it).
    for (const [key, child] of Object.entries(next.value).reverse()) {
      pending.push({ value: child, path: `${next.path}/${key}`, depth: next.depth + 1 });
    }
  }
  return null;
}

export default fp(strictInputs, { name: 'strict-inputs' });
