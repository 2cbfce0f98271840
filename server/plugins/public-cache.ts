import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The public reads of SPEC 7 (/home/...): the same for every visitor, written only by the seed. */
export const CACHED_OPERATIONS = new Set(['listServices', 'getServiceDetail', 'listCounters', 'listTestimonies', 'listFaqs']);

/** Short, so a change reaches browsers within half a minute; the ETag makes revalidation cheap. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';

interface CachedResponse {
  body: string;
  etag: string;
}

const fromCache = Symbol('publicCache.hit');
const generationAtStart = Symbol('publicCache.generation');
type Marked = FastifyRequest & { [fromCache]?: boolean; [generationAtStart]?: number };

/**
 * Answers the public reads from memory once they have been read from the database (issue 6,
 * goal 4): the serialised JSON and its ETag, 304 when the browser already has it. Any write to the
 * API (a non-GET request) empties the cache, when it starts and when it ends; a read that was in
 * flight across a write is not stored, so a stale answer never outlives the write.
 */
async function publicCache(app: FastifyInstance): Promise<void> {
  const entries = new Map<string, CachedResponse>();
  let generation = 0;
  const invalidate = () => {
    generation += 1;
    entries.clear();
  };

  app.addHook('onRequest', async (request: Marked, reply) => {
    if (request.method !== 'GET') {
      if (request.method !== 'HEAD' && request.method !== 'OPTIONS') invalidate();
      return;
    }
    if (!isCached(request)) return;
    request[generationAtStart] = generation;
    const hit = entries.get(request.url);
    if (!hit) return;
    request[fromCache] = true;
    reply.header('etag', hit.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    if (matches(request, hit.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(hit.body);
  });

  app.addHook('onSend', async (request: Marked, reply, payload) => {
    if (request[fromCache] || request[generationAtStart] === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    if (request[generationAtStart] === generation) entries.set(request.url, { body: payload, etag });
    reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    if (matches(request, etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });

  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') invalidate();
  });
}

function isCached(request: FastifyRequest): boolean {
  const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
  return operationId !== undefined && CACHED_OPERATIONS.has(operationId);
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export default fp(publicCache, { name: 'public-cache' });
