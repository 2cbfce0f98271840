import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { Database } from './db/database';
import { loggerOptions } from './lib/logger-options';
import { loadOpenApiDocument, type OpenApiDocument } from './lib/openapi-document';
import apiDocs from './plugins/api-docs';
import { createAuthenticator } from './plugins/authentication';
import clientRateLimit from './plugins/client-rate-limit';
import errorHandler from './plugins/error-handler';
import { answerFrameworkErrors, MAX_PARAM_LENGTH } from './plugins/framework-errors';
import notFound from './plugins/not-found';
import { openApiRoutes } from './plugins/openapi-routes';
import publicCache from './plugins/public-cache';
import { formatValidationErrors, validatorCompiler } from './plugins/request-validation';
import securityHeaders from './plugins/security-headers';
import spa from './plugins/spa';
import strictInputs from './plugins/strict-inputs';
import { createContentRepository } from './repositories/content-repository';
import { createUserRepository } from './repositories/user-repository';
import { createHandlers } from './routes';
import { createTestPaymentProvider, registerTestPayments } from './routes/test-payments';
import { createMailer, type Mailer } from './services/mailer';
import type { PaymentProvider } from './services/payment-provider';
import { createTokenService } from './services/token-service';

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** Default: SMTP when SMTP_URL is set, else `.eml` files in OUTBOX_DIR. */
  mailer?: Mailer;
  /** Default: the test provider's own payment pages under PUBLIC_URL. */
  payments?: PaymentProvider;
  /** The clock; tests move it (token expiry, cancellation terms). */
  now?: () => Date;
  logger?: boolean | object;
  /** The built SPA to serve with history fallback; default config.spaDir; null serves none. */
  spaDir?: string | null;
  /** Default: openapi/openapi.yaml. */
  document?: OpenApiDocument;
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
    // SPEC 7 names /admin/orders/ and /admin/refunds/ with a trailing slash; both forms work.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkErrors,
    schemaErrorFormatter: formatValidationErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON only: a text/plain body is 415, not a string that fails validation.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('user', null);

  const ctx: AppContext = {
    db,
    config,
    mailer: options.mailer ?? createMailer(config, (message) => app.log.info(message)),
    payments: options.payments ?? createTestPaymentProvider({ db, config, now }),
    now,
  };

  await app.register(errorHandler);
  // Hardening (docs/security-and-reliability.md): headers on every answer, per-client limits, inputs no schema can refuse.
  await app.register(securityHeaders, { production: config.nodeEnv === 'production', apiOrigins: [] });
  await app.register(clientRateLimit, { now });
  await app.register(strictInputs);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, methods: ['GET', 'POST', 'PUT'], maxAge: 600 });
  }
  const spaDir = options.spaDir === undefined ? config.spaDir : options.spaDir;
  await app.register(spa, { spaDir });
  const content = createContentRepository(db);
  await app.register(notFound, { spaDir, serviceExists: (id) => content.serviceExists(id) });
  if (config.apiDocs) await app.register(apiDocs, { document });

  // Before the routes: public reads answered from memory, emptied by any write (issue 6).
  await app.register(publicCache);
  const authenticator = createAuthenticator(createTokenService(config, now), createUserRepository(db));
  await app.register(openApiRoutes, { document, handlers: createHandlers(ctx), authenticator });
  await registerTestPayments(app, ctx);
  return app;
}
