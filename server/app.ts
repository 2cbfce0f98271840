import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type RawRequestDefaultExpression } from 'fastify';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { Database } from './db/database';
import { startWorkers } from './jobs';
import type { JobQueue } from './queue';
import { createJobServices, workerDepsOf } from './job-services';
import { loggerOptions } from './lib/logger-options';
import { loadOpenApiDocument, type OpenApiDocument } from './lib/openapi-document';
import apiDocs from './plugins/api-docs';
import { createAuthenticator } from './plugins/authentication';
import errorHandler from './plugins/error-handler';
import { answerFrameworkErrors, MAX_PARAM_LENGTH } from './plugins/framework-errors';
import notFound from './plugins/not-found';
import { openApiRoutes } from './plugins/openapi-routes';
import { createAccountReadRate } from './lib/account-read-rate';
import publicCache from './plugins/public-cache';
import { formatValidationErrors, validatorCompiler } from './plugins/request-validation';
import securityHeaders from './plugins/security-headers';
import spa from './plugins/spa';
import strictInputs from './plugins/strict-inputs';
import waitlistOffers from './plugins/waitlist-offers';
import { createContentRepository } from './repositories/content-repository';
import { createUserRepository } from './repositories/user-repository';
import { createHandlers } from './routes';
import type { Lifecycle } from './routes/operations';
import { registerPaymentNotifications } from './routes/payment-notifications';
import { registerDirectDebit } from './routes/direct-debit-notifications';
import { registerTestPayments } from './routes/test-payments';
import type { Mailer } from './queue/mail';
import { registerTextReplies } from './routes/text-replies';
import type { PaymentProvider } from './services/payment-provider';
import { createTokenService } from './services/token-service';

export interface BuildAppOptions {
  db: Database;
  /** The replica's pool for reads that may be a moment old (DATABASE_READ_URL, decision 091); default `db`. */
  readDb?: Database;
  config: Config;
  /** Default: SMTP when SMTP_URL is set, else `.eml` files in OUTBOX_DIR. */
  mailer?: Mailer;
  /** Default: the provider config.paymentProvider names (test or Stripe), else none (card unavailable). */
  payments?: PaymentProvider | null;
  /** The clock; tests move it (token expiry, cancellation terms). */
  now?: () => Date;
  logger?: boolean | object;
  /** The built SPA to serve with history fallback; default config.spaDir; null serves none. */
  spaDir?: string | null;
  /** Default: openapi/openapi.yaml. */
  document?: OpenApiDocument;
  /** Shared with server.ts, which marks it closing on SIGTERM before it closes the listener (the drain). */
  lifecycle?: Lifecycle;
  /** Default: pg-boss on a PostgreSQL server, the embedded runner on PGlite. */
  jobs?: JobQueue;
  /** Default true. False where the database is made unreachable on purpose, and where the jobs thread runs them (server.ts). */
  startWorkers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (mail, purges); tests wait on `pending`. */
    jobs: JobQueue;
  }
}

