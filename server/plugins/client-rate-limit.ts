import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRateLimiter } from '../lib/rate-limiter';

/**
 * Per-client limits (keyed by the caller's IP address) on top of the per-account ones of the
 * sign-in and password-reset services: one client guessing many accounts' passwords, or mailing
 * reset links to many addresses, is paused with 429 `{ message }`. In memory, per server instance
 * (docs/security-and-reliability.md); behind a proxy, Fastify's trustProxy must name it so the
 * client's own address is used.
 */
export const CLIENT_LIMITS = {
  /** Wrong passwords from one client, any accounts: 30 per 15 minutes. */
  login: { limit: 30, windowMs: 15 * 60_000, counts: (status: number) => status === 401 },
  /** Reset-link requests from one client, any addresses: 20 per hour. */
  forgotPassword: { limit: 20, windowMs: 60 * 60_000, counts: (status: number) => status < 300 },
} as const;

type Limited = keyof typeof CLIENT_LIMITS;

async function clientRateLimit(app: FastifyInstance, options: { now: () => Date }): Promise<void> {
  const limiters = Object.fromEntries(
    Object.entries(CLIENT_LIMITS).map(([operation, { limit, windowMs }]) => [operation, createRateLimiter({ limit, windowMs, now: options.now })]),
  ) as Record<Limited, ReturnType<typeof createRateLimiter>>;
  const limitedOperation = (request: FastifyRequest): Limited | null => {
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    return operationId && operationId in CLIENT_LIMITS ? (operationId as Limited) : null;
  };

  app.addHook('onRequest', async (request) => {
    const operation = limitedOperation(request);
    if (operation) limiters[operation].check(request.ip);
  });
  app.addHook('onResponse', async (request, reply) => {
    const operation = limitedOperation(request);
    if (operation && CLIENT_LIMITS[operation].counts(reply.statusCode)) limiters[operation].hit(request.ip);
  });
}

export default fp(clientRateLimit, { name: 'client-rate-limit' });
