import type { AppContext, Handlers } from '../app-context';
import { createRateLimiter } from '../services/rate-limiter';
import { clientNetwork } from '../rate-limits';
import { createQuote, getQuote, getQuoteOptions } from '../services/quotes';

/** Prices and quotes for anyone (issue 14 §1): no sign-in; quotes are an anonymous write, limited per client. */
export function pricingHandlers(ctx: AppContext): Partial<Handlers> {
  const limiter = createRateLimiter(ctx.db, ctx.now);
  return {
    async getQuoteOptions(request) {
      return getQuoteOptions(ctx.db, request.params.id);
    },

    async createQuote(request, reply) {
      await limiter.reserve({ key: `quotes:client:${clientNetwork(request.ip)}`, ...ctx.config.rateLimits.quotes });
      const quote = await createQuote(ctx.db, request.body, ctx.now());
      reply.code(201);
      return quote;
    },

    async getQuote(request) {
      return getQuote(ctx.db, request.params.quoteId);
    },
  };
}
