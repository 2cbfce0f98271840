import type { AdminTeam, ClosureVisit, NewTimeOff, TeamInput } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /admin/teams: every team with its weekdays and its time off to come. */
export function listTeams(): Promise<AdminTeam[]> {
  return unwrap(api.GET('/admin/teams'));
}

/** POST /admin/teams: 409 when the name is taken. */
export function createTeam(team: TeamInput): Promise<AdminTeam> {
  return unwrap(api.POST('/admin/teams', { body: team }));
}

/** PUT /admin/teams/{id}: name, working days and hours, active. */
export function updateTeam({ id, ...team }: TeamInput & { id: number }): Promise<AdminTeam> {
  return unwrap(api.PUT('/admin/teams/{id}', { params: { path: { id } }, body: team }));
}

/** POST /admin/teams/{id}/time-off: whole UK days, inclusive. */
export function addTimeOff({ id, ...off }: NewTimeOff & { id: number }): Promise<AdminTeam> {
  return unwrap(api.POST('/admin/teams/{id}/time-off', { params: { path: { id } }, body: off }));
}

/** GET /admin/teams/{id}/time-off/visits: where the team's visits would go (decision 057); changes nothing. */
export function listTimeOffVisits(id: number, starts_on: string, ends_on: string): Promise<ClosureVisit[]> {
  return unwrap(api.GET('/admin/teams/{id}/time-off/visits', { params: { path: { id }, query: { starts_on, ends_on } } }));
}

/** DELETE /admin/teams/{id}/time-off/{timeOffId}. */
export function removeTimeOff({ id, timeOffId }: { id: number; timeOffId: number }): Promise<AdminTeam> {
  return unwrap(api.DELETE('/admin/teams/{id}/time-off/{timeOffId}', { params: { path: { id, timeOffId } } }));
}
