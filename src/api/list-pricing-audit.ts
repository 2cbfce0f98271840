import type { PricingAuditEntry } from '../../openapi/schema';
import { api } from './client';
import { unwrapPage, type PageOf } from './paged';


/** GET /admin/pricing/audit: the latest changes to prices and hours, newest first, with the total. */
export function listPricingAudit(limit: number): Promise<PageOf<PricingAuditEntry>> {
  return unwrapPage(api.GET('/admin/pricing/audit', { params: { query: { limit } } }));
}
