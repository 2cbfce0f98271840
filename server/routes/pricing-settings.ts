import type { ChecklistChange, DiscountChange, HoursChange, MinutesChange, PriceChange, TravelSetting } from '../../openapi/schema';
import type { AppContext, Handlers } from '../app-context';
import { answerPage, pageRequest } from '../lib/page-answer';
import {
  addCongestionDistrict, getPricingRules, listPricingAudit, removeCongestionDistrict, updateCongestionCharge,
  updateExtraPrice, updateFrequencyDiscount, updateItemPrice, updateOpeningHours,
} from '../services/pricing-settings';
import { updateItemMinutes, updateServiceMinutes, updateTravelMinutes } from '../services/job-lengths';
import { updateServiceChecklist } from '../services/service-checklists';
import { currentUser } from './booking';

const params = <T>(request: { params: unknown }) => request.params as T;
const priceOf = (request: { body: unknown }) => (request.body as PriceChange).price;

/** Prices and hours of the back office (issue 15; the contract's x-required-role lets only administrators in). */
export function pricingSettingsHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    getPricingRules: async () => getPricingRules(ctx.db),
    async listPricingAudit(request, reply) {
      const page = pageRequest(request);
      return answerPage(request, reply, await listPricingAudit(ctx.db, page), page);
    },
    updateItemPrice: async (request) =>
      updateItemPrice(ctx.db, currentUser(request), params<{ id: number }>(request).id, priceOf(request), ctx.now()),
    updateItemMinutes: async (request) =>
      updateItemMinutes(ctx.db, currentUser(request), params<{ id: number }>(request).id, (request.body as MinutesChange).minutes, ctx.now()),
    updateServiceMinutes: async (request) =>
      updateServiceMinutes(ctx.db, currentUser(request), params<{ id: number }>(request).id, (request.body as MinutesChange).minutes, ctx.now()),
    updateServiceChecklist: async (request) =>
      updateServiceChecklist(ctx.db, currentUser(request), params<{ id: number }>(request).id, (request.body as ChecklistChange).items, ctx.now()),
    updateTravelMinutes: async (request) => updateTravelMinutes(ctx.db, currentUser(request), request.body as TravelSetting, ctx.now()),
    updateFrequencyDiscount: async (request) =>
      updateFrequencyDiscount(ctx.db, currentUser(request), params<{ code: string }>(request).code,
        (request.body as DiscountChange).discountPercent, ctx.now()),
    updateExtraPrice: async (request) =>
      updateExtraPrice(ctx.db, currentUser(request), params<{ id: number }>(request).id, priceOf(request), ctx.now()),
    updateCongestionCharge: async (request) => updateCongestionCharge(ctx.db, currentUser(request), priceOf(request), ctx.now()),
    addCongestionDistrict: async (request) =>
      addCongestionDistrict(ctx.db, currentUser(request), params<{ district: string }>(request).district, ctx.now()),
    removeCongestionDistrict: async (request) =>
      removeCongestionDistrict(ctx.db, currentUser(request), params<{ district: string }>(request).district, ctx.now()),
    updateOpeningHours: async (request) =>
      updateOpeningHours(ctx.db, currentUser(request), params<{ weekday: number }>(request).weekday, request.body as HoursChange, ctx.now()),
  };
}
