import { settingsVatPercent } from '../../domain/money/pricing';
import type { ServiceLength, TravelSetting } from '../../openapi/schema';
import { listServiceChecklists } from './service-checklists';
import type { ExtraRule, FrequencyRule, HoursChange, OpeningHours, PriceChange, PricedItem, PricingAuditEntry, PricingRules } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, notFound } from '../lib/http-error';
import { editableRulesRepository, type HoursRow, type ItemPriceRow, type ServiceLengthRow, type TravelRow } from '../repositories/editable-rules';
import { DEFAULT_TRAVEL } from '../../domain/capacity/travel-gap';
import { waitlistRepository } from '../repositories/waitlist';
import { pricingAuditRepository } from '../repositories/pricing-audit';
import { audited } from './settings-audit';
import type { Page, PageRequest } from '../repositories/paging';
import { formatPounds, toPence, toPounds } from '../../domain/money/money';
import { WEEKDAY_NAMES } from '../../domain/time/london-days';


/**
 * Prices and hours edited in the back office (issue 15, /settings/pricing; decision 023). Each
 * change is one transaction: the rule's row is locked, changed, and the change written to the
 * pricing audit (who, when, old → new, as the page shows them). Quotes and availability read the
 * tables on every request (no cache holds them), so the next quote and availability read use it;
 * a quote already given keeps its price while it holds (decision 014).
 */
export const WEEKDAYS = WEEKDAY_NAMES;
export const INSIDE_ZONE = 'Inside the zone';
export const OUTSIDE_ZONE = 'Outside the zone';
const CLOSED = 'Closed';

const shownPercent = (stored: string | number) => `${Number(stored)}%`;
const shownHours = (hours: HoursRow) => (hours.open ? `${hours.opens}–${hours.closes}` : `${CLOSED} (${hours.opens}–${hours.closes})`);

export const itemView = (row: ItemPriceRow): PricedItem => ({
  id: Number(row.id), service: Number(row.service), serviceName: row.service_name, name: row.name, price: toPounds(row.price), minutes: Number(row.minutes),
});
const frequencyView = (row: { code: string; name: string; discount_percent: string }): FrequencyRule => ({
  code: row.code, name: row.name, discountPercent: Number(row.discount_percent),
});
const extraView = (row: { id: number; name: string; kind: 'extra' | 'option'; price: number }): ExtraRule => ({
  id: Number(row.id), name: row.name, kind: row.kind, price: toPounds(row.price),
});
/** A service's base time and the travel gap, as the page shows them (edited in job-lengths.ts). */
export const serviceLengthView = (row: ServiceLengthRow): ServiceLength => ({ id: Number(row.id), name: row.name, baseMinutes: Number(row.base_minutes) });

export const travelView = (row: TravelRow | null): TravelSetting => ({
  sameAreaMinutes: Number(row?.travel_minutes ?? DEFAULT_TRAVEL.sameArea),
  otherAreaMinutes: Number(row?.travel_minutes_other_area ?? DEFAULT_TRAVEL.otherArea),
});

/** A weekday with no row of its own (008_opening_hours.sql seeds all seven; a test database may not). */
export const DEFAULT_HOURS = { open: true, opens: '07:00', closes: '20:00' };

export async function getPricingRules(db: Database): Promise<PricingRules> {
  const rules = editableRulesRepository(db);
  const [items, frequencies, extras, districts, settings, hours, services, travel] = [
    await rules.items(), await rules.frequencies(), await rules.extras(), await rules.districts(), await rules.settings(), await rules.openingHours(),
    await rules.services(), await rules.travel(),
  ];
  return {
    items: items.map(itemView),
    services: services.map(serviceLengthView),
    travel: travelView(travel),
    waitlistHoldMinutes: await waitlistRepository(db).holdMinutes(),
    checklists: await listServiceChecklists(db),
    frequencies: frequencies.map(frequencyView),
    extras: extras.map(extraView),
    congestionCharge: toPounds(settings?.congestion_charge ?? 0),
    congestionDistricts: districts,
    openingHours: WEEKDAYS.map((_, weekday) => hours.find((row) => row.weekday === weekday) ?? { weekday, ...DEFAULT_HOURS }),
    vatPercent: settingsVatPercent(settings?.vat_percent),
  };
}

