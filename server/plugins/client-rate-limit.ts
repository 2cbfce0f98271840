import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { createRateLimiter } from '../lib/rate-limiter';
import { addRouteHook, operationIdOf } from './route-hooks';

/**
 * Per-client limits (keyed by the caller's IP address) on top of the per-account ones of the
 * sign-in and password-reset services: one client guessing many accounts' passwords, or mailing
 * reset links to many addresses, is paused with 429 `{ message }`. In memory, per server instance
 * (docs/security-and-reliability.md); behind a proxy, Fastify's trustProxy must name it so the
 * client's own address is used. Only the limited operations carry the hooks (issue 6: the other
 * routes pay nothing for them).
 */
export const CLIENT_LIMITS = {
  /** Wrong passwords from one client, any accounts: 30 per 15 minutes. */
  login: { limit: 30, windowMs: 15 * 60_000, counts: (status: number) => status === 401 },
  /** Reset-link requests from one client, any addresses: 20 per hour. */
  forgotPassword: { limit: 20, windowMs: 60 * 60_000, counts: (status: number) => status < 300 },
} as const;

type Limited = keyof typeof CLIENT_LIMITS;

async function clientRateLimit(app: FastifyInstance, options: { now: () => Date }): Promise<void> {
  app.addHook('onRoute', (route) => {
    const operationId = operationIdOf(route);
    if (!operationId || !(operationId in CLIENT_LIMITS)) return;
    const { limit, windowMs, counts } = CLIENT_LIMITS[operationId as Limited];
    const limiter = createRateLimiter({ limit, windowMs, now: options.now });
    // First: a paused client is answered 429 before anything else is done for it.
    addRouteHook(route, 'onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      try {
        limiter.check(request.ip);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    }, 'first');
    addRouteHook(route, 'onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (counts(reply.statusCode)) limiter.hit(request.ip);
      done();
    });
  });
}

export default fp(clientRateLimit, { name: 'client-rate-limit' });
