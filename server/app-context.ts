import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from './db/database';
import type { Config } from './config';
import type { OperationHandler, OperationId } from './lib/operation-types';
import type { MailOutbox } from './queue';
import type { PaymentProvider } from './services/payment-provider';
import type { DirectDebitProvider } from './services/gocardless';

/** What every route module gets: the infrastructure, built once in app.ts. */
export interface AppContext {
  db: Database;
  /**
   * For reads that may be a moment old only (decision 091): the owner's reports and the back
   * office's lists and searches. A replica when DATABASE_READ_URL is set, else `db` itself. What a
   * person reads about their own data, and every read inside a write, uses `db`.
   */
  readDb: Database;
  config: Config;
  /** Mails are written here in the transaction of the change that causes them, sent after by a worker. */
  outbox: MailOutbox;
  /** Null when no provider is configured (production by default): card payment is unavailable. */
  payments: PaymentProvider | null;
  /** Direct Debit for series (GoCardless, decision 093); null when not configured: not offered. */
  directDebit?: DirectDebitProvider | null;
  /** Injected so tests can move time (cancellation fees, token expiry). */
  now: () => Date;
}

/** The user a valid bearer token names, set on the request by the security handler. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export type { OperationId } from './lib/operation-types';
/** Any operation's handler, as the route table calls it (plugins/openapi-routes.ts). */
export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/**
 * One handler per operationId of openapi/openapi.yaml, each typed by its own operation (body, path,
 * query, headers: lib/operation-types.ts); route modules return a part of it.
 */
export type Handlers = { [Id in OperationId]: OperationHandler<Id> };