export async function listPricingAudit(db: Database, page: PageRequest): Promise<Page<PricingAuditEntry>> {
  const found = await pricingAuditRepository(db).page(page);
  return {
    total: found.total,
    rows: found.rows.map((row) => ({
      id: Number(row.id), at: new Date(row.at).toISOString(), actor: row.actor, rule: row.rule, subject: row.subject, from: row.from_value, to: row.to_value,
    })),
  };
}

export function updateItemPrice(db: Database, admin: AuthUser, id: number, price: number, now: Date): Promise<PricedItem> {
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const before = await rules.item(id, true);
    if (!before) throw notFound('Item not found');
    await rules.setItemPrice(id, toPence(price));
    const after = (await rules.item(id))!;
    return {
      result: itemView(after),
      change: { rule: 'item_price', subject: `${before.service_name} — ${before.name}`, from: formatPounds(before.price), to: formatPounds(after.price) },
    };
  });
}

export function updateFrequencyDiscount(db: Database, admin: AuthUser, code: string, percent: number, now: Date): Promise<FrequencyRule> {
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const before = await rules.frequency(code, true);
    if (!before) throw notFound('Frequency not found');
    await rules.setDiscount(code, percent.toFixed(2));
    const after = (await rules.frequency(code))!;
    return {
      result: frequencyView(after),
      change: { rule: 'frequency_discount', subject: before.name, from: shownPercent(before.discount_percent), to: shownPercent(after.discount_percent) },
    };
  });
}

export function updateExtraPrice(db: Database, admin: AuthUser, id: number, price: number, now: Date): Promise<ExtraRule> {
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const before = await rules.extra(id, true);
    if (!before) throw notFound('Extra not found');
    await rules.setExtraPrice(id, toPence(price));
    const after = (await rules.extra(id))!;
    return {
      result: extraView(after),
      change: { rule: 'extra_price', subject: before.name, from: formatPounds(before.price), to: formatPounds(after.price) },
    };
  });
}

export function updateCongestionCharge(db: Database, admin: AuthUser, price: number, now: Date): Promise<PriceChange> {
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const before = await rules.lockedCharge();
    const charge = toPence(price);
    await rules.setCharge(charge);
    return {
      result: { price: toPounds(charge) },
      change: { rule: 'congestion_charge', subject: 'Congestion Charge', from: formatPounds(before), to: formatPounds(charge) },
    };
  });
}

/** WC2N of "wc2n": districts are kept in capitals, as postcodes are compared. */
const districtOf = (text: string) => text.trim().toUpperCase();

export function addCongestionDistrict(db: Database, admin: AuthUser, text: string, now: Date): Promise<string[]> {
  const district = districtOf(text);
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const added = await rules.addDistrict(district);
    return {
      result: await rules.districts(),
      change: added ? { rule: 'congestion_district', subject: district, from: OUTSIDE_ZONE, to: INSIDE_ZONE } : null,
    };
  });
}

export function removeCongestionDistrict(db: Database, admin: AuthUser, text: string, now: Date): Promise<string[]> {
  const district = districtOf(text);
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const removed = await rules.removeDistrict(district);
    return {
      result: await rules.districts(),
      change: removed ? { rule: 'congestion_district', subject: district, from: INSIDE_ZONE, to: OUTSIDE_ZONE } : null,
    };
  });
}

export function updateOpeningHours(db: Database, admin: AuthUser, weekday: number, change: HoursChange, now: Date): Promise<OpeningHours> {
  const day = WEEKDAYS[weekday];
  if (day === undefined) throw badRequest('weekday must be 0 (Sunday) to 6 (Saturday)');
  // The contract checks each time; their order is a rule across two fields, so it is checked here.
  if (change.opens >= change.closes) {
    throw badRequest(`${day} must open before it closes: opening time ${change.opens} is not before closing time ${change.closes}`);
  }
  return audited(db, admin, now, async (tx) => {
    const rules = editableRulesRepository(tx);
    const before = (await rules.hours(weekday, true)) ?? { weekday, ...DEFAULT_HOURS };
    const after: HoursRow = { weekday, open: change.open, opens: change.opens, closes: change.closes };
    await rules.setHours(after);
    return {
      result: (await rules.hours(weekday))!,
      change: { rule: 'opening_hours', subject: day, from: shownHours(before), to: shownHours(after) },
    };
  });
}
