import type { AppContext, Handlers } from '../app-context';
import { availabilityFor } from '../services/availability';

/** GET /api/availability (public): the free start times; the rule lives in domain/capacity/availability-rules.ts. */
export function availabilityHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    async getAvailability(request) {
      return availabilityFor(ctx.db, request.query, ctx.now());
    },
  };
}
