import type { AppContext, Handlers } from '../app-context';
import { addClosure, listClosures, removeClosure } from '../services/closures';
import { visitsOnDay } from '../services/closure-moves';
import { addTimeOff, createTeam, listTeams, listTimeOffVisits, removeTimeOff, updateTeam } from '../services/teams';
import { currentUser } from './booking';

const idOf = (request: { params: { id: number } }) => request.params.id;

/** Teams and closures (issue 15; decision 022); the contract's x-required-role keeps them to administrators. */
export function teamHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    listTeams: async () => listTeams(ctx.db, ctx.now()),
    createTeam: async (request, reply) => reply.code(201).send(await createTeam(ctx.db, request.body, ctx.now())),
    updateTeam: async (request) => updateTeam(ctx.db, idOf(request), request.body, ctx.now()),
    addTimeOff: async (request, reply) => {
      const deps = { db: ctx.db, outbox: ctx.outbox, secret: ctx.config.jwtSecret, admin: currentUser(request) };
      return reply.code(201).send(await addTimeOff(deps, idOf(request), request.body, ctx.now()));
    },
    listTimeOffVisits: async (request) => listTimeOffVisits(ctx.db, idOf(request), request.query, ctx.now()),
    removeTimeOff: async (request) => {
      const { id, timeOffId } = request.params;
      return removeTimeOff(ctx.db, id, timeOffId, ctx.now());
    },
    listClosures: async () => listClosures(ctx.db, ctx.now()),
    addClosure: async (request, reply) =>
      reply.code(201).send(await addClosure({ db: ctx.db, outbox: ctx.outbox, secret: ctx.config.jwtSecret }, request.body, ctx.now())),
    listClosureVisits: async (request) => visitsOnDay(ctx.db, request.params.date),
    removeClosure: async (request) => removeClosure(ctx.db, request.params.date, ctx.now()),
  };
}