/** A caller's X-Request-Id when it is a plain token (a proxy's or a client's), else a random UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export function requestIdOf(request: RawRequestDefaultExpression): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export const BUSY_MESSAGE = 'The server is busy, please try again shortly';

/** Trusts the first `hops` addresses of the chain (the peer is hop 0), as proxy-addr counts them. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The whole server as one Fastify instance, composed of plugins in a fixed order: infrastructure
 * (errors, CORS), then the contract's routes, then pages outside /api. server.ts only boots it.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const document = options.document ?? loadOpenApiDocument();
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // The original brief names /admin/orders/ and /admin/refunds/ with a trailing slash; both forms work.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkErrors,
    schemaErrorFormatter: formatValidationErrors,
    // Ids that stay unique across instances and restarts, and follow a request through the proxy.
    genReqId: requestIdOf,
    // While closing, a request on a connection still open is served, not answered 503: the proxy
    // cannot retry a POST that was sent (its answer might be a write done), and Fastify's 503 came
    // after the drain anyway (server.ts). Answers once the listener is closed carry
    // Connection: close (onSend).
    return503OnClosing: false,
    // Behind a reverse proxy, request.ip is the client's (X-Forwarded-For) only when TRUST_PROXY names it.
    // A hop count becomes a function: Fastify 5 ignores a number (it cannot check the peer), so
    // use it only when nothing but the proxies can reach this server (README, TRUST_PROXY).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A request must arrive whole within requestTimeout (408 and closed), a silent socket is closed
    // after connectionTimeout: slow bodies cannot pile up sockets (issue 12, row 10). Node checks
    // open requests every connectionsCheckingInterval (30 s by default), so that follows the timeout.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(Math.max(Math.floor(config.requestTimeoutMs / 4), 100), 5_000),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON only: a text/plain body is 415, not a string that fails validation.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('user', null);

  const log = { info: (message: string) => app.log.info(message), jobFailed: (error: unknown, job: { name: string; id: string | number }) => app.log.warn({ err: error, job }, 'job failed') };
  const services = createJobServices({ db, config, now, log, mailer: options.mailer, jobs: options.jobs, payments: options.payments });
  const { mailer, jobs } = services;
  app.decorate('jobs', jobs);
  const ctx: AppContext = { db, readDb: options.readDb ?? db, config, outbox: services.outbox, payments: services.payments, directDebit: services.directDebit, now };
  const lifecycle: Lifecycle = options.lifecycle ?? { closing: false };

  await app.register(errorHandler);
  // Before memory runs out, answer 503 (the proxy retries elsewhere). No event-loop-delay limit:
  // PGlite runs synchronously on the loop, and one long query would turn away the next requests.
  await app.register(underPressure, {
    maxHeapUsedBytes: config.memoryLimitMb * 1024 * 1024,
    retryAfter: 10,
    pressureHandler: (_request, reply) => {
      void reply.code(503).header('retry-after', '10').send({ message: BUSY_MESSAGE });
    },
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // No longer accepting: close each connection after its answer instead of keeping it alive.
    if (lifecycle.endingConnections) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', (done) => {
    lifecycle.closing = true;
    lifecycle.endingConnections = true;
    done();
  });
  // Hardening (docs/security-and-reliability.md): headers on every answer, inputs no schema can refuse
  // (the rate limits are in the services, on counters in the database: server/rate-limits.ts).
  await app.register(securityHeaders, { production: config.nodeEnv === 'production', apiOrigins: [] });
  await app.register(strictInputs);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT'],
      maxAge: 600,
      // Paged lists answer their total and page links in headers (docs/decisions/011).
      exposedHeaders: ['X-Total-Count', 'X-Total-Count-Exact', 'Link'],
    });
  }
  const spaDir = options.spaDir === undefined ? config.spaDir : options.spaDir;
  await app.register(spa, { spaDir });
  const content = createContentRepository(db);
  await app.register(notFound, { spaDir, serviceExists: (id) => content.serviceExists(id) });
  if (config.apiDocs) await app.register(apiDocs, { document });

  // Before the routes: public reads answered from memory, emptied on every instance when the content changes.
  await app.register(publicCache, { db, maxEntries: config.publicCacheMaxEntries, ttlSeconds: config.publicCacheTtlSeconds });
  // API answers only (registered after the SPA's static files): a page of 100 orders is ~30 KB of JSON.
  await app.register(compress, { threshold: 1024 });
  // Before the routes, so its onRoute hook sees them: freed times are offered to waiting lists.
  await app.register(waitlistOffers, { db, outbox: ctx.outbox, now });
  const authenticator = createAuthenticator(createTokenService(config, now), createUserRepository(db));
  await app.register(openApiRoutes, {
    document,
    handlers: createHandlers(ctx, lifecycle),
    authenticator,
    listReadRate: createAccountReadRate(config.rateLimits.listReads, now),
  });
  await registerPaymentNotifications(app, ctx);
  await registerTextReplies(app, ctx);
  await registerDirectDebit(app, ctx);
  // The test provider's pages exist only while it is the provider: never in production by default.
  if (config.paymentProvider === 'test') await registerTestPayments(app, ctx);

  // Mail and periodic work run off the request path; stopped (running jobs finished) on close, and
  // then the mailer's open connections closed, no mail being on its way. In the jobs thread
  // (server.ts, decision 136) they run beside this one: here the queue is only written to.
  const workers = options.startWorkers !== false;
  if (workers) await startWorkers(jobs, workerDepsOf(services, { db, config, now, log }));
  app.addHook('onClose', async () => {
    if (workers) await jobs.stop(Math.min(5_000, config.shutdownTimeoutMs / 2));
    await mailer.close?.();
  });
  return app;
}
