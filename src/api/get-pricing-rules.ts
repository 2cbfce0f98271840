import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type PricingRules = components['schemas']['PricingRules'];
export type PricedItem = components['schemas']['PricedItem'];
export type FrequencyRule = components['schemas']['FrequencyRule'];
export type ExtraRule = components['schemas']['ExtraRule'];
export type OpeningHours = components['schemas']['OpeningHours'];

/** GET /admin/pricing: the prices and opening hours quotes and availability use. */
export function getPricingRules(): Promise<PricingRules> {
  return unwrap(api.GET('/admin/pricing'));
}
