import type { Database } from '../db/database';
import type { PricedLine, PriceChoices } from '../../domain/money/pricing';

/** A stored quote (009_pricing.sql): the choices, the priced lines, total and VAT (pence, 077) and until when it holds. */
export interface QuoteRow {
  id: string;
  service_id: number;
  service_name: string;
  frequency: string;
  postcode: string | null;
  choices: PriceChoices;
  lines: PricedLine[];
  total: number;
  vat: number;
  created_at: Date;
  expires_at: Date;
}

export interface NewQuote {
  id: string;
  serviceId: number;
  choices: PriceChoices;
  lines: PricedLine[];
  total: number;
  vat: number;
  createdAt: Date;
  expiresAt: Date;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function quoteRepository(db: Database) {
  return {
    async insert(quote: NewQuote): Promise<void> {
      await db.query(
        `INSERT INTO quotes (id, service_id, frequency, postcode, choices, lines, total, vat, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10)`,
        [quote.id, quote.serviceId, quote.choices.frequency, quote.choices.postcode, JSON.stringify(quote.choices),
          JSON.stringify(quote.lines), quote.total, quote.vat, quote.createdAt, quote.expiresAt],
      );
    },

    async find(id: string): Promise<QuoteRow | null> {
      const [row] = await db.query<QuoteRow>(
        `SELECT q.*, s.name AS service_name FROM quotes q JOIN services s ON s.id = q.service_id WHERE q.id = $1`,
        [id],
      );
      return row ? { ...row, choices: parsed(row.choices), lines: parsed(row.lines) } : null;
    },

    /** Deletes quotes that stopped holding their price before `now`; answers how many. */
    async deleteExpired(now: Date): Promise<number> {
      const rows = await db.query('DELETE FROM quotes WHERE expires_at < $1 RETURNING 1', [now]);
      return rows.length;
    },
  };
}
