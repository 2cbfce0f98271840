import type { WeeklyStat } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /admin/stats/weekly: revenue and orders per week, last 12 weeks, oldest first. */
export function getWeeklyStats(): Promise<WeeklyStat[]> {
  return unwrap(api.GET('/admin/stats/weekly'));
}
