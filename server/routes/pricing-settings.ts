import type { PriceChange } from '../../openapi/schema';
import type { AppContext, Handlers } from '../app-context';
import { answerPage, pageRequest } from './page-answer';
import {
  addCongestionDistrict, getPricingRules, listPricingAudit, removeCongestionDistrict, updateCongestionCharge,
  updateExtraPrice, updateFrequencyDiscount, updateItemPrice, updateOpeningHours,
} from '../services/pricing-settings';
import { updateItemMinutes, updateServiceMinutes, updateTravelMinutes } from '../services/job-lengths';
import { updateServiceChecklist } from '../services/service-checklists';
import { currentUser } from './booking';

const priceOf = (request: { body: PriceChange }) => request.body.price;

/** Prices and hours of the back office (issue 15; the contract's x-required-role lets only administrators in). */
export function pricingSettingsHandlers(ctx: AppContext): Partial<Handlers> {
  return {
    getPricingRules: async () => getPricingRules(ctx.db),
    async listPricingAudit(request, reply) {
      const page = pageRequest(request);
      return answerPage(request, reply, await listPricingAudit(ctx.db, page), page);
    },
    updateItemPrice: async (request) =>
      updateItemPrice(ctx.db, currentUser(request), request.params.id, priceOf(request), ctx.now()),
    updateItemMinutes: async (request) =>
      updateItemMinutes(ctx.db, currentUser(request), request.params.id, request.body.minutes, ctx.now()),
    updateServiceMinutes: async (request) =>
      updateServiceMinutes(ctx.db, currentUser(request), request.params.id, request.body.minutes, ctx.now()),
    updateServiceChecklist: async (request) =>
      updateServiceChecklist(ctx.db, currentUser(request), request.params.id, request.body.items, ctx.now()),
    updateTravelMinutes: async (request) => updateTravelMinutes(ctx.db, currentUser(request), request.body, ctx.now()),
    updateFrequencyDiscount: async (request) =>
      updateFrequencyDiscount(ctx.db, currentUser(request), request.params.code,
        request.body.discountPercent, ctx.now()),
    updateExtraPrice: async (request) =>
      updateExtraPrice(ctx.db, currentUser(request), request.params.id, priceOf(request), ctx.now()),
    updateCongestionCharge: async (request) => updateCongestionCharge(ctx.db, currentUser(request), priceOf(request), ctx.now()),
    addCongestionDistrict: async (request) =>
      addCongestionDistrict(ctx.db, currentUser(request), request.params.district, ctx.now()),
    removeCongestionDistrict: async (request) =>
      removeCongestionDistrict(ctx.db, currentUser(request), request.params.district, ctx.now()),
    updateOpeningHours: async (request) =>
      updateOpeningHours(ctx.db, currentUser(request), request.params.weekday, request.body, ctx.now()),
  };
}
