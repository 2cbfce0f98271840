import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

/**
 * What no JSON Schema can refuse, on every operation (found by tests/api/fuzz.test.ts): the NUL
 * character in any text, which JSON can carry but PostgreSQL text cannot store, so it would fail
 * in the database (a 500) instead of answering 400. Unknown query parameters and bodies on calls
 * that take none are refused by the route schemas themselves (plugins/openapi-routes.ts).
 * Runs at preValidation: after the security check (401/403 come first).
 */
async function strictInputs(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config || !('operationId' in request.routeOptions.config)) return;
    const where = nulIn(request.body, 'body') ?? nulIn(request.params, 'params') ?? nulIn(request.query, 'querystring');
    if (where) throw badRequest(`${where} must not contain NUL characters`);
  });
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
