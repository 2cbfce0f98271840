import type { Closure, NewClosure } from '../../openapi/schema';
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

/** DELETE /admin/closures/{date}: the closures left. */
export function removeClosure(date: string): Promise<Closure[]> {
  return unwrap(api.DELETE('/admin/closures/{date}', { params: { path: { date } } }));
}
