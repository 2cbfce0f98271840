import type { BusinessReport } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

/** GET /admin/reports/business: the owner's figures for the UK dates `from` to `to` (decision 049). */
export function getBusinessReport(period: { from: string; to: string }): Promise<BusinessReport> {
  return unwrap(api.GET('/admin/reports/business', { params: { query: period } }));
}
