import type { QuoteChoice } from '../../openapi/schema';
import type { Database } from '../db/database';
import type { PriceRules } from '../../domain/money/pricing';
import type { OrderRow } from './orders';

/** The choices of a booked job as staff edit them (049_job_edits.sql, decision 055). */
export function jobEditRepository(db: Database) {
  return {
    async items(orderId: number): Promise<QuoteChoice[]> {
      const rows = await db.query<{ item_id: number; quantity: number }>('SELECT item_id, quantity FROM order_items WHERE order_id = $1 ORDER BY item_id', [orderId]);
      return rows.map((row) => ({ id: Number(row.item_id), quantity: Number(row.quantity) }));
    },

    /**
     * The extras and bigger rooms of the job: those of its last edit, else those its priced lines
     * name (the quote they came from is purged once it expires).
     */
    async extras(order: Pick<OrderRow, 'id'>): Promise<QuoteChoice[]> {
      const [row] = await db.query<{ job_extras: QuoteChoice[] | string | null; price_lines: Array<{ kind: string; name: string; quantity?: number }> | string | null }>(
        'SELECT job_extras, price_lines FROM orders WHERE id = $1', [order.id]);
      const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
      if (row?.job_extras) return parse(row.job_extras);
      const lines = parse(row?.price_lines ?? []).filter((line) => line.kind === 'extra' || line.kind === 'option');
      if (lines.length === 0) return [];
      const known = await db.query<{ id: number; name: string }>('SELECT id, name FROM price_extras WHERE name = ANY($1::text[]) ORDER BY active DESC, id', [lines.map((line) => line.name)]);
      return lines.flatMap((line) => {
        const extra = known.find((candidate) => candidate.name === line.name);
        return extra ? [{ id: Number(extra.id), quantity: line.quantity ?? 1 }] : [];
      });
    },

    /** The job's new items (names and prices copied, as at checkout) and extras; its length is then read from them again. */
    async writeChoices(orderId: number, rules: PriceRules, choices: { items: QuoteChoice[]; extras: QuoteChoice[] }): Promise<void> {
      await db.query('DELETE FROM order_items WHERE order_id = $1', [orderId]);
      for (const { id, quantity } of choices.items) {
        const item = rules.items.find((candidate) => candidate.id === id)!;
        await db.query(
          'INSERT INTO order_items (order_id, item_id, name, unit_price, quantity, total_price) VALUES ($1, $2, $3, $4, $5, $6)',
          [orderId, id, item.name, item.price, quantity, item.price * quantity],
        );
      }
      await db.query('UPDATE orders SET job_extras = $2::jsonb, duration_minutes = NULL WHERE id = $1', [orderId, JSON.stringify(choices.extras)]);
    },

    /**
     * The job's own length, set by staff (decision 084): the capacity rule, the board and the
     * cleaner's job read it (JOB_MINUTES_SQL). The version moves on, so an edit begun before is refused.
     */
    async setLength(orderId: number, minutes: number): Promise<void> {
      await db.query('UPDATE orders SET duration_minutes = $2, version = version + 1 WHERE id = $1', [orderId, minutes]);
    },

    /** The job's time; the version moves on, so an edit from before this one is refused and the calendar entry's SEQUENCE grows. */
    async setDue(orderId: number, dueAt: Date): Promise<void> {
      await db.query('UPDATE orders SET due_at = $2, version = version + 1 WHERE id = $1', [orderId, dueAt]);
    },
  };
}
