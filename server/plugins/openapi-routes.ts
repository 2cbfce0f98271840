import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Handler, Handlers, OperationId } from '../app-context';
import { createAccountBulkhead, TOO_MANY_AT_ONCE, type AccountBulkhead } from '../lib/account-bulkhead';
import { TOO_MANY_LISTS, type AccountReadRate } from '../lib/account-read-rate';
import { forbidden, HttpError } from '../lib/http-error';
import { listOperations, toRoutePath, type OpenApiDocument, type Operation } from '../lib/openapi-document';
import type { Authenticator } from './authentication';
import { NO_BODY } from './request-validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract operation a route serves (read by route-hooks.ts). */
    operationId?: string;
  }
}

export interface OpenApiRoutesOptions {
  document: OpenApiDocument;
  handlers: Partial<Handlers>;
  authenticator: Authenticator;
  /** How often one account may start a paged list read (lib/account-read-rate.ts). */
  listReadRate: AccountReadRate;
}

/**
 * Registers every operation of openapi/openapi.yaml at `/api` + its path, validated by the
 * document's own schemas and guarded by its `security` and `x-required-role`. The handler is the
 * one named by the operationId; one not written yet answers 501.
 */
export async function openApiRoutes(app: FastifyInstance, options: OpenApiRoutesOptions): Promise<void> {
  const operations = listOperations(options.document);
  const missing = operations.filter((operation) => !options.handlers[operation.operationId as OperationId]);
  if (missing.length > 0) {
    app.log.warn(`No handler yet for: ${missing.map((operation) => operation.operationId).join(', ')} (they answer 501)`);
  }
  // A tab's worth of waiting per account: a page or two in flight from each of a few tabs.
  const listReads = createAccountBulkhead({ maxWaiting: 8 });
  for (const operation of operations) {
    app.route(routeFor(operation, options, { bulkhead: listReads, rate: options.listReadRate }));
  }
}

/**
 * A list read refused by the rate or the bulkhead is answered after a second, not at once. A
 * script that asks again the moment it is answered would otherwise turn each refusal into the next
 * request: measured with 4 tabs asking nonstop, 33,000 refusals in 11 s (each an HTTP request and a
 * token check) slowed a visitor's read 4.8×. Held, each tab asks about once a second; the wait
 * holds a socket and a timer, no database connection (decision 025).
 */
const REFUSAL_PAUSE_MS = 1_000;
const refusalPause = () => new Promise<void>((resolve) => setTimeout(resolve, REFUSAL_PAUSE_MS));

/** A paged list (it takes `page`) read by a signed-in account: the reads that can cost the most. */
const isAccountListRead = (operation: Operation) =>
  operation.requiresAuth && operation.method === 'get' && Boolean((operation.schema.querystring as { properties?: Record<string, unknown> } | undefined)?.properties?.page);

/**
 * The handler written for an operation, as the route calls it. Each is typed by its own operation's
 * request (lib/operation-types.ts); the route validates by that same operation's schemas before
 * calling it, so the request it passes is that type: the one place the two are joined.
 */
const writtenHandler = (handlers: Partial<Handlers>, operationId: string) => handlers[operationId as OperationId] as Handler | undefined;

function routeFor(operation: Operation, options: OpenApiRoutesOptions, listReads: { bulkhead: AccountBulkhead; rate: AccountReadRate }): RouteOptions {
  const written = writtenHandler(options.handlers, operation.operationId) ?? notImplemented(operation);
  // An account's list reads are counted (lib/account-read-rate.ts), then take turns
  // (lib/account-bulkhead.ts); the guard has named the account.
  const handler: typeof written = isAccountListRead(operation)
    ? async (request, reply) => {
        if (!request.user) return written(request, reply);
        const { id } = request.user;
        const retryAfter = listReads.rate.take(id);
        if (retryAfter !== null) {
          await refusalPause();
          void reply.header('retry-after', String(retryAfter));
          throw new HttpError(429, TOO_MANY_LISTS);
        }
        try {
          return await listReads.bulkhead.run(id, () => written(request, reply));
        } catch (error) {
          if (error instanceof HttpError && error.message === TOO_MANY_AT_ONCE) await refusalPause();
          throw error;
        }
      }
    : written;
  return {
    method: operation.method.toUpperCase() as RouteOptions['method'],
    url: toRoutePath(operation.path),
    schema: strictSchema(operation),
    config: { operationId: operation.operationId },
    // The contract's `x-body-limit` (the check-out photo's route); every other body keeps Fastify's 1 MiB.
    ...(typeof operation.raw['x-body-limit'] === 'number' ? { bodyLimit: operation.raw['x-body-limit'] } : {}),
    // Before body parsing and validation: a caller without the right to call gets 401/403, not 400.
    onRequest: operation.requiresAuth
      ? guard(operation, options.authenticator)
      : operation.optionalAuth
        ? optionalGuard(options.authenticator)
        : undefined,
    handler: (request, reply) => handler(request, reply),
  };
}

/**
 * The contract's parts, plus what it leaves out: a query parameter it does not name is refused like an
 * unknown body field, and an operation without a request body refuses one.
 */
function strictSchema(operation: Operation): Operation['schema'] {
  const schema: Operation['schema'] = {
    ...operation.schema,
    querystring: { type: 'object', properties: {}, ...operation.schema.querystring, additionalProperties: false },
  };
  if (!schema.body && operation.method !== 'get' && operation.method !== 'head') schema.body = { [NO_BODY]: true };
  return schema;
}

/** What a caller without the operation's role is told (403). */
const FORBIDDEN: Record<string, string> = { ROLE_ADMIN: 'Administrators only', ROLE_CLEANER: 'Cleaners only' };

function guard(operation: Operation, authenticator: Authenticator) {
  return async (request: FastifyRequest) => {
    request.user = await authenticator.authenticate(request);
    if (operation.requiredRole && !request.user.roles.includes(operation.requiredRole)) throw forbidden(FORBIDDEN[operation.requiredRole]);
  };
}

/** A public operation that may know its caller: a token given must be valid (401 otherwise); none is fine. */
function optionalGuard(authenticator: Authenticator) {
  return async (request: FastifyRequest) => {
    if (request.headers.authorization === undefined) return;
    // A token that no longer signs anyone in (ended, forged, expired on a shared phone) leaves the
    // caller anonymous: the operation is public, and an anonymous caller gets its own answer.
    try {
      request.user = await authenticator.authenticate(request);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
    }
  };
}

function notImplemented(operation: Operation): Handler {
  return async (request) => {
    request.log.warn(`${operation.operationId} has no handler yet`);
    throw new HttpError(501, `${operation.operationId} is not implemented yet`);
  };
}
