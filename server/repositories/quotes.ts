import type { InferResult } from 'kysely';
import { jsonb, kysely, type Db } from '../db/kysely';
import type { Database } from '../db/database';
import type { PricedLine, PriceChoices } from '../../domain/money/pricing';

/**
 * A stored quote (009_pricing.sql) and its service's name: the choices, the priced lines (pence)
 * and until when it holds. jsonb is JSON to the schema: `choices` and `lines` are what `insert` wrote.
 */
const quoteQuery = (k: Db) =>
  k
    .selectFrom('quotes as q')
    .innerJoin('services as s', 's.id', 'q.service_id')
    .select((eb) => [
      'q.id',
      'q.service_id',
      's.name as service_name',
      'q.frequency',
      'q.postcode',
      eb.ref('q.choices').$castTo<PriceChoices>().as('choices'),
      eb.ref('q.lines').$castTo<PricedLine[]>().as('lines'),
      'q.total',
      'q.vat',
      'q.created_at',
      'q.expires_at',
    ]);

export type QuoteRow = InferResult<ReturnType<typeof quoteQuery>>[number];

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
  const k = kysely(db);
  return {
    async insert(quote: NewQuote): Promise<void> {
      await k
        .insertInto('quotes')
        .values({
          id: quote.id,
          service_id: quote.serviceId,
          frequency: quote.choices.frequency,
          postcode: quote.choices.postcode,
          choices: jsonb(quote.choices),
          lines: jsonb(quote.lines),
          total: quote.total,
          vat: quote.vat,
          created_at: quote.createdAt,
          expires_at: quote.expiresAt,
        })
        .execute();
    },

    async find(id: string): Promise<QuoteRow | null> {
      const row = await quoteQuery(k).where('q.id', '=', id).executeTakeFirst();
      return row ? { ...row, choices: parsed(row.choices), lines: parsed(row.lines) } : null;
    },

    /** Deletes quotes that stopped holding their price before `now`; answers how many. */
    async deleteExpired(now: Date): Promise<number> {
      const rows = await k.deleteFrom('quotes').where('expires_at', '<', now).returning('id').execute();
      return rows.length;
    },
  };
}
