import { sql, type Selectable } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { CongestionDistricts, Frequencies, PriceExtras, PricingSettings, ServiceItems, Services } from '../db/schema';
import type { PriceRules } from '../../domain/money/pricing';

type Item = Pick<Selectable<ServiceItems>, 'id' | 'name' | 'price' | 'discountable'>;
type Frequency = Pick<Selectable<Frequencies>, 'code' | 'name' | 'discount_percent'>;
/** `kind` is text in the table, checked to be 'extra' or 'option' (009). */
type Extra = Omit<Pick<Selectable<PriceExtras>, 'id' | 'name' | 'price' | 'kind' | 'discountable'>, 'kind'> & { kind: 'extra' | 'option' };
/** A json column: parsed by both drivers, text where one does not. */
type JsonOf<T> = T | string;

/**
 * Every rule of a service in one round trip (PGlite's single connection makes round trips the
 * cost): hand-tuned json_agg subqueries, each ordered inside its aggregate, so it stays SQL; its
 * rows are typed by the tables it reads.
 */
const rulesStatement = (serviceId: number) => sql<{
  service_name: Selectable<Services>['name'] | null;
  items: JsonOf<Item[]>;
  frequencies: JsonOf<Frequency[]>;
  extras: JsonOf<Extra[]>;
  districts: JsonOf<Array<Selectable<CongestionDistricts>['district']>>;
} & Pick<Selectable<PricingSettings>, 'vat_percent' | 'congestion_charge' | 'quote_hold_minutes'>>`
SELECT (SELECT name FROM services WHERE id = ${serviceId}) AS service_name,
       COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'price', price, 'discountable', discountable) ORDER BY sort, id)
                   FROM service_items WHERE service_id = ${serviceId}), '[]'::json) AS items,
       COALESCE((SELECT json_agg(json_build_object('code', code, 'name', name, 'discount_percent', discount_percent) ORDER BY position, code)
                   FROM frequencies), '[]'::json) AS frequencies,
       COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'price', price, 'kind', kind, 'discountable', discountable) ORDER BY position, id)
                   FROM price_extras WHERE active), '[]'::json) AS extras,
       COALESCE((SELECT json_agg(district ORDER BY district) FROM congestion_districts), '[]'::json) AS districts,
       p.vat_percent, p.congestion_charge, p.quote_hold_minutes
  FROM pricing_settings p`;

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export interface LoadedRules {
  rules: PriceRules;
  quoteHoldMinutes: number;
}

/** The price rules of one service as the pricing module reads them; null when there is no such service. */
export async function loadPriceRules(db: Database, serviceId: number): Promise<LoadedRules | null> {
  const [row] = (await rulesStatement(serviceId).execute(kysely(db))).rows;
  if (!row || row.service_name === null) return null;
  return {
    quoteHoldMinutes: Number(row.quote_hold_minutes),
    rules: {
      serviceId,
      serviceName: row.service_name,
      items: parsed(row.items).map((item) => ({ id: item.id, name: item.name, price: Number(item.price), discountable: item.discountable })),
      frequencies: parsed(row.frequencies).map((f) => ({ code: f.code, name: f.name, discountPercent: Number(f.discount_percent) })),
      extras: parsed(row.extras).map((extra) => ({ ...extra, price: Number(extra.price) })),
      congestionDistricts: new Set(parsed(row.districts)),
      congestionCharge: Number(row.congestion_charge),
      vatPercent: Number(row.vat_percent),
    },
  };
}

/** Which of these item ids name an item of any service. */
export async function existingItemIds(db: Database, ids: readonly number[]): Promise<number[]> {
  const found = await kysely(db)
    .selectFrom('service_items')
    .select('id')
    .where((eb) => eb('id', '=', eb.fn.any(sql<number[]>`${[...ids]}::integer[]`)))
    .execute();
  return found.map((row) => row.id);
}
