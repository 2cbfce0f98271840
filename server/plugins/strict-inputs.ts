import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

/**
 * What the contract's schemas cannot say, refused on every operation (found by tests/api/fuzz.test.ts):
 * - a query parameter the operation does not define (none does): never silently ignored, and
 *   never a new cache key for the public reads;
 * - a body sent to an operation that defines none (logout, the reads);
 * - the NUL character in any text, which JSON can carry but PostgreSQL text cannot store.
 * Runs at preValidation: after the security check (401/403 come first), before the schema check.
 */
async function strictInputs(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config || !('operationId' in request.routeOptions.config)) return;
    const schema = request.routeOptions.schema ?? {};
    if (!schema.querystring) {
      const [unknown] = Object.keys((request.query ?? {}) as object);
      if (unknown !== undefined) throw badRequest(`querystring/${unknown} is not a parameter of this request`);
    }
    if (!schema.body && hasBody(request)) throw badRequest('This request takes no body');
    const where = nulIn(request.body, 'body') ?? nulIn(request.params, 'params');
    if (where) throw badRequest(`${where} must not contain NUL characters`);
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined || (request.body !== undefined && request.body !== null);
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
