import type { Stats } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /admin/counter: the dashboard totals. */
export function getStats(): Promise<Stats> {
  return unwrap(api.GET('/admin/counter'));
}
