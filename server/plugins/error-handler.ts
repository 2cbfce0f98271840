import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { HttpError } from '../lib/http-error';

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable, please try again';
/** Seconds a 503 for an unreachable database asks the client to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const ABORTED_MESSAGE = 'The request was not received whole';

/**
 * Every error answers `{ message }`: the contract's 4xx for bad input (never a 500), 503 when the
 * database cannot be reached, and a logged 500 with a fixed text for anything unexpected.
 */
async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...error.details, message: error.message });
    }
    if (error.validation) {
      return reply.code(400).send({ message: error.message });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: `Unsupported content type: send application/json` });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.code(400).send({ message: 'The request body is not valid JSON' });
    }
    // A client that hangs up mid-body: its own doing, logged as such (not as a database outage,
    // which its ECONNRESET resembles). Nobody reads the answer; it is sent for the record.
    if (request.raw.readableAborted || (error.code === 'ECONNRESET' && error.message === 'aborted')) {
      request.log.info({ reqId: request.id }, 'client aborted the request before its body arrived');
      return reply.code(400).send({ message: ABORTED_MESSAGE });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      // Nothing was done (the transaction rolled back): the client or the proxy may try again soon.
      return reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (body too large, bad URL...) keep their status and text.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE });
  });
}

export default fp(errorHandler, { name: 'error-handler' });
