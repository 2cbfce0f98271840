import { sql } from 'kysely';
import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import { LEDGER_JSON_SQL, ledgerFromJson } from './ledger';
import type { LedgerLine } from '../../domain/money/ledger';
import { settingsVatPercent } from '../../domain/money/pricing';

/**
 * What pricing an order at a postcode needs (issue 36 row 4), in one statement and without a lock:
 * the order's ledger, whether the district is served and in the Congestion Charge zone, and today's
 * charge (pence) — the checkout's read (checkout.ts) asks the same, with its locks. Null when the
 * customer has no such order.
 */
export interface AddressPriceRead {
  ledger: LedgerLine[];
  served: boolean;
  congestion: { inZone: boolean; charge: number; vatPercent: number };
}

export async function readAddressPrice(db: Database, userId: number, orderId: number, district: string): Promise<AddressPriceRead | null> {
  const row = await kysely(db)
    .selectFrom('orders as o')
    .select((eb) => [
      sql.raw<string>(LEDGER_JSON_SQL('o.id')).as('ledger_json'),
      eb.exists(eb.selectFrom('service_districts').select(eb.lit(1).as('one')).where('district', '=', district)).as('served'),
      eb.exists(eb.selectFrom('congestion_districts').select(eb.lit(1).as('one')).where('district', '=', district)).as('in_zone'),
      eb.selectFrom('pricing_settings').select('congestion_charge').as('congestion_charge'),
      eb.selectFrom('pricing_settings').select('vat_percent').as('vat_percent'),
    ])
    .where('o.id', '=', orderId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return { ledger: ledgerFromJson(row.ledger_json), served: Boolean(row.served), congestion: { inZone: Boolean(row.in_zone), charge: Number(row.congestion_charge), vatPercent: settingsVatPercent(row.vat_percent) } };
}
