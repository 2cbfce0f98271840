import type { Database } from '../db/database';

export interface ItemPriceRow { id: number; service: number; service_name: string; name: string; price: string; minutes: number }
export interface ServiceLengthRow { id: number; name: string; base_minutes: number }
export interface TravelRow { travel_minutes: number; travel_minutes_other_area: number }
export interface FrequencyRow { code: string; name: string; discount_percent: string }
export interface ExtraRow { id: number; name: string; kind: 'extra' | 'option'; price: string }
export interface HoursRow { weekday: number; open: boolean; opens: string; closes: string }

const ITEMS = `SELECT i.id, i.service_id AS service, s.name AS service_name, i.name, i.price::text AS price, i.duration_minutes AS minutes
                 FROM service_items i JOIN services s ON s.id = i.service_id`;
const FREQUENCIES = 'SELECT code, name, discount_percent::text AS discount_percent FROM frequencies';
const EXTRAS = 'SELECT id, name, kind, price::text AS price FROM price_extras';
// Text, so neither driver moves a time of day through a time zone.
const HOURS = `SELECT weekday::integer AS weekday, open, to_char(opens, 'HH24:MI') AS opens, to_char(closes, 'HH24:MI') AS closes FROM opening_hours`;

/**
 * The price rules (009_pricing.sql) and opening hours (008) as the back office edits them; the
 * quote (price-rules.ts) and availability (availability-repository.ts) read the same tables.
 * `lock` reads a row FOR UPDATE, so the audit's "from" is the value this change replaced.
 */
export function editableRulesRepository(db: Database) {
  const one = async <T>(sql: string, params: unknown[]): Promise<T | null> => (await db.query<T>(sql, params))[0] ?? null;
  const lock = (forUpdate: boolean) => (forUpdate ? ' FOR UPDATE' : '');
  return {
    items: () => db.query<ItemPriceRow>(`${ITEMS} ORDER BY s.sort, s.id, i.sort, i.id`),
    frequencies: () => db.query<FrequencyRow>(`${FREQUENCIES} ORDER BY position, code`),
    extras: () => db.query<ExtraRow>(`${EXTRAS} WHERE active ORDER BY position, id`),
    districts: async () => (await db.query<{ district: string }>('SELECT district FROM congestion_districts ORDER BY district')).map((row) => row.district),
    settings: () => one<{ congestion_charge: string; vat_percent: string }>('SELECT congestion_charge::text AS congestion_charge, vat_percent::text AS vat_percent FROM pricing_settings', []),
    openingHours: () => db.query<HoursRow>(`${HOURS} ORDER BY weekday`),

    item: (id: number, forUpdate = false) => one<ItemPriceRow>(`${ITEMS} WHERE i.id = $1${lock(forUpdate)}`, [id]),
    setItemPrice: (id: number, price: string) => db.query('UPDATE service_items SET price = $2 WHERE id = $1', [id, price]),
    frequency: (code: string, forUpdate = false) => one<FrequencyRow>(`${FREQUENCIES} WHERE code = $1${lock(forUpdate)}`, [code]),
    setDiscount: (code: string, percent: string) => db.query('UPDATE frequencies SET discount_percent = $2 WHERE code = $1', [code, percent]),
    extra: (id: number, forUpdate = false) => one<ExtraRow>(`${EXTRAS} WHERE id = $1 AND active${lock(forUpdate)}`, [id]),
    setExtraPrice: (id: number, price: string) => db.query('UPDATE price_extras SET price = $2 WHERE id = $1', [id, price]),
    lockedCharge: async () => (await one<{ charge: string }>('SELECT congestion_charge::text AS charge FROM pricing_settings FOR UPDATE', []))?.charge ?? '0',
    setCharge: (charge: string) => db.query('UPDATE pricing_settings SET congestion_charge = $1', [charge]),
    /** True when the district was not in the zone before. */
    addDistrict: async (district: string) =>
      (await db.query('INSERT INTO congestion_districts (district) VALUES ($1) ON CONFLICT DO NOTHING RETURNING district', [district])).length > 0,
    /** True when the district was in the zone. */
    removeDistrict: async (district: string) =>
      (await db.query('DELETE FROM congestion_districts WHERE district = $1 RETURNING district', [district])).length > 0,
    services: () => db.query<ServiceLengthRow>('SELECT id, name, base_minutes FROM services ORDER BY sort, id'),
    service: (id: number, forUpdate = false) => one<ServiceLengthRow>(`SELECT id, name, base_minutes FROM services WHERE id = $1${lock(forUpdate)}`, [id]),
    setServiceMinutes: (id: number, minutes: number) => db.query('UPDATE services SET base_minutes = $2 WHERE id = $1', [id, minutes]),
    setItemMinutes: (id: number, minutes: number) => db.query('UPDATE service_items SET duration_minutes = $2 WHERE id = $1', [id, minutes]),
    travel: (forUpdate = false) => one<TravelRow>(`SELECT travel_minutes, travel_minutes_other_area FROM pricing_settings${lock(forUpdate)}`, []),
    setTravel: (sameArea: number, otherArea: number) =>
      db.query('UPDATE pricing_settings SET travel_minutes = $1, travel_minutes_other_area = $2', [sameArea, otherArea]),
    hours: (weekday: number, forUpdate = false) => one<HoursRow>(`${HOURS} WHERE weekday = $1${lock(forUpdate)}`, [weekday]),
    setHours: (hours: HoursRow) =>
      db.query(
        `INSERT INTO opening_hours (weekday, open, opens, closes) VALUES ($1, $2, $3::time, $4::time)
         ON CONFLICT (weekday) DO UPDATE SET open = EXCLUDED.open, opens = EXCLUDED.opens, closes = EXCLUDED.closes`,
        [hours.weekday, hours.open, hours.opens, hours.closes],
      ),
  };
}
