import type { Database } from '../db/database';
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
  const rows = await db.query<{ ledger_json: string; served: boolean; in_zone: boolean; congestion_charge: string | number; vat_percent: string | number | null }>(
    `SELECT ${LEDGER_JSON_SQL('o.id')} AS ledger_json,
            EXISTS (SELECT 1 FROM service_districts WHERE district = $3) AS served,
            EXISTS (SELECT 1 FROM congestion_districts WHERE district = $3) AS in_zone,
            (SELECT congestion_charge FROM pricing_settings) AS congestion_charge,
            (SELECT vat_percent FROM pricing_settings) AS vat_percent
       FROM orders o WHERE o.id = $2 AND o.user_id = $1`,
    [userId, orderId, district],
  );
  const row = rows[0];
  if (!row) return null;
  return { ledger: ledgerFromJson(row.ledger_json), served: Boolean(row.served), congestion: { inZone: Boolean(row.in_zone), charge: Number(row.congestion_charge), vatPercent: settingsVatPercent(row.vat_percent) } };
}
