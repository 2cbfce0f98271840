import { fromPromise } from 'xstate';
import type { DaysOff } from '../../machines/closure.machine';
import type { ClosureVisit } from '../../openapi/schema';
import { addClosure, listClosureVisits } from './closures';
import { addTimeOff, listTimeOffVisits } from './teams';

/**
 * The two actors of the closure machine for each screen (decision 057): a company closure on
 * /settings (one day, `from`) and a team's time off on /teams.
 */
export const closureActors = {
  listVisits: fromPromise<ClosureVisit[], DaysOff>(({ input }) => listClosureVisits(input.from)),
  applyDays: fromPromise<ClosureVisit[], DaysOff>(async ({ input }) => (await addClosure({ date: input.from, reason: input.reason })).visits ?? []),
};

export function timeOffActors(teamId: number) {
  return {
    listVisits: fromPromise<ClosureVisit[], DaysOff>(({ input }) => listTimeOffVisits(teamId, input.from, input.to)),
    applyDays: fromPromise<ClosureVisit[], DaysOff>(
      async ({ input }) => (await addTimeOff({ id: teamId, starts_on: input.from, ends_on: input.to, reason: input.reason })).visits ?? [],
    ),
  };
}
