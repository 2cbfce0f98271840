import type { PricingRules } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /admin/pricing: the prices and opening hours quotes and availability use. */
export function getPricingRules(): Promise<PricingRules> {
  return unwrap(api.GET('/admin/pricing'));
}
