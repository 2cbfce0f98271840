import type { AppContext, Handlers } from '../app-context';
import { recordJobProgress, listMyJobs } from '../services/cleaner-jobs';
import { createCleaner, listCleaners, moveCleaner, removeCleaner } from '../services/cleaners';
import { currentUser } from './booking';

/** Cleaners (decision 040): staff manage them (ROLE_ADMIN), cleaners see their team's jobs (ROLE_CLEANER). */
export function cleanerHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    listCleaners: async () => listCleaners(ctx),
    createCleaner: async (request, reply) =>
      reply.code(201).send(await createCleaner(ctx, request.body, { userId: request.user!.id, ip: request.ip })),
    moveCleaner: async (request) => moveCleaner(ctx, request.params.id, request.body.team),
    removeCleaner: async (request, reply) => {
      await removeCleaner(ctx, request.params.id);
      return reply.code(204).send();
    },
    listMyJobs: async (request) => listMyJobs(ctx, currentUser(request)),
    recordJobProgress: async (request) => recordJobProgress(ctx, currentUser(request), request.params.id, request.body),
  };
}
