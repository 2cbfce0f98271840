import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { addRouteHook, isReadOnly, methodOf, operationIdOf } from './route-hooks';

/** The public reads of SPEC 7 (/home/...): the same for every visitor, written only by the seed. */
export const CACHED_OPERATIONS = new Set(['listServices', 'getServiceDetail', 'listCounters', 'listTestimonies', 'listFaqs']);

/** Short, so a change reaches browsers within half a minute; the ETag makes revalidation cheap. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';

const JSON_TYPE = 'application/json; charset=utf-8';

interface CachedResponse {
  body: string;
  etag: string;
}

const fromCache = Symbol('publicCache.hit');
const generationAtStart = Symbol('publicCache.generation');
type Marked = FastifyRequest & { [fromCache]?: boolean; [generationAtStart]?: number };

/**
 * Answers the public reads from memory once they have been read from the database (issue 6,
 * goal 4): the serialised JSON and its ETag, computed once per cache generation, 304 when the
 * browser already has it. Any write to the API (a route that is not GET/HEAD/OPTIONS) empties the
 * cache, when it starts and when it ends; a read that was in flight across a write is not stored,
 * so a stale answer never outlives the write. The hooks sit on the routes concerned only, in the
 * callback form (no promise per request).
 */
async function publicCache(app: FastifyInstance): Promise<void> {
  const entries = new Map<string, CachedResponse>();
  let generation = 0;
  const invalidate = () => {
    generation += 1;
    entries.clear();
  };

  const serveFromMemory = (request: Marked, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    request[generationAtStart] = generation;
    const hit = entries.get(request.url);
    if (!hit) {
      done();
      return;
    }
    request[fromCache] = true;
    reply.header('etag', hit.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    if (matches(request, hit.etag)) reply.code(304).send();
    else reply.header('content-type', JSON_TYPE).send(hit.body);
  };

  const remember = (request: Marked, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    // Answered from memory (its headers are already there), or not a 200 JSON answer to keep.
    if (request[fromCache] === true || reply.statusCode !== 200 || typeof payload !== 'string') {
      done(null, payload);
      return;
    }
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    if (request[generationAtStart] === generation) entries.set(request.url, { body: payload, etag });
    reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    if (matches(request, etag)) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, payload);
  };

  const invalidateHook = (_request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    invalidate();
    done();
  };

  app.addHook('onRoute', (route) => {
    const operationId = operationIdOf(route);
    if (operationId !== undefined && CACHED_OPERATIONS.has(operationId) && methodOf(route) === 'GET') {
      addRouteHook(route, 'onRequest', serveFromMemory);
      addRouteHook(route, 'onSend', remember);
    } else if (!isReadOnly(route)) {
      addRouteHook(route, 'onRequest', invalidateHook, 'first');
      addRouteHook(route, 'onResponse', invalidateHook);
    }
  });
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export default fp(publicCache, { name: 'public-cache' });
