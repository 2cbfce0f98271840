import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import type { AppContext } from '../app-context';
import { applyReply } from '../services/texts';

/** Where Twilio posts the texts people send back (the number's "A message comes in" webhook): outside /api. */
export const TEXT_REPLIES_PATH = '/texts/inbound';
const MAX_REPLY_BYTES = 64 * 1024;
export const UNSIGNED_REPLY = 'This request is not signed by the text provider';

/**
 * Inbound texts (decision 094). Twilio posts them form-encoded with `X-Twilio-Signature`, an HMAC of
 * the URL it was configured with (PUBLIC_URL + this path, never the request's Host) and the
 * parameters, keyed by the auth token; the SDK's `validateRequest` checks it, and anything unsigned
 * or signed otherwise is refused (403) and changes nothing. STOP words opt the number out, START
 * back in (services/texts.ts). The answer is an empty TwiML response: the shop replies nothing
 * itself (Twilio confirms an opt-out on its own). Not part of openapi/ (the shape is Twilio's).
 * Only with Twilio configured: the outbox has no one to reply.
 */
export async function registerTextReplies(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const settings = ctx.config.twilio;
  if (!settings) return;
  const url = `${ctx.config.publicUrl}${TEXT_REPLIES_PATH}`;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_REPLY_BYTES }, (_request, body, done) => done(null, body));
    scope.post(TEXT_REPLIES_PATH, async (request, reply) => {
      const params = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
      const signature = request.headers['x-twilio-signature'];
      if (typeof signature !== 'string' || !twilio.validateRequest(settings.authToken, signature, url, params)) {
        return reply.code(403).send({ message: UNSIGNED_REPLY });
      }
      await applyReply(ctx.db, { from: params.From ?? '', body: params.Body ?? '' }, ctx.now());
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    });
  });
}
