import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../openapi/schema';

/**
 * The request of each contract operation as Fastify types it, derived from openapi/schema.d.ts so a
 * handler reads `request.body`, `params` and `query` without a cast. The types are true at run time
 * because the routes are validated by the same document (plugins/openapi-routes.ts): bodies are
 * checked as sent, path and query values coerced to the contract's types first ("42" → 42,
 * plugins/request-validation.ts), so a `number` parameter is a number in the handler.
 */
export type OperationId = keyof operations;

/** `never` (the part does not exist) read as an object without keys, so reading a property of it fails to compile. */
type Present<T> = [T] extends [never] ? Record<never, never> : T;

type Parameters<Id extends OperationId> = operations[Id]['parameters'];

/** The JSON body; absent (undefined) when the contract marks the body optional or has none. */
type BodyOf<Id extends OperationId> = operations[Id] extends { requestBody: { content: { 'application/json': infer Body } } }
  ? Body
  : operations[Id] extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body | undefined
    : undefined;

/** Node lowercases header names; the contract spells them as sent (Idempotency-Key). */
type HeadersOf<Id extends OperationId> = {
  [Name in keyof NonNullable<Parameters<Id>['header']> as Lowercase<Name & string>]?: string;
};

/** Fastify's route generic for one operation. Query and path always arrive as objects, even empty. */
export interface OperationRoute<Id extends OperationId> {
  Body: BodyOf<Id>;
  Params: Present<NonNullable<Parameters<Id>['path']>>;
  Querystring: Present<NonNullable<Parameters<Id>['query']>>;
  Headers: HeadersOf<Id>;
}

export type OperationRequest<Id extends OperationId> = FastifyRequest<OperationRoute<Id>>;

/** A handler of one operation: its request typed from the contract. */
export type OperationHandler<Id extends OperationId> = (request: OperationRequest<Id>, reply: FastifyReply) => Promise<unknown>;
