import type { Closure, ClosureVisit, NewClosure } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /admin/closures: the days the company is shut, from today on. */
export function listClosures(): Promise<Closure[]> {
  return unwrap(api.GET('/admin/closures'));
}

/** POST /admin/closures: 409 when that day is closed already. */
export function addClosure(closure: NewClosure): Promise<Closure> {
  return unwrap(api.POST('/admin/closures', { body: closure }));
}

/** GET /admin/closures/{date}/visits: what closing the day would set aside (decision 048). */
export function listClosureVisits(date: string): Promise<ClosureVisit[]> {
  return unwrap(api.GET('/admin/closures/{date}/visits', { params: { path: { date } } }));
}

/** DELETE /admin/closures/{date}: the closures left. */
export function removeClosure(date: string): Promise<Closure[]> {
  return unwrap(api.DELETE('/admin/closures/{date}', { params: { path: { date } } }));
}
