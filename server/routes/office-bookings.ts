import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../openapi/schema';
import type { AppContext, Handler, Handlers } from '../app-context';
import { createOfficeBooking } from '../services/office-bookings';
import { currentUser } from './booking';

type JsonBody<Id extends keyof operations> = operations[Id] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/**
 * A handler whose body has its operation's type from the contract: the request validation plugin
 * has checked the body against that schema before the handler runs, so the type is what arrives.
 * (h2's per-operation Handlers replaces this when merged.)
 */
function withBody<Id extends keyof operations>(handle: (request: FastifyRequest<{ Body: JsonBody<Id> }>, reply: FastifyReply) => Promise<unknown>): Handler {
  return handle as Handler;
}

/** Office bookings (decision 047): staff book for a phone caller. */
export function officeBookingHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    createOfficeBooking: withBody<'createOfficeBooking'>(async (request, reply) =>
      reply.code(201).send(await createOfficeBooking(ctx, currentUser(request), request.body))),
  };
}
