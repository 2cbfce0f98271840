import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/**
 * Structured logs (pino JSON lines) with UTC ISO timestamps, and never a secret: no password, no
 * bearer token, no reset token, no row a database error quotes. Fastify logs no bodies or headers by itself; the redaction guards
 * any log line that carries them anyway, and the URL serializer masks the tokens that travel in
 * paths (reset links) and payment session ids. LOG_LEVEL is read by config-less callers only.
 */
export const REDACTED = '[redacted]';

const SECRET_IN_PATH = /(\/(?:reset-password|confirm-email|test-payments)\/)[^/?#]+/g;
const SECRET_IN_QUERY = /([?&](?:token|key|password)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_IN_PATH, `$1${REDACTED}`).replace(SECRET_IN_QUERY, `$1${REDACTED}`);
}

export function loggerOptions(config: Pick<Config, 'nodeEnv'>, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  if (config.nodeEnv === 'test' && !stream) return false;
  return {
    level: process.env.LOG_LEVEL || 'info',
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    redact: {
      paths: [
        'req.headers.authorization', 'req.headers.cookie', 'headers.authorization',
        'password', 'newPassword', 'oldPassword', 'token',
        '*.password', '*.newPassword', '*.oldPassword', '*.token', '*.passwordHash', '*.password_hash',
        'body.password', 'body.newPassword', 'body.oldPassword', 'body.token',
        // PostgreSQL's detail of a failed statement quotes the row ("Failing row contains (…)",
        // "Key (email)=(…)"): a customer's address, phone or note would outlive their erasure in
        // the logs (issue 24, row 2). The message and code still say what failed.
        'err.detail', '*.err.detail',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: maskUrl(request.url), remoteAddress: request.ip }),
    },
    // Asynchronous by default: a write never blocks a request (pino flushes what is buffered at exit).
    stream: stream ?? pino.destination({ dest: 1, sync: false }),
  };
}
