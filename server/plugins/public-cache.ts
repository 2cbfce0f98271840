import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Database, Subscription } from '../db/database';
import { addRouteHook, methodOf, operationIdOf } from './route-hooks';

/** The public reads (/home/..., R-SITE-2 … R-SITE-4): the same for every visitor. */
export const CACHED_OPERATIONS = new Set(['listServices', 'getServiceDetail', 'listCounters', 'listTestimonies', 'listFaqs']);

/** Short, so a change reaches browsers within half a minute; the ETag makes revalidation cheap. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';

/** The channel migration 007's triggers NOTIFY on every change to the public content. */
export const PUBLIC_CONTENT_CHANNEL = 'public_content';

export const PUBLIC_CACHE_DEFAULTS = { maxEntries: 500, ttlSeconds: 10 } as const;

const JSON_TYPE = 'application/json; charset=utf-8';

interface CachedResponse {
  body: string;
  etag: string;
}

export interface PublicCacheOptions {
  db: Database;
  /** A fixed bound: however many spellings arrive, no more entries than this. */
  maxEntries?: number;
  /** The backstop if a notification is ever missed; NOTIFY is the normal path. */
  ttlSeconds?: number;
}

export interface PublicCacheStats {
  entries: number;
  hits: number;
  misses: number;
  invalidations: number;
  /** Whether change notifications arrive (while not, nothing is stored). */
  listening: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: { stats(): PublicCacheStats };
  }
}

const fromCache = Symbol('publicCache.hit');
const leads = Symbol('publicCache.leads');
const keyOf = Symbol('publicCache.key');
const generationAtStart = Symbol('publicCache.generation');
type Marked = FastifyRequest & { [fromCache]?: boolean; [keyOf]?: string; [generationAtStart]?: number; [leads]?: () => void };

/**
 * Public reads answered from memory (issue 6 goal 4; issues 12 row 4 and 13): the serialised JSON
 * and its ETag, 304 when the browser already has it.
 * - Keyed by operation and the parsed, validated params (`0002.00`, `0x1`, `%31` and `2` are one
 *   entry), looked up after validation; an LRU of a fixed size, so no spelling grows memory.
 * - Emptied when the content changes, on every instance: the content tables' triggers NOTIFY
 *   `public_content` at commit and each instance LISTENs. Sign-ins, bookings and other writes
 *   leave it alone. A TTL is the backstop; while the listening connection is down nothing is
 *   stored. A read in flight across a change is not stored, so a stale answer never outlives it.
 * - One database read per entry: reads of a key that is being read already wait for that answer
 *   (a cold cache under a burst would otherwise send every request to the database at once).
 */
async function publicCache(app: FastifyInstance, options: PublicCacheOptions): Promise<void> {
  const entries = new LRUCache<string, CachedResponse>({
    max: options.maxEntries ?? PUBLIC_CACHE_DEFAULTS.maxEntries,
    ttl: (options.ttlSeconds ?? PUBLIC_CACHE_DEFAULTS.ttlSeconds) * 1000,
  });
  let generation = 0;
  let listening = false;
  const stats = { hits: 0, misses: 0, invalidations: 0 };
  const invalidate = () => {
    generation += 1;
    stats.invalidations += 1;
    entries.clear();
  };

  let subscription: Subscription | null = null;
  if (options.db.listen) {
    subscription = await options.db.listen(PUBLIC_CONTENT_CHANNEL, (event) => {
      listening = event.kind !== 'lost';
      invalidate();
    });
  }
  app.addHook('onClose', async () => {
    await subscription?.close();
  });
  app.decorate('publicCache', { stats: () => ({ entries: entries.size, ...stats, listening }) });

  /** Reads of a key under way: later ones wait for the first instead of reading too. */
  const inflight = new Map<string, Promise<void>>();

  const answer = (request: Marked, reply: FastifyReply, hit: CachedResponse) => {
    stats.hits += 1;
    request[fromCache] = true;
    reply.header('etag', hit.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    if (matches(request, hit.etag)) reply.code(304).send();
    else reply.header('content-type', JSON_TYPE).send(hit.body);
  };

  const lead = (request: Marked, key: string, done: HookHandlerDoneFunction) => {
    stats.misses += 1;
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    inflight.set(key, answered);
    request[leads] = () => {
      request[leads] = undefined;
      if (inflight.get(key) === answered) inflight.delete(key);
      release();
    };
    done();
  };

  const serveFromMemory = (operationId: string) => (request: Marked, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    request[generationAtStart] = generation;
    const key = `${operationId}${JSON.stringify(request.params)}${JSON.stringify(request.query)}`;
    request[keyOf] = key;
    const hit = listening ? entries.get(key) : undefined;
    if (hit) {
      answer(request, reply, hit);
      return;
    }
    const underWay = listening ? inflight.get(key) : undefined;
    if (!underWay) {
      lead(request, key, done);
      return;
    }
    void underWay.then(() => {
      const stored = entries.get(key);
      if (stored && request[generationAtStart] === generation) answer(request, reply, stored);
      else {
        stats.misses += 1;
        done();
      }
    });
  };

  const release = (request: Marked, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    request[leads]?.();
    done();
  };

  const remember = (request: Marked, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    // Answered from memory (its headers are already there), or not a 200 JSON answer to keep.
    if (request[fromCache] === true || reply.statusCode !== 200 || typeof payload !== 'string' || request[keyOf] === undefined) {
      request[leads]?.();
      done(null, payload);
      return;
    }
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    if (listening && request[generationAtStart] === generation) entries.set(request[keyOf], { body: payload, etag });
    request[leads]?.();
    reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    if (matches(request, etag)) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, payload);
  };

  app.addHook('onRoute', (route) => {
    const operationId = operationIdOf(route);
    if (operationId !== undefined && CACHED_OPERATIONS.has(operationId) && methodOf(route) === 'GET') {
      // preHandler: after validation, so the key holds the parsed params, not their spelling.
      addRouteHook(route, 'preHandler', serveFromMemory(operationId));
      addRouteHook(route, 'onSend', remember);
      // Whatever happened to the first read (an error, a closed connection), the waiting ones go on.
      addRouteHook(route, 'onResponse', release);
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
