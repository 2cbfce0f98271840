import type { AppContext, Handlers } from '../app-context';
import { checkoutWaitlistOffer, dayWaitlist, getWaitlistOffer, joinWaitlist, leaveWaitlist, listMyWaitlist, updateWaitlistHold } from '../services/waitlist';
import { currentUser } from './booking';

/** Waiting lists for full days (decision 056): thin handlers, the rules in services/waitlist.ts. */
export function waitlistHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    listMyWaitlist: async (request) => listMyWaitlist(ctx.db, currentUser(request)),
    joinWaitlist: async (request, reply) => reply.code(201).send(await joinWaitlist(ctx.db, currentUser(request), request.body, ctx.now())),
    leaveWaitlist: async (request) => leaveWaitlist(ctx.db, currentUser(request), request.params.id),
    getWaitlistOffer: async (request) => getWaitlistOffer(ctx.db, currentUser(request), request.params.token, ctx.now()),
    checkoutWaitlistOffer: async (request) => {
      const key = request.headers['idempotency-key'];
      return checkoutWaitlistOffer(
        { db: ctx.db, payments: ctx.payments, outbox: ctx.outbox, now: ctx.now() },
        currentUser(request), request.params.token, request.body, typeof key === 'string' ? key : undefined,
      );
    },
    listDayWaitlist: async (request) => dayWaitlist(ctx.db, request.params.date),
    updateWaitlistHold: async (request) => updateWaitlistHold(ctx.db, currentUser(request), request.body, ctx.now()),
  };
}
