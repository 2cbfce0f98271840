import type { Database } from '../db/database';
import type { PriceRules } from '../../domain/money/pricing';

interface RulesRow {
  service_name: string | null;
  items: Array<{ id: number; name: string; price: number; discountable: boolean }> | string;
  frequencies: Array<{ code: string; name: string; discount_percent: string | number }> | string;
  extras: Array<{ id: number; name: string; price: number; kind: 'extra' | 'option'; discountable: boolean }> | string;
  districts: string[] | string;
  vat_percent: string | number;
  congestion_charge: number;
  quote_hold_minutes: number;
}

// One round trip (PGlite's single connection makes round trips the cost): every rule of a service.
const RULES_SQL = `
SELECT (SELECT name FROM services WHERE id = $1) AS service_name,
       COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'price', price, 'discountable', discountable) ORDER BY sort, id)
                   FROM service_items WHERE service_id = $1), '[]'::json) AS items,
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
  const [row] = await db.query<RulesRow>(RULES_SQL, [serviceId]);
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
  const found = await db.query<{ id: number }>('SELECT id FROM service_items WHERE id = ANY($1::integer[])', [ids]);
  return found.map((row) => Number(row.id));
}
