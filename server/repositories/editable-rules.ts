import type { ExtraRule } from '../../openapi/schema';
import type { Compilable, InferResult } from 'kysely';
import { kysely, timeText, type Db } from '../db/kysely';
import type { Database } from '../db/database';

const itemsQuery = (k: Db) =>
  k
    .selectFrom('service_items as i')
    .innerJoin('services as s', 's.id', 'i.service_id')
    .select(['i.id', 'i.service_id as service', 's.name as service_name', 'i.name', 'i.price', 'i.duration_minutes as minutes']);
const frequenciesQuery = (k: Db) => k.selectFrom('frequencies').select((eb) => ['code', 'name', eb.cast<string>('discount_percent', 'text').as('discount_percent')]);
// kind: 'extra' or 'option' (009_pricing.sql's CHECK).
const extrasQuery = (k: Db) =>
  k
    .selectFrom('price_extras')
    .select(['id', 'name', 'kind', 'price'])
    .where('active', '=', true)
    .$narrowType<{ kind: ExtraRule['kind'] }>();
const hoursQuery = (k: Db) =>
  k.selectFrom('opening_hours').select((eb) => [eb.cast<number>('weekday', 'integer').as('weekday'), 'open', timeText(eb.ref('opens')).as('opens'), timeText(eb.ref('closes')).as('closes')]);
const servicesQuery = (k: Db) => k.selectFrom('services').select(['id', 'name', 'base_minutes']);
const travelQuery = (k: Db) => k.selectFrom('pricing_settings').select(['travel_minutes', 'travel_minutes_other_area']);

/**
 * The price rules (009_pricing.sql) and opening hours (008) as the back office edits them; the
 * quote (price-rules.ts) and availability (availability-repository.ts) read the same tables.
 * `lock` reads a row FOR UPDATE, so the audit's "from" is the value this change replaced. Money is
 * whole pence (077); percentages are read as text (the audit keeps them as written); times of day as text, so neither
 * driver moves them through a time zone.
 */
export function editableRulesRepository(db: Database) {
  const k = kysely(db);
  const items = () => itemsQuery(k);
  const frequencies = () => frequenciesQuery(k);
  const extras = () => extrasQuery(k);
  const hours = () => hoursQuery(k);
  const services = () => servicesQuery(k);
  const pricing = () => k.selectFrom('pricing_settings');
  return {
    items: () => items().orderBy('s.sort').orderBy('s.id').orderBy('i.sort').orderBy('i.id').execute(),
    frequencies: () => frequencies().orderBy('position').orderBy('code').execute(),
    extras: () => extras().orderBy('position').orderBy('id').execute(),
    districts: async () => (await k.selectFrom('congestion_districts').select('district').orderBy('district').execute()).map((row) => row.district),
    settings: async () =>
      (await pricing()
        .select((eb) => ['congestion_charge', eb.cast<string>('vat_percent', 'text').as('vat_percent')])
        .executeTakeFirst()) ?? null,
    openingHours: () => hours().orderBy('weekday').execute(),

    item: async (id: number, forUpdate = false) => (await items().where('i.id', '=', id).$if(forUpdate, (q) => q.forUpdate()).executeTakeFirst()) ?? null,
    setItemPrice: (id: number, price: number) => k.updateTable('service_items').set({ price }).where('id', '=', id).execute(),
    frequency: async (code: string, forUpdate = false) =>
      (await frequencies().where('code', '=', code).$if(forUpdate, (q) => q.forUpdate()).executeTakeFirst()) ?? null,
    setDiscount: (code: string, percent: string) => k.updateTable('frequencies').set({ discount_percent: percent }).where('code', '=', code).execute(),
    extra: async (id: number, forUpdate = false) => (await extras().where('id', '=', id).$if(forUpdate, (q) => q.forUpdate()).executeTakeFirst()) ?? null,
    setExtraPrice: (id: number, price: number) => k.updateTable('price_extras').set({ price }).where('id', '=', id).execute(),
    lockedCharge: async () => (await pricing().select('congestion_charge as charge').forUpdate().executeTakeFirst())?.charge ?? 0,
    setCharge: (charge: number) => k.updateTable('pricing_settings').set({ congestion_charge: charge }).execute(),
    /** True when the district was not in the zone before. */
    addDistrict: async (district: string) =>
      (await k.insertInto('congestion_districts').values({ district }).onConflict((oc) => oc.doNothing()).returning('district').execute()).length > 0,
    /** True when the district was in the zone. */
    removeDistrict: async (district: string) =>
      (await k.deleteFrom('congestion_districts').where('district', '=', district).returning('district').execute()).length > 0,
    services: () => services().orderBy('sort').orderBy('id').execute(),
    service: async (id: number, forUpdate = false) => (await services().where('id', '=', id).$if(forUpdate, (q) => q.forUpdate()).executeTakeFirst()) ?? null,
    setServiceMinutes: (id: number, minutes: number) => k.updateTable('services').set({ base_minutes: minutes }).where('id', '=', id).execute(),
    setItemMinutes: (id: number, minutes: number) => k.updateTable('service_items').set({ duration_minutes: minutes }).where('id', '=', id).execute(),
    travel: async (forUpdate = false) =>
      (await travelQuery(k).$if(forUpdate, (q) => q.forUpdate()).executeTakeFirst()) ?? null,
    setTravel: (sameArea: number, otherArea: number) =>
      k.updateTable('pricing_settings').set({ travel_minutes: sameArea, travel_minutes_other_area: otherArea }).execute(),
    hours: async (weekday: number, forUpdate = false) => (await hours().where('weekday', '=', weekday).$if(forUpdate, (q) => q.forUpdate()).executeTakeFirst()) ?? null,
    setHours: (day: HoursRow) =>
      k
        .insertInto('opening_hours')
        .values({ weekday: day.weekday, open: day.open, opens: day.opens, closes: day.closes })
        .onConflict((oc) =>
          oc.column('weekday').doUpdateSet((eb) => ({ open: eb.ref('excluded.open'), opens: eb.ref('excluded.opens'), closes: eb.ref('excluded.closes') })),
        )
        .execute(),
  };
}

type RowOf<Q extends Compilable> = InferResult<Q>[number];
export type ItemPriceRow = RowOf<ReturnType<typeof itemsQuery>>;
export type ServiceLengthRow = RowOf<ReturnType<typeof servicesQuery>>;
export type TravelRow = RowOf<ReturnType<typeof travelQuery>>;
export type FrequencyRow = RowOf<ReturnType<typeof frequenciesQuery>>;
export type ExtraRow = RowOf<ReturnType<typeof extrasQuery>>;
export type HoursRow = RowOf<ReturnType<typeof hoursQuery>>;
