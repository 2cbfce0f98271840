import type { QuoteChoice } from '../../openapi/schema';
import type { Database } from '../db/database';
import { jsonb, kysely } from '../db/kysely';
import type { PriceRules } from '../../domain/money/pricing';
import type { OrderRow } from './orders';

/** A priced line of an order as price_lines keeps it (the names of its extras and options). */
type PricedLineName = { kind: string; name: string; quantity?: number };

/** The choices of a booked job as staff edit them (049_job_edits.sql, decision 055). */
export function jobEditRepository(db: Database) {
  const k = kysely(db);
  return {
    async items(orderId: number): Promise<QuoteChoice[]> {
      const rows = await k.selectFrom('order_items').select(['item_id', 'quantity']).where('order_id', '=', orderId).orderBy('item_id').execute();
      return rows.map((row) => ({ id: Number(row.item_id), quantity: Number(row.quantity) }));
    },

    /**
     * The extras and bigger rooms of the job: those of its last edit, else those its priced lines
     * name (the quote they came from is purged once it expires).
     */
    async extras(order: Pick<OrderRow, 'id'>): Promise<QuoteChoice[]> {
      const row = await k
        .selectFrom('orders')
        .select(['job_extras', 'price_lines'])
        .where('id', '=', order.id)
        // jsonb: what writeChoices and the checkout stored.
        .$narrowType<{ job_extras: QuoteChoice[] | string | null; price_lines: PricedLineName[] | string | null }>()
        .executeTakeFirst();
      const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
      if (row?.job_extras) return parse(row.job_extras);
      const lines = parse(row?.price_lines ?? []).filter((line) => line.kind === 'extra' || line.kind === 'option');
      if (lines.length === 0) return [];
      const known = await k
        .selectFrom('price_extras')
        .select(['id', 'name'])
        .where((eb) => eb('name', '=', eb.fn.any(eb.val(lines.map((line) => line.name)))))
        .orderBy('active', 'desc')
        .orderBy('id')
        .execute();
      return lines.flatMap((line) => {
        const extra = known.find((candidate) => candidate.name === line.name);
        return extra ? [{ id: Number(extra.id), quantity: line.quantity ?? 1 }] : [];
      });
    },

    /** The job's new items (names and prices copied, as at checkout) and extras; its length is then read from them again. */
    async writeChoices(orderId: number, rules: PriceRules, choices: { items: QuoteChoice[]; extras: QuoteChoice[] }): Promise<void> {
      await k.deleteFrom('order_items').where('order_id', '=', orderId).execute();
      for (const { id, quantity } of choices.items) {
        const item = rules.items.find((candidate) => candidate.id === id)!;
        await k
          .insertInto('order_items')
          .values({ order_id: orderId, item_id: id, name: item.name, unit_price: item.price, quantity, total_price: item.price * quantity })
          .execute();
      }
      await k.updateTable('orders').set({ job_extras: jsonb(choices.extras), duration_minutes: null }).where('id', '=', orderId).execute();
    },

    /**
     * The job's own length, set by staff (decision 084): the capacity rule, the board and the
     * cleaner's job read it (JOB_MINUTES_SQL). The version moves on, so an edit begun before is refused.
     */
    async setLength(orderId: number, minutes: number): Promise<void> {
      await k.updateTable('orders').set((eb) => ({ duration_minutes: minutes, version: eb('version', '+', 1) })).where('id', '=', orderId).execute();
    },

    /** The job's time; the version moves on, so an edit from before this one is refused and the calendar entry's SEQUENCE grows. */
    async setDue(orderId: number, dueAt: Date): Promise<void> {
      await k.updateTable('orders').set((eb) => ({ due_at: dueAt, version: eb('version', '+', 1) })).where('id', '=', orderId).execute();
    },
  };
}
