import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';
import { addRouteHook, operationIdOf } from './route-hooks';

/**
 * What no JSON Schema can refuse, on every operation (found by tests/api/fuzz.test.ts): text that
 * is not well-formed Unicode — the NUL character, and a lone UTF-16 surrogate (`"Sue \udc00"`,
 * issue 34 row 3) — which JSON can carry but PostgreSQL text and jsonb cannot store, so it would
 * fail in the database or a mail job (a 500) instead of answering 400, in a body, a path value,
 * a query value or a body's field name alike; and JSON nested deeper than any body of the
 * contract (MAX_DEPTH), which would make every recursive walk over it (this one, the validator's)
 * overflow the stack — 8,000 nested objects answered 500 (issue 12, row 11). The walk is iterative. Unknown query parameters and bodies on calls
 * that take none are refused by the route schemas themselves (plugins/openapi-routes.ts).
 * Runs at preValidation: after the security check (401/403 come first). Only on the contract's
 * operations that take some input (issue 6: a plain GET such as /home/services pays nothing).
 */
async function strictInputs(app: FastifyInstance): Promise<void> {
  const check = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    try {
      const found =
        unstorableIn(request.body, 'body') ?? unstorableIn(request.params, 'params') ?? undecodableQuery(request.url) ?? unstorableIn(request.query, 'querystring');
      done(found ? badRequest(found) : undefined);
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

export const notWellFormed = (where: string) => `${where} must be well-formed Unicode text (a lone surrogate such as \\udc00 is not a character)`;
export const holdsNul = (where: string) => `${where} must not contain NUL characters`;

export const QUERY_NOT_UTF8 = 'querystring must be percent-encoded UTF-8 text (%ED%B0%80, a lone surrogate, is not a character)';

/**
 * The query parser keeps a value it cannot decode as it was sent (`q=Sue%ED%B0%80` searched for the
 * literal text): a query that is not percent-encoded UTF-8 is refused instead, as a path is.
 */
function undecodableQuery(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0) return null;
  for (const part of url.slice(start + 1).split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return QUERY_NOT_UTF8;
    }
  }
  return null;
}

/** With the u flag a surrogate pair is one code point (an emoji): only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a text cannot be stored (NUL, a lone surrogate), or null when it can. */
function unstorable(text: string, where: string): string | null {
  if (text.includes('\u0000')) return holdsNul(where);
  if (LONE_SURROGATE.test(text)) return notWellFormed(where);
  return null;
}

/**
 * The message for the first text (value or field name) that cannot be stored (`body/items/0/name
 * must not contain NUL characters`), or null; throws 400 for a value nested deeper than MAX_DEPTH.
 * Iterative, so no input can overflow the stack.
 */
function unstorableIn(value: unknown, path: string): string | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      const problem = unstorable(next.value, next.path);
      if (problem) return problem;
      continue;
    }
    if (!next.value || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_DEPTH) throw badRequest(TOO_DEEP);
    const entries = Object.entries(next.value);
    for (const [key] of entries) {
      // A field name is text too (it can be echoed back, stored in a JSON column or logged).
      const problem = unstorable(key, `${next.path} (a field name)`);
      if (problem) return problem;
    }
    // Reversed onto the stack so the first field is looked at first (the message names it).
    for (const [key, child] of entries.reverse()) {
      pending.push({ value: child, path: `${next.path}/${key}`, depth: next.depth + 1 });
    }
  }
  return null;
}

export default fp(strictInputs, { name: 'strict-inputs' });
