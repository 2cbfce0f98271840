import type { AppContext, Handlers } from '../app-context';
import { assignJob, listSchedule, moveJob } from '../services/schedule';
import { currentUser } from './booking';


/** The schedule board (issue 15 section 1); the contract's x-required-role keeps it to administrators. */
export function scheduleHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    async listSchedule(request) {
      const { from, days } = request.query;
      return listSchedule(ctx.db, from, days);
    },
    async assignJob(request) {
      const { id } = request.params;
      return assignJob(ctx.db, currentUser(request), id, request.body.team, ctx.now());
    },
    async moveJob(request) {
      const { id } = request.params;
      return moveJob(ctx.db, currentUser(request), id, request.body, ctx.now());
    },
  };
}
