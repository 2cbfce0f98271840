import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The longest path value the router accepts: above the contract's longest (a 200-character reset
 * token), below anything useful to an attacker. Fastify's own default (100) would refuse valid tokens.
 */
export const MAX_PARAM_LENGTH = 256;

/**
 * Errors Fastify raises before a route runs (a path value longer than MAX_PARAM_LENGTH, a
 * malformed URL) answer 400 `{ message }` like every other broken request, not a bare 414.
 */
export function answerFrameworkErrors(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? `A value in the address is longer than ${MAX_PARAM_LENGTH} characters` : 'The address of this request is not valid';
  void reply.code(400).send({ message });
}
