import type { PricedItem, ServiceLength, TravelSetting } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { notFound } from '../lib/http-error';
import { editableRulesRepository } from '../repositories/editable-rules';
import { itemView, serviceLengthView, travelView } from './pricing-settings';
import { audited } from './settings-audit';

/**
 * Job lengths and the travel gap, edited on the back office's prices page and audited like prices
 * (issue 26 §3, decision 041). The capacity rule reads them on every availability read and checkout
 * (availability-repository.ts); a booked job keeps the length copied onto it at checkout.
 */
const shownMinutes = (minutes: number) => `${minutes} min`;

export function updateItemMinutes(db: Database, admin: AuthUser, id: number, minutes: number, now: Date): Promise<PricedItem> {
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const before = await rules.item(id, true);
    if (!before) throw notFound('Item not found');
    await rules.setItemMinutes(id, minutes);
    return {
      result: itemView((await rules.item(id))!),
      change: { rule: 'item_minutes', subject: `${before.service_name} — ${before.name}`, from: shownMinutes(before.minutes), to: shownMinutes(minutes) },
    };
  });
}

export function updateServiceMinutes(db: Database, admin: AuthUser, id: number, minutes: number, now: Date): Promise<ServiceLength> {
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const before = await rules.service(id, true);
    if (!before) throw notFound('Service not found');
    await rules.setServiceMinutes(id, minutes);
    return {
      result: serviceLengthView((await rules.service(id))!),
      change: { rule: 'service_minutes', subject: before.name, from: shownMinutes(before.base_minutes), to: shownMinutes(minutes) },
    };
  });
}

export function updateTravelMinutes(db: Database, admin: AuthUser, travel: TravelSetting, now: Date): Promise<TravelSetting> {
  const shown = (setting: TravelSetting) => `${setting.sameAreaMinutes} min within an area, ${setting.otherAreaMinutes} min between areas`;
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const before = travelView(await rules.travel(true));
    await rules.setTravel(travel.sameAreaMinutes, travel.otherAreaMinutes);
    const after = travelView(await rules.travel());
    return { result: after, change: { rule: 'travel_minutes', subject: 'Travel between jobs', from: shown(before), to: shown(after) } };
  });
}
