import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../openapi/schema';
import type { Database } from './db/database';
import type { Config } from './config';
import type { MailOutbox } from './jobs';
import type { PaymentProvider } from './services/payment-provider';

/** What every route module gets: the infrastructure, built once in app.ts. */
export interface AppContext {
  db: Database;
  config: Config;
  /** Mails are written here in the transaction of the change that causes them, sent after by a worker. */
  outbox: MailOutbox;
  /** Null when no provider is configured (production by default): card payment is unavailable. */
  payments: PaymentProvider | null;
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

export type OperationId = keyof operations;
export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/** One handler per operationId of openapi/openapi.yaml; route modules return a part of it. */
export type Handlers = Record<OperationId, Handler>;
