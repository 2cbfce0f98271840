import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { offerFreedTimes } from '../services/waitlist';
import { addRouteHook, operationIdOf } from './route-hooks';

/**
 * The operations after which a time may have come free (decision 056): a cancellation, a skip, a
 * move, a team or its hours changed, a closure or time off removed, a job made shorter, an offer
 * left. After each one that succeeded, the waiting lists are offered what is free now, so the
 * first waiting customer hears at once; the scheduled waitlist job (jobs/waitlist.ts) catches the rest.
 * One place for every way capacity comes back, rather than a call in each service.
 */
export const FREES_TIME = new Set([
  'updateOrderStatus', 'updateRefundStatus', 'cancelSeries', 'skipVisit', 'rescheduleOrder',
  'assignJob', 'moveJob', 'createTeam', 'updateTeam', 'removeTimeOff', 'removeClosure',
  'updateOpeningHours', 'updateTravelMinutes', 'updateItemMinutes', 'updateServiceMinutes', 'leaveWaitlist',
]);

async function waitlistOffers(app: FastifyInstance, options: { db: Database; outbox: MailOutbox; now: () => Date }) {
  const offer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode >= 300) return;
    try {
      await offerFreedTimes(options, options.now());
    } catch (error) {
      // The change itself stands; the scheduled job offers what this missed.
      request.log.warn({ err: error }, 'waitlist offers failed');
    }
  };
  app.addHook('onRoute', (route) => {
    const operationId = operationIdOf(route);
    if (operationId !== undefined && FREES_TIME.has(operationId)) addRouteHook(route, 'onResponse', offer);
  });
}

export default fp(waitlistOffers, { name: 'waitlist-offers' });
