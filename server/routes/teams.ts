import type { NewClosure, NewTimeOff, TeamInput, operations } from '../../openapi/schema';
import type { AppContext, Handlers } from '../app-context';
import { addClosure, listClosures, removeClosure } from '../services/closures';
import { visitsOnDay } from '../services/closure-moves';
import { addTimeOff, createTeam, listTeams, removeTimeOff, updateTeam } from '../services/teams';

const idOf = (request: { params: unknown }) => (request.params as { id: number }).id;

/** Teams and closures (issue 15; decision 022); the contract's x-required-role keeps them to administrators. */
export function teamHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    listTeams: async () => listTeams(ctx.db, ctx.now()),
    createTeam: async (request, reply) => reply.code(201).send(await createTeam(ctx.db, request.body as TeamInput, ctx.now())),
    updateTeam: async (request) => updateTeam(ctx.db, idOf(request), request.body as TeamInput, ctx.now()),
    addTimeOff: async (request, reply) =>
      reply.code(201).send(await addTimeOff(ctx.db, idOf(request), request.body as NewTimeOff, ctx.now())),
    removeTimeOff: async (request) => {
      const { id, timeOffId } = request.params as { id: number; timeOffId: number };
      return removeTimeOff(ctx.db, id, timeOffId, ctx.now());
    },
    listClosures: async () => listClosures(ctx.db, ctx.now()),
    addClosure: async (request, reply) =>
      reply.code(201).send(await addClosure({ db: ctx.db, outbox: ctx.outbox, secret: ctx.config.jwtSecret }, request.body as NewClosure, ctx.now())),
    listClosureVisits: async (request) => visitsOnDay(ctx.db, (request.params as operations['listClosureVisits']['parameters']['path']).date),
    removeClosure: async (request) => removeClosure(ctx.db, (request.params as { date: string }).date, ctx.now()),
  };
}
