import type { AppContext, Handlers } from '../app-context';
import { createRateLimiter } from '../services/rate-limiter';
import { sendContactMessage } from '../services/contact-messages';
import { assertOwnName, assertPlainName } from '../services/plain-names';
import { clientNetwork } from '../rate-limits';

export const CONTACT_SENT = 'Contact was successfully, we will contact you asap !';

/** Messages to the company (POST /contact, R-SITE-7); kept for the team to answer. */
export function contactHandlers(ctx: AppContext): Partial<Handlers> {
  const limiter = createRateLimiter(ctx.db, ctx.now);
  return {
    sendContact: async (request, reply) => {
      const { name, email, message } = request.body;
      assertPlainName('Name', name);
      assertOwnName('Name', name);
      await limiter.reserve({ key: `contact:client:${clientNetwork(request.ip)}`, ...ctx.config.rateLimits.contact });
      await sendContactMessage(ctx.db, { name, email, message }, ctx.now());
      return reply.code(201).send({ message: CONTACT_SENT });
    },
  };
}
