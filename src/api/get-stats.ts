import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type Stats = components['schemas']['Stats'];

/** GET /admin/counter: the dashboard totals. */
export function getStats(): Promise<Stats> {
  return unwrap(api.GET('/admin/counter'));
}
